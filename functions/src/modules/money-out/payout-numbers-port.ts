import type { PayoutNumberRecord } from "../../kernel/records.js";
import type { AdminCredit } from "../four-eyes/index.js";

/**
 * A number's first proof (design.md §13.2), written with the deposit's settlement: the single-use link that blocks it
 * (only the token's SHA-256 is kept) and the owner's notice, which carries the token until it is sent.
 */
export interface FirstPayoutNumberProof {
  token: string;
  tokenHash: string;
  /** When payouts to it may start (ISO). */
  usableFrom: string;
  /** When the link stops working (the block-link item's TTL). */
  linkExpiresAtEpochSeconds: number;
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
  /**
   * Credits to the wallet by an admin's hand since the date asked for (alone, approved by a second admin, or an
   * unmatched payment credited), with the hands on each: shown as a signal, and weighed by the payout approval rule.
   */
  adminCredits: AdminCredit[];
  /** The wallet as it is now: what the payout approval rule weighs the credits against. */
  walletBalanceCents: number;
  /** Daily rewards paid into the wallet since the same date, in cents. */
  rewardsCents: number;
  /** The latest sign-in from a browser new to the account. */
  newBrowserSignInAt?: string;
  /** The latest change of its notification preferences. */
  notificationsChangedAt?: string;
}

export interface PayoutNumberRepository {
  /** The numbers this user completed an STK deposit from, in no particular order. */
  list(userId: string): Promise<PayoutNumberRecord[]>;
  /**
   * The accounts of these users (each read once, in one batch) with their admin credits since `creditsSince`, read
   * in parallel: a page of withdrawals costs one round trip after its own, however many rows it has. The same read
   * serves the page's signals and whether the admin may approve each request.
   */
  accounts(userIds: readonly string[], creditsSince: Date): Promise<Map<string, PayoutAccountRecord>>;
  /** The payout-number items of these (user, number) pairs that exist, in one batch. */
  find(pairs: readonly { userId: string; msisdn: string }[]): Promise<PayoutNumberRecord[]>;
  /**
   * Uses a block link: marks its number blocked, ends every session of its account and queues the owner's notice,
   * in one transaction. The number and its account; "block-link-invalid" (MoveRefusedError) when the link was used,
   * has expired, or names nothing.
   */
  block(input: {
    tokenHash: string;
    at: Date;
    sourceIp?: string;
    eventId: string;
  }): Promise<{ userId: string; phoneNumber: string }>;
}
