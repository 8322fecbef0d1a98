import type { User, Withdrawal, WithdrawalRequestInput } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";
import { keyedAction } from "../../../lib/keyed-action";

export interface WithdrawalResult {
  withdrawal: Withdrawal;
  /** The requester with the amount already held out of the wallet. */
  user: User;
}

export const requestWithdrawal = keyedAction((idempotencyKey, input: WithdrawalRequestInput) =>
  apiRequest<WithdrawalResult>("POST", "/withdrawals", { body: input, idempotencyKey }),
);
