/**
 * The migration behind `npm run migrate` for capital at maturity (design.md §13.6). Before it, a scheduled job took
 * matured investments out of the active-investments count by their (UTC) maturity day, from counters written at
 * purchase (`STATS#<nn> / MATURES#<day>`) and a mark of the last day it covered (`STATS / MATURED`), and returned no
 * capital. Now an investment stays active until its capital comes back, and that transaction lowers the count. So the
 * investments the old job took out are counted as active again, their capital still to come back (the index-key
 * migration lists every active investment, and the maturities job's next run returns what is due), and the old
 * counters, written no more, are deleted.
 *
 * Exactly once: the count goes up in one transaction with the deletion of `STATS / MATURED`, conditional on the day it
 * held when the counters were summed; a second run finds no mark and restores nothing. Run it after the deploy that
 * replaced the old job, never before (the old job would take them out again).
 */
import { DeleteCommand, GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoContext } from "../kernel/dynamo/client.js";
import { countersUpdate } from "../kernel/dynamo/counter-items.js";
import { queryItems } from "../kernel/dynamo/index-pages.js";
import { type Key, keys } from "../kernel/dynamo/keys.js";

export interface RetiredCountReport {
  /** Matured investments the old job had taken out of the active count, now counted again (or to be, dry). */
  restored: number;
  /** Old maturity day counters deleted (or to be, dry). */
  dayCounters: number;
}

export async function restoreRetiredActiveCount(
  ctx: DynamoContext,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<RetiredCountReport> {
  const { db, TableName } = ctx;
  const { Item: mark } = await db.send(
    new GetCommand({ TableName, Key: keys.statsMaturedThrough(), ConsistentRead: true }),
  );
  const coveredThrough = typeof mark?.maturedThrough === "string" ? mark.maturedThrough : undefined;

  const dayCounters: Key[] = [];
  let restored = 0;
  for (const pk of keys.statsPartitions()) {
    const items = queryItems(ctx, {
      KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
      ExpressionAttributeValues: { ":pk": pk, ":prefix": keys.statsMaturitiesPrefix },
      ConsistentRead: true,
    });
    for await (const item of items) {
      dayCounters.push({ PK: String(item.PK), SK: String(item.SK) });
      const day = String(item.SK).slice(keys.statsMaturitiesPrefix.length);
      // The old job took out every day up to the one its mark names, and no later one.
      if (coveredThrough && day <= coveredThrough) restored += Number(item.maturing ?? 0);
    }
  }
  if (dryRun) return { restored, dayCounters: dayCounters.length };

  if (coveredThrough) {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName,
              Key: keys.statsMaturedThrough(),
              ConditionExpression: "maturedThrough = :covered",
              ExpressionAttributeValues: { ":covered": coveredThrough },
            },
          },
          ...(restored ? [countersUpdate(TableName, { activeInvestments: restored }, "retired-count-migration")] : []),
        ],
      }),
    );
  }
  for (const Key of dayCounters) await db.send(new DeleteCommand({ TableName, Key }));
  return { restored, dayCounters: dayCounters.length };
}
