import { PackageChangesQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { packageChanges, presentPackageChange } from "../../modules/package-terms/index.js";

/** New packages and changes of money terms, newest first, by status (design.md §13.1). */
export const handler = httpHandler("list-package-changes", { query: PackageChangesQuerySchema }, async ({ query }) => {
  const now = new Date();
  const changes = await packageChanges().list(query.status);
  return { body: { changes: changes.map((change) => presentPackageChange(change, now)) } };
});
