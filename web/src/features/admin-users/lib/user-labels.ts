import type { User } from "@jengafund/shared";

/** Spec §1 shows the admin role as Administrator. */
export function roleLabel(user: User): string {
  return user.role === "admin" ? "Administrator" : "Investor";
}

export function fullName(user: Pick<User, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`;
}

/** The balance the user spends: trial money for a trial account, real money otherwise (spec §2). */
export function spendableBalance(user: User): number {
  return user.isTrialAccount ? user.trialBalance : user.walletBalance;
}
