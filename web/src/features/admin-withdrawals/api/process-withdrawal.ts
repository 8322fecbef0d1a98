import type { Withdrawal } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export type WithdrawalDecision = "approved" | "rejected";

/** Approves (starting the M-Pesa payout) or rejects (refunding the wallet) a pending withdrawal. */
export async function processWithdrawal(
  withdrawalId: string,
  decision: { status: WithdrawalDecision; reason: string },
): Promise<Withdrawal> {
  const { withdrawal } = await apiRequest<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${withdrawalId}`, {
    body: decision,
  });
  return withdrawal;
}
