/** Every route of the web app (spec §2). Components link through this object, never through string literals. */
export const paths = {
  landing: "/",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  /** Opened from the emailed link, with `#token=` (lib/reset-link.ts). */
  resetPassword: "/reset-password",
  /** Opened from a new payout number's notice, with `?token=` (design.md §13.2). */
  blockPayoutNumber: "/block-payout-number",
  /** What the register form's terms checkbox asks the user to accept (design.md §12.7). */
  terms: "/terms",
  dashboard: {
    root: "/dashboard",
    packages: "/dashboard/packages",
    investments: "/dashboard/investments",
    referrals: "/dashboard/referrals",
    account: "/dashboard/account",
    /** The Account tab with its Security dialog open: two-factor sign-in and the recovery codes. */
    accountSecurity: "/dashboard/account#security",
    /** Account → Verify identity: the details, the three documents, then the review (design.md §13.5). */
    verifyIdentity: "/dashboard/account/verify",
  },
  admin: {
    root: "/admin",
    overview: "/admin/overview",
    users: "/admin/users",
    packages: "/admin/packages",
    transactions: "/admin/transactions",
    withdrawals: "/admin/withdrawals",
    approvals: "/admin/approvals",
    /** Paybill payments that named no account (design.md §12.3). */
    unmatchedPayments: "/admin/unmatched-payments",
    /** Identity verifications waiting for (or decided by) an admin (design.md §13.5). */
    verifications: "/admin/verifications",
    audit: "/admin/audit",
  },
} as const;
