/** What the four-eyes rules (modules/four-eyes/four-eyes.ts) read: who recently moved a user's money by hand. */
export interface BalanceAdjusterRepository {
  /** The ids of the admins who adjusted this user's balance at or after `since`. */
  adjustersSince(userId: string, since: Date): Promise<string[]>;
  /**
   * The ids of the admins who made or approved an approved change of the terms of a package this user bought at or
   * after `since`, since then (design.md §13.1).
   */
  packageHandsSince(userId: string, since: Date): Promise<string[]>;
}
