import { BalanceAdjustmentInputSchema, UserIdPathSchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentTransaction, presentUser } from "../../lib/presenters.js";
import { type LedgerLine, summaryOf, type UserRecord } from "../../repositories/ports.js";

const present = ({ user, line }: { user: UserRecord; line: LedgerLine }) => ({
  user: presentUser(user),
  transaction: presentTransaction({ ...line, user: summaryOf(user) }),
});

export const handler = httpHandler(
  "adjust-user-balance",
  { path: UserIdPathSchema, body: BalanceAdjustmentInputSchema, load: ({ path }) => ({ subjectUserId: path.id }) },
  async ({ body, loaded, event, idempotency, caller, sourceIp }) => {
    const adjusted = await admin().adjustBalance({
      subject: loaded.subject,
      actor: { user: caller, ip: sourceIp },
      adjustment: body,
      requestId: event.requestContext.requestId,
      keep: idempotency?.answer(200, present),
    });
    return { body: present(adjusted) };
  },
);
