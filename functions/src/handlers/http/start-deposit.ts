import { centsToKes, DepositInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentTransaction } from "../../http/presenters.js";
import { type DepositRecord, type LedgerLine, summaryOf, type UserRecord } from "../../kernel/records.js";
import { DEPOSIT_MESSAGES, deposits } from "../../modules/money-in/index.js";

const presentFor =
  (caller: UserRecord) =>
  ({ deposit, line }: { deposit: DepositRecord; line: LedgerLine }) => ({
    message: DEPOSIT_MESSAGES.promptSent,
    checkoutRequestId: deposit.checkoutRequestId,
    amount: centsToKes(deposit.amountCents),
    transaction: presentTransaction({ ...line, user: summaryOf(caller) }),
  });

export const handler = httpHandler(
  "start-deposit",
  { body: DepositInputSchema },
  async ({ body, caller, idempotency }) => {
    const present = presentFor(caller);
    const started = await deposits().start({
      user: caller,
      amountKes: body.amount,
      phoneNumber: body.phoneNumber,
      keep: idempotency?.answer(202, present),
    });
    return { statusCode: 202, body: present(started) };
  },
);
