import { centsToKes, type User } from "@jengafund/shared";
import type { UserRecord } from "../repositories/ports.js";

/** The API's user: KES numbers, `_id`, and never the password hash or token version. */
export function presentUser(user: UserRecord): User {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role: user.role,
    isTrialAccount: user.isTrialAccount,
    trialBalance: centsToKes(user.trialBalanceCents),
    walletBalance: centsToKes(user.walletBalanceCents),
    totalReferralEarnings: centsToKes(user.totalReferralEarningsCents),
    referralCode: user.referralCode,
    isActive: user.isActive,
    createdAt: user.createdAt,
  };
}
