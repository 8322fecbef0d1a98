import { PACKAGE_CHANGE_MESSAGES, PackageInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { type PendingPackageChange, packageChanges, presentPackageChange } from "../../modules/package-terms/index.js";

const present = ({ change }: PendingPackageChange) => ({
  message: PACKAGE_CHANGE_MESSAGES.sentForApproval,
  change: presentPackageChange(change, new Date()),
});

/** A new package waits for a second admin (design.md §13.1): 202, and investors see nothing of it until approved. */
export const handler = httpHandler(
  "create-package",
  { body: PackageInputSchema },
  async ({ body, idempotency, caller, sourceIp, event }) => ({
    statusCode: 202,
    body: present(
      await packageChanges().create({
        fields: body,
        actor: { user: caller, ip: sourceIp },
        requestId: event.requestContext.requestId,
        ...(idempotency ? { keep: idempotency.answer(202, present) } : {}),
      }),
    ),
  }),
);
