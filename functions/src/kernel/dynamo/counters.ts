import { batchGet } from "./batch-get.js";
import type { DynamoContext } from "./client.js";
import { allCounterShards } from "./counter-items.js";
import type { Key } from "./keys.js";

/**
 * The statistics totals, summed over their shards, read in one BatchGetItem together with any `also` items (such
 * as the day's counters). Counters never written read as 0.
 */
export async function readTotals(
  ctx: DynamoContext,
  also: Key[] = [],
): Promise<{ totals: (name: string) => number; also: (key: Key) => Record<string, unknown> | undefined }> {
  const items = await batchGet(ctx, [...allCounterShards(), ...also]);
  const shards = allCounterShards();
  const sums = new Map<string, number>();
  for (const item of items) {
    if (!shards.some((key) => key.PK === item.PK && key.SK === item.SK)) continue;
    for (const [name, value] of Object.entries(item)) {
      if (typeof value === "number") sums.set(name, (sums.get(name) ?? 0) + value);
    }
  }
  return {
    totals: (name) => sums.get(name) ?? 0,
    also: (key) => items.find((item) => item.PK === key.PK && item.SK === key.SK),
  };
}
