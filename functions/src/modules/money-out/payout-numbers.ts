/**
 * Payout numbers (design.md §12.2): a stolen password must not be enough to send an account's money to a thief's
 * phone. A withdrawal pays only to the registered number or to a number the account completed an STK deposit from
 * (the M-Pesa PIN was entered on that phone); admins deciding a withdrawal see the account's signals beside it.
 * A new number waits a day and its owner is told, with a link that blocks it (design.md §13.2).
 */
import { createHash, randomBytes } from "node:crypto";
import { nairobiShortDateTime, normalizeKenyanPhone, SECURITY_MESSAGES } from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import { InvalidInputError, NotPermittedError } from "../../kernel/errors.js";
import type { PayoutNumberRecord } from "../../kernel/records.js";
import { MoveRefusedError, type UserRecord } from "../../kernel/records.js";
import { approvalBarSince } from "../four-eyes/index.js";
import type { FirstPayoutNumberProof, PayoutAccountRecord, PayoutNumberRepository } from "./payout-numbers-port.js";

/** How recent a password reset or a two-factor change must be to be shown to the admin deciding a payout. */
export const RECENT_SECURITY_CHANGE_DAYS = 7;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a number proven by a deposit waits before it may be paid to (design.md §13.2): the PIN proves who holds
 * the phone, not who owns the account, so the owner gets this long, after the notice, to block a thief's phone.
 */
export const PAYOUT_NUMBER_WAIT_HOURS = 24;
/** How long the notice's block link works. */
export const BLOCK_LINK_VALID_DAYS = 7;
/** How recent a sign-in from a new browser is shown to the admin deciding a payout. */
export const RECENT_NEW_BROWSER_HOURS = 24;
/** How recent a change of the account's alerts is shown to the admin deciding a payout. */
export const RECENT_ALERTS_CHANGE_DAYS = 7;

/**
 * From when a number proven by a deposit may be paid to: PAYOUT_NUMBER_WAIT_HOURS after its first proof. Numbers
 * proven before the wait existed (and those the backfill recorded) count from their first deposit too, so an old one
 * is usable at once and one proven in the last day waits out the rest of it.
 */
export const usableFromOf = (number: Pick<PayoutNumberRecord, "firstDepositAt">): Date =>
  new Date(Date.parse(number.firstDepositAt) + PAYOUT_NUMBER_WAIT_HOURS * HOUR_MS);

/** The stored form of a block link's token: only its SHA-256, so the table never holds a usable link. */
export const blockTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A first proof's block link (128 random bits, short enough for an SMS) and wait, for the deposit's settlement. */
export function newFirstProof(at: Date): FirstPayoutNumberProof {
  const token = randomBytes(16).toString("base64url");
  return {
    token,
    tokenHash: blockTokenHash(token),
    usableFrom: usableFromOf({ firstDepositAt: at.toISOString() }).toISOString(),
    linkExpiresAtEpochSeconds: Math.floor(at.getTime() / 1000) + BLOCK_LINK_VALID_DAYS * 24 * 3600,
  };
}

/** The same number however it was written (07…, +254…, 254…); a number that is not Kenyan stays as it is. */
const msisdnOf = (phoneNumber: string) => normalizeKenyanPhone(phoneNumber) ?? phoneNumber;

/**
 * A payout to `phoneNumber` is refused unless it is the registered number or `proven` (the payout-number item read
 * with the caller) shows a completed STK deposit from it, not blocked since; and a proven number only from
 * PAYOUT_NUMBER_WAIT_HOURS after its first proof (design.md §13.2). 403, before anything is written.
 */
export function refuseUnprovenPayoutNumber(
  user: UserRecord,
  phoneNumber: string,
  proven: PayoutNumberRecord | null | undefined,
  now: Date,
): void {
  const wanted = msisdnOf(phoneNumber);
  if (wanted === msisdnOf(user.phoneNumber)) return;
  if (!proven || msisdnOf(proven.phoneNumber) !== wanted || proven.userId !== user.id || proven.blockedAt) {
    throw new NotPermittedError(SECURITY_MESSAGES.payoutNumberNotAllowed);
  }
  const usableFrom = usableFromOf(proven);
  if (now < usableFrom) {
    throw new NotPermittedError(SECURITY_MESSAGES.payoutNumberWaiting(nairobiShortDateTime(usableFrom)));
  }
}

export interface PayoutNumberView {
  phoneNumber: string;
  source: "registered" | "deposit";
  /** ISO: the registered number from the account's opening, a proven one PAYOUT_NUMBER_WAIT_HOURS after its proof. */
  usableFrom: string;
}

/** What the admin deciding a withdrawal sees of its account. */
export interface PayoutAccountSignals {
  registeredPhoneNumber: string;
  createdAt: string;
  /** The latest password reset or two-factor change within RECENT_SECURITY_CHANGE_DAYS. */
  recentSecurityChange?: { kind: "password" | "two-factor"; at: string };
  adminCredits30d: { count: number; amountCents: number };
  /** Daily rewards paid into the wallet in the last 30 days (design.md §13.1). */
  rewards30dCents: number;
  /** When the withdrawal's number was first proven by a deposit (absent for the registered number). */
  payoutNumberFirstProvenAt?: string;
  /** A sign-in from a new browser within RECENT_NEW_BROWSER_HOURS (design.md §13.2). */
  newBrowserSignInAt?: string;
  /** A change of the account's alerts within RECENT_ALERTS_CHANGE_DAYS (design.md §13.2). */
  alertsChangedAt?: string;
}

