import { WithdrawalRequestInputSchema } from "@jengafund/shared";
import { withdrawals } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentUser, presentWithdrawal } from "../../lib/presenters.js";
import type { UserRecord, WithdrawalRecord } from "../../repositories/ports.js";

const present = ({ withdrawal, user }: { withdrawal: WithdrawalRecord; user: UserRecord }) => ({
  withdrawal: presentWithdrawal(withdrawal),
  user: presentUser(user),
});

export const handler = httpHandler(
  "request-withdrawal",
  { body: WithdrawalRequestInputSchema },
  async ({ body, caller, event, idempotency }) => {
    const held = await withdrawals().request({
      user: caller,
      amountKes: body.amount,
      phoneNumber: body.phoneNumber,
      requestId: event.requestContext.requestId,
      keep: idempotency?.answer(201, present),
    });
    return { statusCode: 201, body: present(held) };
  },
);
