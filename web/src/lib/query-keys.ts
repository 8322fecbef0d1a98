/**
 * Every key of the server-state cache in one place. Features never import each other, yet a purchase (packages)
 * changes the investments list and a deposit (deposit) changes the history: they meet here, by key.
 */
export const queryKeys = {
  /** GET /auth/me: the signed-in user, with the balances the header shows. */
  me: ["me"],
  /** The register form's check of a referral code (upper case, as the server compares them). */
  referralCode: (code: string) => ["referral-code", code],
  /** GET /packages, for investors and admins alike. */
  packages: ["packages"],
  investments: ["investments"],
  referrals: ["referrals"],
  /** The signed-in user's own ledger and withdrawal requests. */
  history: {
    all: ["history"],
    transactions: ["history", "transactions"],
    withdrawals: ["history", "withdrawals"],
    /**
     * The portfolio's value per day over the last 30 or 90 days (issue 23): under the history's prefix, so it is read
     * again with the other money reads (on focus, every 30 s) and after every action that invalidates the history.
     */
    portfolio: (days: number) => ["history", "portfolio", days],
  },
  /** One M-Pesa deposit being watched. */
  deposit: (checkoutRequestId: string) => ["deposit", checkoutRequestId],
  /** The user's deposits still awaiting M-Pesa, read on each page load to watch them again. */
  pendingDeposits: (userId: string) => ["pending-deposits", userId],
  /** The numbers to pay by Paybill, and the ledger read while a Paybill payment is awaited. */
  paybill: {
    details: ["paybill", "details"],
    watch: (userId: string) => ["paybill", "watch", userId],
  },
  /**
   * GET /kyc: the signed-in user's own verification, numbers masked. Never kept on the device (lib/last-known.ts
   * keeps only the keys it lists).
   */
  kyc: ["kyc"],
  admin: {
    all: ["admin"],
    stats: ["admin", "stats"],
    /** The platform's figures per day (issue 23's Overview charts). */
    dailyStats: (days: number) => ["admin", "stats", "daily", days],
    users: ["admin", "users"],
    transactions: ["admin", "transactions"],
    withdrawals: ["admin", "withdrawals"],
    audit: ["admin", "audit"],
    /** Balance adjustments waiting for (or decided by) a second admin; the prefix of the list and the badge. */
    adjustments: ["admin", "adjustments"],
    /** The Approvals tab's badge: how many adjustments are pending. */
    pendingAdjustments: ["admin", "adjustments", "pending-count"],
    /** New packages and changes of money terms waiting for (or decided by) a second admin (design.md §13.1). */
    packageChanges: ["admin", "package-changes"],
    /** The Approvals tab's badge: how many package changes are pending. */
    pendingPackageChanges: ["admin", "package-changes", "pending-count"],
    /** Paybill payments that named no account (design.md §12.3); the prefix of the list and the badge. */
    unmatchedPayments: ["admin", "unmatched-payments"],
    /** The tab's badge: how many payments wait to be resolved. */
    unmatchedPaymentCount: ["admin", "unmatched-payments", "unmatched-count"],
    /** Identity verifications (design.md §13.5); the prefix of the list, the badge and the review. */
    kyc: ["admin", "kyc"],
    /** The Verifications tab's badge: how many submissions wait for a review. */
    pendingKyc: ["admin", "kyc", "pending-count"],
    /** One submission in full with its image links (valid 5 minutes): held in memory while the review is open only. */
    kycSubmission: (userId: string) => ["admin", "kyc", "submission", userId],
  },
} as const;
