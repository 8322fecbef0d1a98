import { PACKAGE_CHANGE_MESSAGES, PackageInputSchema, ResourceIdPathSchema } from "@jengafund/shared";
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
  async ({ body, loaded, caller, sourceIp, event, idempotency }) => {
    const result = await packageChanges().update({
      pkg: loaded.package,
      fields: body,
      actor: { user: caller, ip: sourceIp },
      requestId: event.requestContext.requestId,
      ...(idempotency
        ? {
            keep: {
              applied: idempotency.answer(200, presentApplied),
              pending: idempotency.answer(202, presentPending),
            },
          }
        : {}),
    });
    return result.outcome === "applied"
      ? { body: presentApplied(result) }
      : { statusCode: 202 as const, body: presentPending(result) };
  },
);
