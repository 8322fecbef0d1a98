import type { Withdrawal } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

export type WithdrawalDecision = "approved" | "rejected";

/**
 * Approves (starting the M-Pesa payout) or rejects (refunding the wallet) a pending withdrawal, or marks an approved
 * payout that M-Pesa did not pay as failed (refunding the wallet).
 */
export const processWithdrawal = keyedAction(
  async (
    idempotencyKey,
    withdrawalId: string,
    decision: { status: WithdrawalDecision | "failed"; reason: string },
  ): Promise<Withdrawal> => {
    const { withdrawal } = await apiCall("process-withdrawal", {
      path: { id: withdrawalId },
      body: decision,
      idempotencyKey,
    });
    return withdrawal;
  },
);
