import { ADJUSTMENT_MESSAGES, BalanceAdjustmentInputSchema, UserIdPathSchema } from "@jengafund/shared";
import { doneOrPending } from "../../http/admin-request.js";
import { httpHandler } from "../../http/middleware.js";
import { presentTransaction, presentUser } from "../../http/presenters.js";
import { summaryOf } from "../../kernel/records.js";
import type { AppliedAdjustment, PendingAdjustment } from "../../modules/admin-controls/index.js";
import { adjustments, presentAdjustment } from "../../modules/admin-controls/index.js";

const presentApplied = ({ user, line }: AppliedAdjustment) => ({
  user: presentUser(user),
  transaction: presentTransaction({ ...line, user: summaryOf(user) }),
});

const presentPending = ({ adjustment }: PendingAdjustment) => ({
  message: ADJUSTMENT_MESSAGES.sentForApproval,
  adjustment: presentAdjustment(adjustment, new Date()),
});

/** 200 when the money moved within the solo limits; 202 when it waits for a second admin (design.md §12.1). */
export const handler = httpHandler(
  "adjust-user-balance",
  { path: UserIdPathSchema, body: BalanceAdjustmentInputSchema, load: ({ path }) => ({ subjectUserId: path.id }) },
  async (request) => {
    const { input, answer } = doneOrPending(request, { done: presentApplied, pending: presentPending });
    return answer(await adjustments().adjust({ subject: request.loaded.subject, adjustment: request.body, ...input }));
  },
);
