import { HELD_WITHDRAWAL_LABELS, type HeldWithdrawalStage, type Transaction, type Withdrawal } from "@jengafund/shared";
import { formatKes } from "../../../lib/format";

/** A withdrawal request not paid yet: awaiting an admin's approval, or approved and awaiting M-Pesa's payout. */
export function heldStageOf(status: Withdrawal["status"]): HeldWithdrawalStage | undefined {
  if (status === "pending") return "approval";
  if (status === "approved") return "payout";
  return undefined;
}

/** A ledger line that holds its amount: a withdrawal's, still pending (out of the balance, not paid yet). */
export function isHeldWithdrawal(transaction: Pick<Transaction, "type" | "status">): boolean {
  return transaction.type === "withdrawal" && transaction.status === "pending";
}

/**
 * The stage of each held withdrawal by its reference (a withdrawal's ledger line carries the request's reference), so
 * the Transactions tab can say what a held line waits for.
 */
export function heldStagesByReference(withdrawals: readonly Withdrawal[]): ReadonlyMap<string, HeldWithdrawalStage> {
  const stages = new Map<string, HeldWithdrawalStage>();
  for (const withdrawal of withdrawals) {
    const stage = heldStageOf(withdrawal.status);
    if (stage) stages.set(withdrawal.transactionReference, stage);
  }
  return stages;
}

/**
 * What a held withdrawal's row says: the stage's label (the statement's words) and where the money is. Without a
 * stage (the requests not read yet, or not read at all) it says only what is true of both.
 */
export function heldNote(amountKes: number, stage: HeldWithdrawalStage | undefined): { label?: string; text: string } {
  const amount = formatKes(amountKes);
  if (stage === "approval") {
    return {
      label: HELD_WITHDRAWAL_LABELS.approval,
      text: `${amount} is held from your balance until an admin approves it, and comes back if it is refused.`,
    };
  }
  if (stage === "payout") {
    return {
      label: HELD_WITHDRAWAL_LABELS.payout,
      text: `${amount} is held from your balance until M-Pesa pays it, and comes back if it cannot be paid.`,
    };
  }
  return { text: `${amount} is held from your balance until it is paid out, and comes back if it is not.` };
}
