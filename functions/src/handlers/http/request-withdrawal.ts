import { WithdrawalRequestInputSchema } from "@jengafund/shared";
import { withdrawals } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentUser, presentWithdrawal } from "../../lib/presenters.js";

export const handler = httpHandler(
  "request-withdrawal",
  { body: WithdrawalRequestInputSchema },
  async ({ body, caller, event }) => {
    const { withdrawal, user } = await withdrawals().request({
      user: caller,
      amountKes: body.amount,
      phoneNumber: body.phoneNumber,
      requestId: event.requestContext.requestId,
    });
    return { statusCode: 201, body: { withdrawal: presentWithdrawal(withdrawal), user: presentUser(user) } };
  },
);
