/**
 * Payout numbers (design.md §12.2): a stolen password must not be enough to send an account's money to a thief's
 * phone. A withdrawal pays only to the registered number or to a number the account completed an STK deposit from
 * (the M-Pesa PIN was entered on that phone); admins deciding a withdrawal see the account's signals beside it.
 */
import { normalizeKenyanPhone, SECURITY_MESSAGES } from "@jengafund/shared";
import type { Clock } from "../lib/clock.js";
import { NotPermittedError } from "../lib/errors.js";
import type {
  PayoutAccountRecord,
  PayoutNumberRecord,
  PayoutNumberRepository,
} from "../repositories/payout-numbers-port.js";
import type { UserRecord } from "../repositories/ports.js";

/** How recent a password reset or a two-factor change must be to be shown to the admin deciding a payout. */
export const RECENT_SECURITY_CHANGE_DAYS = 7;
/** How far back admin credits are counted for the admin deciding a payout (as the four-eyes rule looks back). */
export const ADMIN_CREDITS_DAYS = 30;

const DAY_MS = 24 * 3_600_000;

/** The same number however it was written (07…, +254…, 254…); a number that is not Kenyan stays as it is. */
const msisdnOf = (phoneNumber: string) => normalizeKenyanPhone(phoneNumber) ?? phoneNumber;

/**
 * A payout to `phoneNumber` is refused unless it is the registered number or `proven` (the payout-number item read
 * with the caller) shows a completed STK deposit from it. 403, before anything is written.
 */
export function refuseUnprovenPayoutNumber(
  user: UserRecord,
  phoneNumber: string,
  proven: PayoutNumberRecord | null | undefined,
): void {
  const wanted = msisdnOf(phoneNumber);
  if (wanted === msisdnOf(user.phoneNumber)) return;
  if (proven && msisdnOf(proven.phoneNumber) === wanted && proven.userId === user.id) return;
  throw new NotPermittedError(SECURITY_MESSAGES.payoutNumberNotAllowed);
}

export interface PayoutNumberView {
  phoneNumber: string;
  source: "registered" | "deposit";
}

/** What the admin deciding a withdrawal sees of its account. */
export interface PayoutAccountSignals {
  registeredPhoneNumber: string;
  createdAt: string;
  /** The latest password reset or two-factor change within RECENT_SECURITY_CHANGE_DAYS. */
  recentSecurityChange?: { kind: "password" | "two-factor"; at: string };
  adminCredits30d: { count: number; amountCents: number };
}

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
    adminCredits30d: account.adminCredits,
  };
}

export function createPayoutNumberService(deps: { payoutNumbers: PayoutNumberRepository; clock: Clock }) {
  const { payoutNumbers, clock } = deps;
  return {
    /** The registered number first, then the numbers deposited from, the most recently used first. */
    async list(user: UserRecord): Promise<PayoutNumberView[]> {
      const registered = msisdnOf(user.phoneNumber);
      const proven = (await payoutNumbers.list(user.id))
        .filter((n) => msisdnOf(n.phoneNumber) !== registered)
        .sort((a, b) => b.lastDepositAt.localeCompare(a.lastDepositAt));
      return [
        { phoneNumber: registered, source: "registered" },
        ...proven.map((n) => ({ phoneNumber: n.phoneNumber, source: "deposit" as const })),
      ];
    },

    /** The signals of the accounts behind a page of withdrawals, by user id (one batch, whatever the page holds). */
    async signalsOf(userIds: readonly string[]): Promise<Map<string, PayoutAccountSignals>> {
      const now = clock.now();
      const accounts = await payoutNumbers.accounts(userIds, new Date(now.getTime() - ADMIN_CREDITS_DAYS * DAY_MS));
      return new Map([...accounts].map(([id, account]) => [id, signalsOf(account, now)]));
    },
  };
}

export type PayoutNumberService = ReturnType<typeof createPayoutNumberService>;
