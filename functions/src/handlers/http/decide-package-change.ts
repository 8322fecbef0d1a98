import { DecidePackageChangeInputSchema, PACKAGE_CHANGE_MESSAGES, ResourceIdPathSchema } from "@jengafund/shared";
import { adminRequest } from "../../http/admin-request.js";
import { httpHandler } from "../../http/middleware.js";
import { presentPackage } from "../../http/presenters.js";
import { type DecidedPackageChange, packageChanges, presentPackageChange } from "../../modules/package-terms/index.js";

const present = ({ change, package: pkg }: DecidedPackageChange) => ({
  message: change.status === "approved" ? PACKAGE_CHANGE_MESSAGES.approved : PACKAGE_CHANGE_MESSAGES.rejected,
  change: presentPackageChange(change, new Date()),
  package: pkg ? presentPackage(pkg) : null,
});

/** A second admin approves (the package changes) or rejects (nothing changes) a package change. */
export const handler = httpHandler(
  "decide-package-change",
  { path: ResourceIdPathSchema, body: DecidePackageChangeInputSchema },
  async (request) => ({
    body: present(
      await packageChanges().decide({ id: request.path.id, decision: request.body, ...adminRequest(request, present) }),
    ),
  }),
);
