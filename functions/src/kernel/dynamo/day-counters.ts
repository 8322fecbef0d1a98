/**
 * The platform's counters per Nairobi day (GET /admin/stats/daily), on the statistics shards: `STATS#<nn>` /
 * `DAY#<day>` (keys.statsDay). Each is moved by an `ADD` inside the very transaction that moves the money it counts,
 * on the shard of the user concerned, so a day's figure is the sum of its shards and can never drift from the money:
 * - `newUsers`: an account registered (account-repository.ts);
 * - `deposits`, `depositsCents`: real M-Pesa money credited to a wallet (an STK deposit completed, a Paybill payment
 *   credited at its confirmation or when an admin assigns it);
 * - `payouts`, `payoutsCents`: a B2C payout M-Pesa confirmed paid;
 * - `rewardsCents`: a daily reward of a real-money investment claimed (trial rewards are demo money, not counted).
 * The day is the Nairobi day of the moment the transaction moves the money (its own `at`).
 */
import { nairobiDay } from "@jengafund/shared";
import type { PlatformDayCounts } from "../daily-stats-port.js";
import { keys } from "./keys.js";
import type { TransactItem } from "./transactions.js";

type DayCounts = PlatformDayCounts;
type DayCounter = keyof DayCounts;

/** Every counter a day item holds, by its attribute name. */
export const DAY_COUNTERS = [
  "newUsers",
  "deposits",
  "depositsCents",
  "payouts",
  "payoutsCents",
  "rewardsCents",
] as const satisfies readonly DayCounter[];

/**
 * The attribute of a day item holding the counters of money moved before the transactions counted it, a map of the
 * same names (`npm run migrate`, day-counter-backfill.ts); a day's figure is the live counter plus this one.
 */
export const BACKFILLED_DAY_COUNTERS = "backfilled";

/** The Nairobi day (`YYYY-MM-DD`) of an ISO instant. */
export const dayOf = (at: string) => nairobiDay(new Date(at));

/**
 * The `ADD` of `deltas` to the day's counters on the shard of `userId`. A transaction holds at most one of these (one
 * transaction cannot touch an item twice), and only one move per transaction counts on a day: merge deltas first.
 */
export function dayCountersUpdate(
  TableName: string,
  userId: string,
  day: string,
  deltas: Partial<DayCounts>,
): TransactItem {
  const entries = Object.entries(deltas).filter((entry): entry is [DayCounter, number] => !!entry[1]);
  return {
    Update: {
      TableName,
      Key: keys.statsDay(day, keys.statsShardOf(userId)),
      UpdateExpression: `ADD ${entries.map(([name]) => `#${name} :${name}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([name, delta]) => [`:${name}`, delta])),
    },
  };
}

/** One deposit of `cents` credited. */
export const depositDay = (cents: number): Partial<DayCounts> => ({ deposits: 1, depositsCents: cents });

/** One payout of `cents` paid by M-Pesa. */
export const payoutDay = (cents: number): Partial<DayCounts> => ({ payouts: 1, payoutsCents: cents });

/** A real-money reward of `cents` claimed. */
export const rewardDay = (cents: number): Partial<DayCounts> => ({ rewardsCents: cents });

/** A new account. */
export const newUserDay = (): Partial<DayCounts> => ({ newUsers: 1 });
