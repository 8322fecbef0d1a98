/**
 * Four eyes on admin money (design.md §12.1): money an admin moves must never be money only that admin vouches for.
 * The rules live here, apart from the admin service that applies them, so each is stated once.
 */
import { centsToKes, FOUR_EYES_MESSAGES, formatKes, nairobiWallClock } from "@jengafund/shared";
import { InProgressError, NotPermittedError } from "../../kernel/errors.js";
import type { AdminCredit, BalanceAdjusterRepository } from "./four-eyes-port.js";

/** What something waiting for a second admin reads as now: a pending one past its deadline has expired. */
export function pendingReadsAs<S extends string>(record: { status: S | "expired"; expiresAt: string }, now: Date) {
  return record.status === "pending" && now.toISOString() >= record.expiresAt ? "expired" : record.status;
}

/** How far back an admin's hand on a balance counts against their approving that account's payout. */
export const ADJUSTER_APPROVAL_BAR_DAYS = 30;

/** Where that window starts, seen from `now`. */
export const approvalBarSince = (now: Date) => new Date(now.getTime() - ADJUSTER_APPROVAL_BAR_DAYS * 24 * 3600 * 1000);

/** No admin adjusts their own wallet: a credit to oneself is money created on one person's word. */
export function refuseOwnBalance(adminId: string, subjectId: string): void {
  if (adminId === subjectId) throw new NotPermittedError(FOUR_EYES_MESSAGES.ownBalance);
}

/** No admin decides their own withdrawal: approving it pays oneself, failing it refunds oneself. */
export function refuseOwnWithdrawal(adminId: string, withdrawalUserId: string): void {
  if (adminId === withdrawalUserId) throw new NotPermittedError(FOUR_EYES_MESSAGES.ownWithdrawal);
}

/** Whether an admin may approve a payout, and if not, why (the Process dialog says it before the click). */
export type PayoutApproval =
  | { mayApprove: true }
  | {
      mayApprove: false;
      /** What the admin is told up front: the refusal and its cause. */
      reason: string;
      /** The 403's message, should they try anyway. */
      message: string;
    };

/** What the payout approval rule weighs of an account: read for one decision, or once for a page of withdrawals. */
export interface PayoutApprovalFacts {
  /** The credits to its wallet by an admin's hand since approvalBarSince, with the hands on each. */
  credits: readonly AdminCredit[];
  /** Its wallet as it is now (a pending withdrawal's amount is already held out of it). */
  walletBalanceCents: number;
  /** The admins who made or approved a change of the terms of a package it bought since then. */
  packageHands: readonly string[];
}

const OWN_WITHDRAWAL: PayoutApproval = {
  mayApprove: false,
  reason: FOUR_EYES_MESSAGES.ownWithdrawal,
  message: FOUR_EYES_MESSAGES.ownWithdrawal,
};

/**
 * Who may approve a payout (design.md §12.1, §13.6). Never its owner. An admin whose hand put money into the account
 * in the last 30 days (a credit alone, one they asked for or approved, an unmatched payment they credited) may approve
 * it only while the balance left after it still covers all of that money (exactly covering it is enough): a credit
 * and its payout both on one person's word would be money leaving on one person's word, while a payout of the
 * owner's own money is not. While pending, a withdrawal's amount is already held out of the wallet, so the balance
 * left after it is the wallet as it is now. Nor may an admin who made or approved a change of the terms of a package
 * the account bought in that time (design.md §13.1): the rewards it paid were set by that admin's hand. Rejecting
 * stays open to them all (it returns the money to the wallet). The rule alone, from what was read of the account.
 */
export function payoutApprovalFrom(
  adminId: string,
  withdrawal: { userId: string },
  facts: PayoutApprovalFacts,
): PayoutApproval {
  if (adminId === withdrawal.userId) return OWN_WITHDRAWAL;
  const leftCents = facts.walletBalanceCents;
  const creditedCents = facts.credits
    .filter((credit) => credit.hands.includes(adminId))
    .reduce((sum, credit) => sum + credit.cents, 0);
  if (creditedCents > leftCents) {
    const kes = (cents: number) => formatKes(centsToKes(cents));
    return {
      mayApprove: false,
      reason: FOUR_EYES_MESSAGES.creditNotCovered(kes(creditedCents), kes(Math.max(leftCents, 0))),
      message: FOUR_EYES_MESSAGES.recentAdjuster,
    };
  }
  if (facts.packageHands.includes(adminId)) {
    return {
      mayApprove: false,
      reason: FOUR_EYES_MESSAGES.packageTermsHand,
      message: FOUR_EYES_MESSAGES.recentAdjuster,
    };
  }
  return { mayApprove: true };
}

/** The rule of payoutApprovalFrom, for one withdrawal, with the account read for it (nothing for one's own). */
export async function payoutApprovalOf(
  adjusters: BalanceAdjusterRepository,
  adminId: string,
  withdrawal: { userId: string },
  now: Date,
): Promise<PayoutApproval> {
  if (adminId === withdrawal.userId) return OWN_WITHDRAWAL;
  const since = approvalBarSince(now);
  const [credits, walletBalanceCents, packageHands] = await Promise.all([
    adjusters.adminCreditsSince(withdrawal.userId, since),
    adjusters.walletBalanceCents(withdrawal.userId),
    adjusters.packageHandsSince(withdrawal.userId, since),
  ]);
  return payoutApprovalFrom(adminId, withdrawal, { credits, walletBalanceCents, packageHands });
}

/** An approval `payoutApprovalOf` refuses is a 403 with its message; nothing is written. */
export async function refusePayoutApproval(
  adjusters: BalanceAdjusterRepository,
  adminId: string,
  withdrawal: { userId: string },
  now: Date,
): Promise<void> {
  const approval = await payoutApprovalOf(adjusters, adminId, withdrawal, now);
  if (!approval.mayApprove) throw new NotPermittedError(approval.message);
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
