/**
 * The kinds and states of the money records, each listed once: the request schemas, the functions' ports and index
 * partitions, and the web's filters read these lists, so a new status cannot be known to one and not another.
 */
export const TRANSACTION_TYPES = [
  "deposit",
  "withdrawal",
  "investment",
  "reward",
  "referral",
  "trial",
  "adjustment",
  /** An investment's capital back in the balance it was bought from, on its maturity day (design.md §13.6). */
  "capital",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ["pending", "completed", "failed", "cancelled"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const WITHDRAWAL_STATUSES = ["pending", "approved", "completed", "rejected"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Every admin action the audit trail records (design.md §11). */
export const AUDIT_ACTIONS = [
  "user.status",
  "user.balance",
  "package.create",
  "package.update",
  "package.delete",
  "package.change.requested",
  "package.change.approved",
  "package.change.rejected",
  "withdrawal.approve",
  "withdrawal.reject",
  "withdrawal.fail",
  "adjustment.request",
  "adjustment.approve",
  "adjustment.reject",
  "unmatched-payment.assign",
  "unmatched-payment.return",
  "kyc.verify",
  "kyc.reject",
  /** An operator made an admin account (`npm run admin`); turning one off or on is `user.status`, by the operator. */
  "admin.create",
  /** Admin reads of people's data: a search of the users or the transactions, an export of the transactions. */
  "users.search",
  "transactions.search",
  "transactions.export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A balance adjustment above the solo limits, waiting for a second admin (design.md §12.1). */
export const ADJUSTMENT_STATUSES = ["pending", "approved", "rejected", "expired"] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const DEPOSIT_STATUSES = ["pending", "completed", "failed", "cancelled"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Which balance a ledger line moves: trial money and real money never mix. */
export const BALANCE_KINDS = ["wallet", "trial"] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];
