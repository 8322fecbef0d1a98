import { WithdrawalRequestInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentUser, presentWithdrawal } from "../../http/presenters.js";
import type { UserRecord, WithdrawalRecord } from "../../kernel/records.js";
import { withdrawals } from "../../modules/money-out/index.js";

const present = ({ withdrawal, user }: { withdrawal: WithdrawalRecord; user: UserRecord }) => ({
  withdrawal: presentWithdrawal(withdrawal),
  user: presentUser(user),
});

export const handler = httpHandler(
  "request-withdrawal",
  // The payout number's proof (a completed STK deposit from it) is read with the caller, in the same round trip.
  { body: WithdrawalRequestInputSchema, load: ({ body }) => ({ payoutNumber: body.phoneNumber }) },
  async ({ body, caller, loaded, event, idempotency, sourceIp }) => {
    const held = await withdrawals().request({
      user: caller,
      amountKes: body.amount,
      phoneNumber: body.phoneNumber,
      payoutNumber: loaded.payoutNumber,
      requestId: event.requestContext.requestId,
      sourceIp,
      keep: idempotency?.answer(201, present),
    });
    return { statusCode: 201, body: present(held) };
  },
);
