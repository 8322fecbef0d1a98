/**
 * The notifications outbox (issue 23): an event written in the same transaction as the money move it reports (or on
 * its own for a security notice), then sent by the notifications module on each channel, at most once per channel.
 */
import type { BalanceKind, NotificationChannel } from "@jengafund/shared";
import type { SecurityNoticeKind } from "./security-notices.js";

/** The money moves an account is told of. */
export type MoneyNotificationKind =
  | "deposit-credited"
  | "withdrawal-requested"
  | "withdrawal-rejected"
  | "payout-sent"
  | "payout-failed"
  /** An investment's capital back in its balance on its maturity day (design.md §13.6). */
  | "capital-returned";

/**
 * An admin's credit or debit of a wallet (design.md §13.6): alone, approved by a second admin, or an unmatched Paybill
 * payment credited to the account. Told with the amount and the reason the admin typed.
 */
export type BalanceAdjustedKind = "balance-adjusted";

/**
 * A forgot-password email (design.md §11): written with the request's count, so the request does the same work
 * whether or not the email has an account, and sent like any other event. By email only.
 */
export type PasswordResetKind = "password-reset";

/** Every event kind: a money move, one of the other security notices, or a reset link. */
export type OutboxKind =
  | MoneyNotificationKind
  | BalanceAdjustedKind
  | PasswordResetKind
  | Exclude<SecurityNoticeKind, MoneyNotificationKind>;

/** The kinds sent by email alone: their SMS channel is written final (`skipped`). */
export const EMAIL_ONLY_KINDS: ReadonlySet<OutboxKind> = new Set<OutboxKind>(["password-reset"]);

/**
 * Where one channel of an event stands. `pending`: to be sent (again, after a transient failure); `sending`: claimed
 * by a sender until its lease ends; then final: `sent`, `skipped` (turned off, or nothing to send to), `failed` (the
 * provider refused, or too many attempts) or `uncertain` (the request went and its answer was lost: never resent).
 */
export type ChannelState = "pending" | "sending" | "sent" | "skipped" | "failed" | "uncertain";

export const FINAL_CHANNEL_STATES: readonly ChannelState[] = ["sent", "skipped", "failed", "uncertain"];

export interface OutboxEventData {
  /** The amount moved; signed for a balance adjusted by an admin (negative: a debit). */
  amountCents?: number;
  /** A balance adjusted by an admin: the reason the admin typed. */
  reason?: string;
  /** The payout number of a withdrawal (shown masked). */
  phoneNumber?: string;
  /** The M-Pesa receipt, where M-Pesa gave one. */
  receipt?: string;
  /** Capital returned: the package the investment was in, and the balance the capital went back to. */
  packageName?: string;
  balance?: BalanceKind;
  /** Security notices: the caller's address, the browser, until when a second factor is locked. */
  sourceIp?: string;
  userAgent?: string;
  lockedUntil?: string;
  /** A new payout number's notice (design.md §13.2): from when payouts to it start (ISO). */
  usableFrom?: string;
  /**
   * A new payout number's block link token, carried only until the notice is sent: `close` erases it, and the link's
   * own item keeps only its SHA-256. It can do nothing but protect the account (block the number, sign out).
   */
  blockToken?: string;
  /**
   * A reset link's token, carried like `blockToken` only until its email is sent (`close` erases it); the link's own
   * item keeps only its SHA-256.
   */
  resetToken?: string;
}

export interface ChannelStatus {
  state: ChannelState;
  attempts: number;
  /** Until when a `sending` claim holds (ISO). */
  leaseUntil?: string;
  /** The claim's own token: a sender whose claim's answer was lost can tell by it that the claim is its own. */
  claim?: string;
  messageId?: string;
  reason?: string;
  /** When the last attempt ended (a channel pending again waits a while before the next). */
  triedAt?: string;
}

export interface OutboxEvent {
  id: string;
  kind: OutboxKind;
  userId: string;
  data: OutboxEventData;
  createdAt: string;
  sms: ChannelStatus;
  email: ChannelStatus;
}

/**
 * What a move writes: the channels start pending, except the email of a security notice that was mailed at once
 * (`emailSentDirectly`: the event carries its SMS alone).
 */
export type NewOutboxEvent = Pick<OutboxEvent, "id" | "kind" | "userId" | "data" | "createdAt"> & {
  emailSentDirectly?: boolean;
};

/** A money move's event: its id is derived from the kind and the move's own id (the line's or the withdrawal's). */
export type MoneyMoveEvent = Omit<NewOutboxEvent, "id" | "emailSentDirectly"> & { moveId: string };

/** The deterministic id of a money move's event: a repeat of the move cannot write a second one. */
export const outboxEventId = (kind: OutboxKind, moveId: string) => `${kind}#${moveId}`;

export interface OutboxRepository {
  /** One event on its own (a security notice with no transaction of its own). */
  put(event: NewOutboxEvent): Promise<void>;
  get(eventId: string): Promise<OutboxEvent | null>;
  /**
   * Claims a channel for sending: conditional on it being pending, or sending with a lease ended before `now`.
   * False when another sender holds it or it is final.
   */
  claim(
    eventId: string,
    channel: NotificationChannel,
    claim: string,
    now: string,
    leaseUntil: string,
  ): Promise<boolean>;
  /**
   * Records what became of a claimed channel, conditional on the claim still being `claim`: false when it was not.
   */
  record(
    eventId: string,
    channel: NotificationChannel,
    claim: string,
    outcome: { state: ChannelState; messageId?: string; reason?: string; attemptsAdded?: number; triedAt?: string },
  ): Promise<boolean>;
  /** Takes a finished event (both channels final) off the open list and lets it expire. */
  close(eventId: string, expiresAt: number): Promise<void>;
  /** Open events created before `before`, oldest first, up to `limit`. */
  listOpen(before: string, limit: number): Promise<{ id: string; createdAt: string }[]>;
  /** How many open events were created before `before` (the OutboxStuck gauge). */
  countOpen(before: string): Promise<number>;
}
