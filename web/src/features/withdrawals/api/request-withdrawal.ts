import type { User, Withdrawal, WithdrawalRequestInput } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export interface WithdrawalResult {
  withdrawal: Withdrawal;
  /** The requester with the amount already held out of the wallet. */
  user: User;
}

export function requestWithdrawal(input: WithdrawalRequestInput): Promise<WithdrawalResult> {
  return apiRequest<WithdrawalResult>("POST", "/withdrawals", { body: input });
}
