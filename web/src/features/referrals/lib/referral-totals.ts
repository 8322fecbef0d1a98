import { centsToKes, kesToCents, type Referral } from "@jengafund/shared";

export interface ReferralTotals {
  total: number;
  paid: number;
  pending: number;
  /** KES: the rewards of the paid referrals, which is what the server adds to the referrer's earnings. */
  earnings: number;
}

/**
 * The Referrals tab's four totals, all from one GET /referrals answer: the bonus is paid, the referral marked paid
 * and the referrer's earnings raised in one transaction, so the sum of the paid rewards is the earnings, and figures
 * taken from one answer can never say "Paid 1" beside "Earnings KES 0.00" (design.md §12.7).
 */
export function referralTotals(referrals: readonly Referral[]): ReferralTotals {
  const paid = referrals.filter((referral) => referral.rewardPaid);
  const earningsCents = paid.reduce((sum, referral) => sum + kesToCents(referral.reward), 0);
  return {
    total: referrals.length,
    paid: paid.length,
    pending: referrals.length - paid.length,
    earnings: centsToKes(earningsCents),
  };
}
