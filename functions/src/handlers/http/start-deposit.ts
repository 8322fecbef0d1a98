import { centsToKes, DepositInputSchema } from "@jengafund/shared";
import { deposits } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentTransaction } from "../../lib/presenters.js";
import { summaryOf } from "../../repositories/ports.js";
import { DEPOSIT_MESSAGES } from "../../services/deposits.js";

export const handler = httpHandler("start-deposit", { body: DepositInputSchema }, async ({ body, caller }) => {
  const { deposit, line } = await deposits().start({
    user: caller,
    amountKes: body.amount,
    phoneNumber: body.phoneNumber,
  });
  return {
    statusCode: 202,
    body: {
      message: DEPOSIT_MESSAGES.promptSent,
      checkoutRequestId: deposit.checkoutRequestId,
      amount: centsToKes(deposit.amountCents),
      transaction: presentTransaction({ ...line, user: summaryOf(caller) }),
    },
  };
});
