/**
 * The monthly statement email's records (issue 23): which accounts had real money move in a month, who each holder
 * is and what they chose, and one marker per account and month that makes the email go exactly once. Apart from the
 * other ports: the monthly job alone reads and writes these, and it writes nothing that moves money.
 */
import type { StoredNotificationPreferences } from "@jengafund/shared";

/** Whom a statement email goes to, and whether they want it. */
export interface StatementRecipient {
  email: string;
  firstName: string;
  /** A deactivated account gets no statement email. */
  isActive: boolean;
  notifications?: StoredNotificationPreferences;
}

/** What a claim found: the account is this run's to send; already sent or skipped; or held by another run's lease. */
export type StatementClaim = "claimed" | "done" | "busy";

export interface MonthlyStatementsStore {
  /**
   * The users with a real-money (wallet) ledger line written in `[start, end)`, or written from `lookbackStart` and
   * settled in `[start, end)` (a deposit credited, a withdrawal refunded in the month): each once, sorted.
   */
  accountsWithActivity(period: { lookbackStart: Date; start: Date; end: Date }): Promise<string[]>;

  recipient(userId: string): Promise<StatementRecipient | null>;

  /**
   * Claims the month's email of this account for `token` until `leaseUntil`: when no marker exists, when a send
   * failed, or when another run's lease has expired (that run died while sending).
   */
  claim(claim: { userId: string; month: string; token: string; now: Date; leaseUntil: Date }): Promise<StatementClaim>;

  /** The claimed email went (`sent`) or was not wanted (`skipped`). False when the claim was no longer this run's. */
  finish(
    claim: { userId: string; month: string; token: string },
    outcome: "sent" | "skipped",
    at: Date,
  ): Promise<boolean>;

  /** The send failed: the claim is given up, and the next run tries the account again. */
  release(claim: { userId: string; month: string; token: string }, at: Date, reason: string): Promise<void>;

  /** Whether every account of the month was already sent or skipped (a later run has nothing to read). */
  isMonthDone(month: string): Promise<boolean>;
  markMonthDone(month: string, summary: { at: Date; accounts: number }): Promise<void>;
}
