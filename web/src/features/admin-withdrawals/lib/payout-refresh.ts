import type { Withdrawal } from "@jengafund/shared";
import { isAwaitingPayout } from "./withdrawal-labels";

/** While a payout approved moments ago waits for M-Pesa's result, which usually comes within seconds. */
export const SETTLING_REFRESH_MS = 3_000;
/** While only payouts approved longer ago wait: M-Pesa has a day to answer, and an open tab need not ask often. */
export const WAITING_REFRESH_MS = 30_000;
/** How long after its approval a payout counts as one whose result is about to come. */
export const SETTLING_FOR_MS = 2 * 60_000;

/**
 * How soon the admin's list of withdrawals is read again (design.md §12.7): only while it shows a payout that was
 * approved and has no result yet, so "Approved" turns into its outcome without a reload; never while none does.
 */
export function payoutRefreshInterval(withdrawals: readonly Withdrawal[] | undefined, now: number): number | false {
  const awaiting = (withdrawals ?? []).filter(isAwaitingPayout);
  if (awaiting.length === 0) return false;
  const settling = awaiting.some(
    (withdrawal) => !withdrawal.processedAt || now - Date.parse(withdrawal.processedAt) < SETTLING_FOR_MS,
  );
  return settling ? SETTLING_REFRESH_MS : WAITING_REFRESH_MS;
}

/** The ids of the payouts the list shows waiting for M-Pesa; one that leaves it has settled. */
export function awaitingPayoutIds(withdrawals: readonly Withdrawal[] | undefined): Set<string> {
  return new Set((withdrawals ?? []).filter(isAwaitingPayout).map((withdrawal) => withdrawal._id));
}
