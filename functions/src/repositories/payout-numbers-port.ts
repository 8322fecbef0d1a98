/**
 * Payout numbers (design.md §12.2): a withdrawal pays only to the account's registered number or to a number the
 * account completed an STK deposit from, and admins deciding a withdrawal see the account's signals beside it.
 */

/** A number proven by a completed STK deposit from it: its owner entered the M-Pesa PIN on that phone. */
export interface PayoutNumberRecord {
  userId: string;
  /** 2547XXXXXXXX / 2541XXXXXXXX */
  phoneNumber: string;
  firstDepositAt: string;
  lastDepositAt: string;
}

/** What an admin deciding a withdrawal is shown of the account behind it. */
export interface PayoutAccountRecord {
  userId: string;
  /** The registered number, to compare with the payout's. */
  phoneNumber: string;
  createdAt: string;
  /** When a reset link last set the password. */
  passwordChangedAt?: string;
  /** When two-factor sign-in was last turned on or off. */
  twoFactorChangedAt?: string;
  /** Credits to the wallet by admins since the date asked for (alone, or approved by a second admin). */
  adminCredits: { count: number; amountCents: number };
}

export interface PayoutNumberRepository {
  /** The numbers this user completed an STK deposit from, in no particular order. */
  list(userId: string): Promise<PayoutNumberRecord[]>;
  /**
   * The accounts of these users (each read once, in one batch) with their admin credits since `creditsSince`, read
   * in parallel: a page of withdrawals costs one round trip after its own, however many rows it has.
   */
  accounts(userIds: readonly string[], creditsSince: Date): Promise<Map<string, PayoutAccountRecord>>;
}
