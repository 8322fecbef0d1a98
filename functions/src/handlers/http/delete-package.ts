import { ResourceIdPathSchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";

export const handler = httpHandler("delete-package", { path: ResourceIdPathSchema }, async ({ path }) => {
  await admin().deletePackage(path.id);
  return { body: { message: "Package deleted successfully" } };
});
