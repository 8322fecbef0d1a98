import { type BalanceAdjustment, resolveNotificationPreferences, type User, type Withdrawal } from "@jengafund/shared";

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
    notifications: resolveNotificationPreferences(),
    kyc: { status: "none" },
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** A credit above the solo limits that another admin asked for, waiting for a second admin (design.md §12.1). */
export function anAdjustment(overrides: Partial<BalanceAdjustment> = {}): BalanceAdjustment {
  return {
    _id: "01JTESTADJUSTMENT000000001",
    user: { _id: "01JTESTUSER0000000000000000", firstName: "Amina", lastName: "Wanjiru", email: "amina@example.com" },
    type: "credit",
    amount: 25000,
    reason: "M-Pesa reversal refund",
    status: "pending",
    requestedBy: {
      _id: "01JTESTADMIN00000000000002",
      firstName: "Grace",
      lastName: "Mwangi",
      email: "grace@jengafund.local",
    },
    createdAt: "2026-01-05T11:05:00.000Z",
    expiresAt: "2026-01-08T11:05:00.000Z",
    ...overrides,
  };
}

/** A withdrawal request as the admin list shows it: Amina Wanjiru's pending KES 500 unless overridden. */
export function aWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    _id: "01JTESTWITHDRAWAL000000001",
    user: { firstName: "Amina", lastName: "Wanjiru", email: "amina@example.com" },
    amount: 500,
    phoneNumber: "254712345678",
    transactionReference: "WD-7F3K2A",
    status: "pending",
    requestDate: "2026-01-05T11:05:00.000Z",
    ...overrides,
  };
}
