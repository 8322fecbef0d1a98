import { PACKAGE_CHANGE_MESSAGES, PackageInputSchema, ResourceIdPathSchema } from "@jengafund/shared";
import { doneOrPending } from "../../http/admin-request.js";
import { httpHandler } from "../../http/middleware.js";
import { presentPackage } from "../../http/presenters.js";
import {
  type AppliedPackageUpdate,
  type PendingPackageChange,
  packageChanges,
  presentPackageChange,
} from "../../modules/package-terms/index.js";

const presentApplied = (applied: AppliedPackageUpdate) => ({ package: presentPackage(applied.package) });

const presentPending = ({ change }: PendingPackageChange) => ({
  message: PACKAGE_CHANGE_MESSAGES.sentForApproval,
  change: presentPackageChange(change, new Date()),
});

/** 200 when only the package's words changed; 202 when a money term waits for a second admin (design.md §13.1). */
export const handler = httpHandler(
  "update-package",
  { path: ResourceIdPathSchema, body: PackageInputSchema, load: ({ path }) => ({ packageId: path.id }) },
  async (request) => {
    const { input, answer } = doneOrPending(request, { done: presentApplied, pending: presentPending });
    return answer(await packageChanges().update({ pkg: request.loaded.package, fields: request.body, ...input }));
  },
);
