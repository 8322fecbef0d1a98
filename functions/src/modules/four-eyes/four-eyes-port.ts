/** What the four-eyes rules (modules/four-eyes/four-eyes.ts) read: who recently put money into an account by hand. */

/** One credit to an account's wallet by an admin's hand, and the admins whose hands were on it. */
export interface AdminCredit {
  cents: number;
  /** The admin who credited it alone; or the approver and the admin who asked for it. */
  hands: string[];
}

export interface BalanceAdjusterRepository {
  /**
   * The credits to this user's wallet at or after `since` by an admin's hand: alone, approved by a second admin, or
   * an unmatched payment credited to the account.
   */
  adminCreditsSince(userId: string, since: Date): Promise<AdminCredit[]>;
  /** The user's wallet balance as it is now (0 when there is no such user). */
  walletBalanceCents(userId: string): Promise<number>;
  /**
   * The ids of the admins who made or approved an approved change of the terms of a package this user bought at or
   * after `since`, since then (design.md §13.1).
   */
  packageHandsSince(userId: string, since: Date): Promise<string[]>;
}
