import type { DailyStatsSource, PlatformDayCounts } from "../../../kernel/daily-stats-port.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { BACKFILLED_DAY_COUNTERS, DAY_COUNTERS } from "../../../kernel/dynamo/day-counters.js";
import { queryAllItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";

const zeros = (): PlatformDayCounts => ({
  newUsers: 0,
  deposits: 0,
  depositsCents: 0,
  payouts: 0,
  payoutsCents: 0,
  rewardsCents: 0,
});

/**
 * The day items of a window, read from every statistics shard at once: one Query per shard, `DAY#from` to `DAY#to`,
 * all sent together. A shard holds at most one item per day (90 small items at most), so each Query is one page.
 */
export function createDynamoDailyStatsSource(ctx: DynamoContext = defaultDynamoContext()): DailyStatsSource {
  return {
    async read(fromDay, toDay) {
      const perShard = await Promise.all(
        keys.statsPartitions().map(async (_, shard) => {
          const first = keys.statsDay(fromDay, shard);
          const last = keys.statsDay(toDay, shard);
          return queryAllItems(ctx, {
            KeyConditionExpression: "PK = :pk AND SK BETWEEN :first AND :last",
            ExpressionAttributeValues: { ":pk": first.PK, ":first": first.SK, ":last": last.SK },
          });
        }),
      );
      const days = new Map<string, PlatformDayCounts>();
      for (const item of perShard.flat()) {
        const day = keys.dayOfStatsDay(String(item.SK));
        const sums = days.get(day) ?? zeros();
        // Money moved before the transactions counted it is in `backfilled` (day-counter-backfill.ts).
        const backfilled = (item[BACKFILLED_DAY_COUNTERS] ?? {}) as Record<string, unknown>;
        for (const counter of DAY_COUNTERS) {
          sums[counter] += Number(item[counter] ?? 0) + Number(backfilled[counter] ?? 0);
        }
        days.set(day, sums);
      }
      return days;
    },
  };
}
