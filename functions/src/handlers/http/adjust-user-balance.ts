import { BalanceAdjustmentInputSchema, UserIdPathSchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentTransaction, presentUser } from "../../lib/presenters.js";
import { summaryOf } from "../../repositories/ports.js";

export const handler = httpHandler(
  "adjust-user-balance",
  { path: UserIdPathSchema, body: BalanceAdjustmentInputSchema, load: ({ path }) => ({ subjectUserId: path.id }) },
  async ({ body, loaded, event }) => {
    const { user, line } = await admin().adjustBalance({
      subject: loaded.subject,
      adjustment: body,
      requestId: event.requestContext.requestId,
    });
    return { body: { user: presentUser(user), transaction: presentTransaction({ ...line, user: summaryOf(user) }) } };
  },
);
