import type { User } from "@jengafund/shared";

export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: "01JTESTUSER0000000000000000",
    firstName: "Amina",
    lastName: "Wanjiru",
    email: "amina@example.com",
    phoneNumber: "254712345678",
    role: "investor",
    isTrialAccount: true,
    trialBalance: 1000,
    walletBalance: 0,
    totalReferralEarnings: 0,
    referralCode: "AMINA123",
    isActive: true,
    twoFactorEnabled: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}
