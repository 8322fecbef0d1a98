/**
 * Four eyes on admin money (design.md §12.1): money an admin moves must never be money only that admin vouches for.
 * The rules live here, apart from the admin service that applies them, so each is stated once.
 */
import { FOUR_EYES_MESSAGES } from "@jengafund/shared";
import { NotPermittedError } from "../lib/errors.js";
import type { BalanceAdjusterRepository } from "../repositories/four-eyes-port.js";

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
 * payout both on one person's word is money leaving on one person's word. Rejecting stays open to them (it returns
 * the money to the wallet).
 */
export async function refuseRecentAdjuster(
  adjusters: BalanceAdjusterRepository,
  adminId: string,
  withdrawalUserId: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - ADJUSTER_APPROVAL_BAR_DAYS * 24 * 3600 * 1000);
  if ((await adjusters.adjustersSince(withdrawalUserId, since)).includes(adminId)) {
    throw new NotPermittedError(FOUR_EYES_MESSAGES.recentAdjuster);
  }
}
