/**
 * The backfill behind `npm run migrate -- --day-counters-before <instant>` for the money counters of the day items
 * (day-counters.ts): money that moved before the money transactions counted it (before `before`, the deploy that
 * brought the counters) is counted from the ledger, per Nairobi day and statistics shard, into an attribute of its
 * own, `backfilled` (a map of the same counter names), which the daily figures add to the live ones. Disjoint from the
 * live `ADD`s and written with SET, so a second run writes the same figures and a transaction landing meanwhile is
 * never overwritten. Reads the status lists of completed deposits, payouts and rewards (GSI2, no scan); run it after
 * the settledAt backfill, whose instants place a deposit's credit and a payout on their days.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { PlatformDayCounts } from "../kernel/daily-stats-port.js";
import type { DynamoContext } from "../kernel/dynamo/client.js";
import { BACKFILLED_DAY_COUNTERS, dayOf, depositDay, payoutDay, rewardDay } from "../kernel/dynamo/day-counters.js";
import { gsi2PartitionItems } from "../kernel/dynamo/index-pages.js";
import { keys } from "../kernel/dynamo/keys.js";

export interface DayCounterBackfillReport {
  /** Completed real-money lines read before the cutover. */
  lines: number;
  /** Day items (day and shard) given their backfilled counters (or that would be, in a dry run). */
  dayItems: number;
}

/** Which completed lines count, and as what. */
const COUNTED = [
  { type: "deposit", counts: depositDay },
  { type: "withdrawal", counts: payoutDay },
  { type: "reward", counts: rewardDay },
] as const;

export async function backfillDayCounters(
  ctx: DynamoContext,
  { before, dryRun = false }: { before: string; dryRun?: boolean },
): Promise<DayCounterBackfillReport> {
  const sums = new Map<string, { day: string; userId: string; counts: Partial<PlatformDayCounts> }>();
  let lines = 0;
  for (const { type, counts } of COUNTED) {
    for (const pk of keys.ledgerByTypeAndStatusPartitions(type, "completed")) {
      for await (const line of gsi2PartitionItems(ctx, pk)) {
        const at = String(line.settledAt ?? line.createdAt);
        if (line.balance !== "wallet" || !(at < before) || typeof line.userId !== "string") continue;
        lines += 1;
        const day = dayOf(at);
        const shard = keys.statsShardOf(line.userId);
        const slot = `${day}#${shard}`;
        const into = sums.get(slot) ?? { day, userId: line.userId, counts: {} };
        for (const [name, value] of Object.entries(counts(Math.abs(Number(line.amountCents))))) {
          const counter = name as keyof PlatformDayCounts;
          into.counts[counter] = (into.counts[counter] ?? 0) + (value ?? 0);
        }
        sums.set(slot, into);
      }
    }
  }
  if (!dryRun) {
    for (const { day, userId, counts } of sums.values()) {
      await ctx.db.send(
        new UpdateCommand({
          TableName: ctx.TableName,
          Key: keys.statsDay(day, keys.statsShardOf(userId)),
          UpdateExpression: "SET #backfilled = :counts",
          ExpressionAttributeNames: { "#backfilled": BACKFILLED_DAY_COUNTERS },
          ExpressionAttributeValues: { ":counts": counts },
        }),
      );
    }
  }
  return { lines, dayItems: sums.size };
}
