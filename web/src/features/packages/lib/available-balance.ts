import type { User } from "@jengafund/shared";

/** Trial accounts spend trial money only and active accounts real money only (design §5). */
export function availableBalance(user: User): number {
  return user.isTrialAccount ? user.trialBalance : user.walletBalance;
}
