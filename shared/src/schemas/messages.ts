import { MAX_DEPOSIT_KES, MIN_DEPOSIT_KES, MIN_WITHDRAWAL_KES } from "../constants.js";

/**
 * The API's messages, in a module of their own: the services answer with them, and loading a schema module builds
 * every schema in it, which a Lambda bundle that only needs a message should not pay for when it starts.
 */

export const MESSAGES = {
  passwordTooShort: "Password must be at least 6 characters long",
  adminIdleSignedOut: "You were signed out after 30 minutes without activity. Please log in again.",
  adminPasswordTooShort: "Admin passwords need at least 12 characters. Choose a longer one.",
  passwordsDoNotMatch: "Passwords do not match",
  invalidEmail: "Please enter a valid email address",
  invalidPhone: "Please enter a valid Kenyan phone number, e.g. 0712345678 or 254712345678",
  invalidReferralCode: "Invalid referral code",
  invalidTwoFactorCode: "Enter the 6-digit code from your authenticator app",
  invalidResetLink: "This password reset link is invalid or has expired. Please request a new one.",
} as const;

/** A stolen password cannot empty a wallet (design.md §12.2). */
export const SECURITY_MESSAGES = {
  payoutNumberNotAllowed: "Withdrawals go only to your registered number or to a number you have deposited from",
  /** A number proven by a deposit waits 24 hours (design.md §13.2); `from` is "MMM dd, HH:mm", Nairobi time. */
  payoutNumberWaiting: (from: string) => `This number can receive payouts from ${from} (Nairobi time)`,
  payoutNumberBlocked:
    "The number was removed from your payout numbers and every device was signed out. Sign in again and change your password if you did not add that number.",
  blockLinkInvalid: "This link has already been used or has expired.",
  passwordTooCommon: "This password is too common. Choose another.",
  invalidRecoveryCode: "Enter the 6-digit code from your authenticator app or one of your recovery codes",
} as const;

export const INVESTOR_MESSAGES = {
  insufficientBalance: "Insufficient balance",
  minimumAmount: (priceKes: number) => `Minimum amount is KES ${priceKes}`,
  minimumWithdrawal: `Minimum withdrawal amount is KES ${MIN_WITHDRAWAL_KES}`,
  minimumPayout: (kes: number) => `Minimum withdrawal to M-Pesa is KES ${kes}`,
  maximumPayout: (kes: number) => `Maximum withdrawal to M-Pesa is KES ${kes.toLocaleString("en-KE")}`,
  wholeShillings: "M-Pesa withdrawals are in whole shillings",
  packageNotFound: "Package not found",
  packageMatured: "This package has matured and can no longer be bought",
  investmentNotFound: "Investment not found",
  alreadyClaimed: "Reward already claimed today. Come back tomorrow!",
  investmentMatured: "This investment has matured; no more daily rewards",
  trialNotWithdrawable: "Trial balance cannot be withdrawn. Deposit via M-Pesa to fund your wallet.",
  accountInactive: "Account is deactivated",
} as const;

export const ADMIN_MESSAGES = {
  fillAllFields: "Please fill in all fields",
  userNotFound: "User not found",
  adminNotToggleable: "Admin accounts cannot be activated or deactivated",
  debitBelowZero: (balance: string) => `Cannot debit more than the user's wallet balance (${balance})`,
} as const;

/**
 * 250000 → "250,000", as `toLocaleString("en-KE")` writes a whole number, without Intl: its locale data would load
 * with this module, in every bundle that imports it, for two constant messages.
 */
const groupDigits = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Four eyes on admin money (design.md §12.1): what an admin is told when a rule needs a second admin. */
export const FOUR_EYES_MESSAGES = {
  ownBalance: "You cannot adjust your own balance",
  ownWithdrawal: "You cannot process your own withdrawal",
  recentAdjuster: "Another admin must approve this withdrawal",
  /**
   * Why this admin may not approve a payout, shown before they try (design.md §13.6): what they credited or approved
   * for the account in the last 30 days is more than its balance left after the payout (`credited`, `left`: KES text).
   */
  creditNotCovered: (credited: string, left: string) =>
    `Another admin must approve this withdrawal: you credited or approved ${credited} for this account in the last 30 days, and only ${left} would be left after it.`,
  /** Why an admin whose hand set a package's terms may not approve a payout of an account that bought it (§13.1). */
  packageTermsHand:
    "Another admin must approve this withdrawal: you made or approved a change to the terms of a package this account bought in the last 30 days.",
  /** A money action on a session whose authenticator code is more than 15 minutes old (REQUIRE_ADMIN_2FA). */
  stepUpRequired: "Enter the 6-digit code from your authenticator app to continue",
  /** `from`: Nairobi wall-clock time, `YYYY-MM-DD HH:mm`. */
  payoutFailureUnproven: (from: string) =>
    `M-Pesa has not said this payout failed: if it did, reconciliation's Transaction Status check refunds it by itself. Without a result, it can be marked as failed from ${from} (Nairobi time), 24 hours after it was sent to M-Pesa.`,
} as const;

export const DEPOSIT_INPUT_MESSAGES = {
  minimum: `Minimum deposit amount is KES ${groupDigits(MIN_DEPOSIT_KES)}`,
  maximum: `Maximum deposit amount is KES ${groupDigits(MAX_DEPOSIT_KES)}`,
  wholeShillings: "M-Pesa deposits are in whole shillings",
} as const;

/**
 * The heavy reads each account may make in an hour (design.md §12.6): statements (a PDF is rendered) and the
 * portfolio chart (the whole ledger replayed). Past its budget a read is refused with 429 and the message below.
 */
export const READ_BUDGETS = {
  statements: 30,
  charts: 120,
} as const;
export type ReadBudget = keyof typeof READ_BUDGETS;

const inMinutes = (minutes: number) => `${minutes} minute${minutes === 1 ? "" : "s"}`;

export const READ_BUDGET_MESSAGES: Record<ReadBudget, (minutes: number) => string> = {
  statements: (minutes) =>
    `You can download up to ${READ_BUDGETS.statements} statements an hour. Please try again in ${inMinutes(minutes)}.`,
  charts: (minutes) =>
    `Your portfolio chart can be loaded up to ${READ_BUDGETS.charts} times an hour. Please try again in ${inMinutes(minutes)}.`,
};