/** `at` when it lies within `ms` before `now`. */
const recent = (at: string | undefined, ms: number, now: Date) =>
  at && Date.parse(at) >= now.getTime() - ms ? at : undefined;

/** `{ [key]: value }`, or nothing when there is no value. */
const optional = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

export function signalsOf(account: PayoutAccountRecord, now: Date): PayoutAccountSignals {
  const recentFrom = now.getTime() - RECENT_SECURITY_CHANGE_DAYS * DAY_MS;
  const changes = [
    { kind: "password" as const, at: account.passwordChangedAt },
    { kind: "two-factor" as const, at: account.twoFactorChangedAt },
  ]
    .filter((change): change is { kind: "password" | "two-factor"; at: string } => !!change.at)
    .filter((change) => Date.parse(change.at) >= recentFrom)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return {
    registeredPhoneNumber: account.phoneNumber,
    createdAt: account.createdAt,
    ...(changes[0] ? { recentSecurityChange: changes[0] } : {}),
    adminCredits30d: {
      count: account.adminCredits.length,
      amountCents: account.adminCredits.reduce((sum, credit) => sum + credit.cents, 0),
    },
    rewards30dCents: account.rewardsCents,
    ...optional("newBrowserSignInAt", recent(account.newBrowserSignInAt, RECENT_NEW_BROWSER_HOURS * HOUR_MS, now)),
    ...optional("alertsChangedAt", recent(account.notificationsChangedAt, RECENT_ALERTS_CHANGE_DAYS * DAY_MS, now)),
  };
}

export function createPayoutNumberService(deps: { payoutNumbers: PayoutNumberRepository; clock: Clock }) {
  const { payoutNumbers, clock } = deps;
  return {
    /**
     * The registered number first, then the numbers deposited from (not blocked), the most recently used first; each
     * with the time payouts to it may start.
     */
    async list(user: UserRecord): Promise<PayoutNumberView[]> {
      const registered = msisdnOf(user.phoneNumber);
      const proven = (await payoutNumbers.list(user.id))
        .filter((n) => msisdnOf(n.phoneNumber) !== registered && !n.blockedAt)
        .sort((a, b) => b.lastDepositAt.localeCompare(a.lastDepositAt));
      return [
        { phoneNumber: registered, source: "registered", usableFrom: user.createdAt },
        ...proven.map((n) => ({
          phoneNumber: n.phoneNumber,
          source: "deposit" as const,
          usableFrom: usableFromOf(n).toISOString(),
        })),
      ];
    },

    /**
     * The signals of the accounts behind a page of withdrawals, by withdrawal id, and the accounts as read, by user id
     * (what the payout approval rule weighs of them: their admin credits and wallets): each account and each payout
     * number read once (two batches, whatever the page holds). Credits and rewards count over the approval rule's
     * window (the last 30 days).
     */
    async signalsOf(withdrawals: readonly { id: string; userId: string; phoneNumber: string }[]): Promise<{
      signals: Map<string, PayoutAccountSignals>;
      accounts: Map<string, PayoutAccountRecord>;
    }> {
      const now = clock.now();
      const [accounts, numbers] = await Promise.all([
        payoutNumbers.accounts(
          withdrawals.map((w) => w.userId),
          approvalBarSince(now),
        ),
        payoutNumbers.find(withdrawals.map((w) => ({ userId: w.userId, msisdn: msisdnOf(w.phoneNumber) }))),
      ]);
      const provenAt = new Map(numbers.map((n) => [`${n.userId} ${msisdnOf(n.phoneNumber)}`, n.firstDepositAt]));
      const signals = new Map<string, PayoutAccountSignals>();
      for (const withdrawal of withdrawals) {
        const account = accounts.get(withdrawal.userId);
        if (!account) continue;
        const msisdn = msisdnOf(withdrawal.phoneNumber);
        const firstProvenAt =
          msisdn === msisdnOf(account.phoneNumber) ? undefined : provenAt.get(`${withdrawal.userId} ${msisdn}`);
        signals.set(withdrawal.id, {
          ...signalsOf(account, now),
          ...optional("payoutNumberFirstProvenAt", firstProvenAt),
        });
      }
      return { signals, accounts };
    },
  };
}

/**
 * The link in a new payout number's notice (design.md §13.2): removes the number from the account's payout numbers
 * for good, ends every session of the account and tells the owner, in one transaction. A link works once and for
 * BLOCK_LINK_VALID_DAYS; a used, expired or unknown one is a 400 and changes nothing.
 */
export function createPayoutNumberBlocks(deps: {
  payoutNumbers: Pick<PayoutNumberRepository, "block">;
  clock: Clock;
  newId: () => string;
}) {
  return {
    async block(token: string, sourceIp?: string): Promise<{ message: string }> {
      try {
        await deps.payoutNumbers.block({
          tokenHash: blockTokenHash(token),
          at: deps.clock.now(),
          eventId: deps.newId(),
          ...(sourceIp ? { sourceIp } : {}),
        });
      } catch (error) {
        if (error instanceof MoveRefusedError && error.reason === "block-link-invalid") {
          throw new InvalidInputError(SECURITY_MESSAGES.blockLinkInvalid);
        }
        throw error;
      }
      return { message: SECURITY_MESSAGES.payoutNumberBlocked };
    },
  };
}

export type PayoutNumberBlocks = ReturnType<typeof createPayoutNumberBlocks>;

export type PayoutNumberService = ReturnType<typeof createPayoutNumberService>;
