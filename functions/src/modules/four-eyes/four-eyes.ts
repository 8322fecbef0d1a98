/**
 * Four eyes on admin money (design.md §12.1): money an admin moves must never be money only that admin vouches for.
 * The rules live here, apart from the admin service that applies them, so each is stated once.
 */
import { FOUR_EYES_MESSAGES, nairobiWallClock } from "@jengafund/shared";
import { InProgressError, NotPermittedError } from "../../kernel/errors.js";
import type { BalanceAdjusterRepository } from "./four-eyes-port.js";

/** What something waiting for a second admin reads as now: a pending one past its deadline has expired. */
export function pendingReadsAs<S extends string>(record: { status: S | "expired"; expiresAt: string }, now: Date) {
  return record.status === "pending" && now.toISOString() >= record.expiresAt ? "expired" : record.status;
}

/** How far back an admin's hand on a balance bars them from approving that account's payout. */
export const ADJUSTER_APPROVAL_BAR_DAYS = 30;

/** No admin adjusts their own wallet: a credit to oneself is money created on one person's word. */
export function refuseOwnBalance(adminId: string, subjectId: string): void {
  if (adminId === subjectId) throw new NotPermittedError(FOUR_EYES_MESSAGES.ownBalance);
}

/** No admin decides their own withdrawal: approving it pays oneself, failing it refunds oneself. */
export function refuseOwnWithdrawal(adminId: string, withdrawalUserId: string): void {
  if (adminId === withdrawalUserId) throw new NotPermittedError(FOUR_EYES_MESSAGES.ownWithdrawal);
}

/**
 * An admin who adjusted the account's balance in the last 30 days may not approve its payout: a credit and its
 * payout both on one person's word is money leaving on one person's word. Nor may an admin who made or approved a
 * change of the terms of a package the account bought in that time (design.md §13.1): the rewards it paid were set
 * by that admin's hand. Rejecting stays open to them (it returns
 * the money to the wallet).
 */
export async function refuseRecentAdjuster(
  adjusters: BalanceAdjusterRepository,
  adminId: string,
  withdrawalUserId: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - ADJUSTER_APPROVAL_BAR_DAYS * 24 * 3600 * 1000);
  const [adjusted, packageHands] = await Promise.all([
    adjusters.adjustersSince(withdrawalUserId, since),
    adjusters.packageHandsSince(withdrawalUserId, since),
  ]);
  if (adjusted.includes(adminId) || packageHands.includes(adminId)) {
    throw new NotPermittedError(FOUR_EYES_MESSAGES.recentAdjuster);
  }
}

/** How long an approved payout waits for M-Pesa's word before an admin may call it failed on their own. */
export const PAYOUT_FAILURE_AFTER_HOURS = 24;

/**
 * "Mark payout as failed" refunds on an admin's word, and a payout M-Pesa pays after that refund is paid twice. So it
 * is open only once M-Pesa has had its time: 24 hours after the payout was (last) sent with no result. A failure M-Pesa does report
 * (the result, or the Transaction Status answer reconciliation asks for) refunds the payout by itself. 409 otherwise,
 * saying from when.
 */
export function refuseUnprovenPayoutFailure(sentAt: string | undefined, now: Date): void {
  // An approved payout always has its approval time; without one there is nothing to wait for.
  const from = new Date(Date.parse(sentAt ?? now.toISOString()) + PAYOUT_FAILURE_AFTER_HOURS * 3_600_000);
  if (now < from) {
    throw new InProgressError(
      FOUR_EYES_MESSAGES.payoutFailureUnproven(nairobiWallClock(from).slice(0, 16).replace("T", " ")),
    );
  }
}
