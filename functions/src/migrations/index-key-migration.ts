/**
 * The backfill behind `npm run migrate`: rewrites the index keys of items written before the lists were sharded (or
 * under another shard count) to the keys the code writes today (among them the last-name search entry phone markers
 * carry since design.md §12.7, and the maturities-list entry of every active investment since §13.6), and folds
 * statistics totals kept under an old key into today's counter shards. Idempotent: a second run finds nothing to
 * change. Each rewrite is conditional on the item as it was read, so a change that lands meanwhile is never
 * overwritten; the item is read again and retried.
 */
import { GetCommand, paginateScan, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoContext } from "../kernel/dynamo/client.js";
import { depositIndexKeys, phoneMarkerIndexKeys } from "../kernel/dynamo/deposit-items.js";
import { investmentIndexKeys } from "../kernel/dynamo/investment-items.js";
import { type Key, keys } from "../kernel/dynamo/keys.js";
import { ledgerIndexKeys } from "../kernel/dynamo/ledger-items.js";
import { userIndexKeys } from "../kernel/dynamo/user-items.js";
import { withdrawalIndexKeys } from "../kernel/dynamo/withdrawal-items.js";
import type { DepositRecord, InvestmentRecord, LedgerLine, UserRecord, WithdrawalRecord } from "../kernel/records.js";

type Item = Record<string, unknown>;
type IndexKeys = Record<string, string>;

export interface MigrationReport {
  scanned: number;
  /** Items whose index keys were rewritten. */
  rewritten: number;
  /** Statistics totals items folded into today's counter shards. */
  countersMoved: number;
}

const INDEX_ATTRIBUTES = ["GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "GSI3PK", "GSI3SK"] as const;
const ATTEMPTS = 5;
/** Items of a scanned page migrated at once. */
const CONCURRENCY = 16;

/** A marker's copy of its owner's names, which the last-name search entry is made from. */
const hasOwnerNames = (owner: unknown): owner is { firstName: string; lastName: string } =>
  typeof owner === "object" &&
  owner !== null &&
  typeof (owner as { firstName?: unknown }).firstName === "string" &&
  typeof (owner as { lastName?: unknown }).lastName === "string";

/** The index keys today's code gives an item, or undefined for items that have none to keep up to date. */
export function currentIndexKeys(item: Item): IndexKeys | undefined {
  switch (item.type) {
    case "User":
      return userIndexKeys(item as unknown as UserRecord);
    case "Transaction":
      return ledgerIndexKeys({ ...(item as unknown as LedgerLine), type: item.transactionType as LedgerLine["type"] });
    case "Withdrawal":
      return withdrawalIndexKeys(item as unknown as WithdrawalRecord);
    case "Deposit":
      return depositIndexKeys(item as unknown as DepositRecord);
    // An active investment bought before capital came back at maturity gets its entry in the maturities list.
    case "Investment":
      return investmentIndexKeys(item as unknown as InvestmentRecord);
    case "UniqueMarker":
      return item.field === "phoneNumber" && typeof item.GSI2SK === "string" && hasOwnerNames(item.owner)
        ? phoneMarkerIndexKeys(String(item.userId), item.GSI2SK, item.owner)
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Where an old statistics item folds into today's shards, or undefined when it is where today's code keeps it: the
 * totals once kept as `STATS / TOTALS#<n>`, day and maturity counters once kept under `STATS`, and any counter on a
 * shard beyond today's count.
 */
function counterShardFor(item: Item): Key | undefined {
  const partitions = keys.statsPartitions();
  const pk = String(item.PK);
  const sk = String(item.SK);
  const legacyTotals = pk === "STATS" ? /^TOTALS#(\d+)$/.exec(sk) : null;
  if (legacyTotals) return keys.statsTotals(Number(legacyTotals[1]) % partitions.length);
  if (pk === "STATS" && /^(DAY|MATURES)#/.test(sk)) return { PK: keys.statsTotals(0).PK, SK: sk };
  const shard = /^STATS#(\d+)$/.exec(pk);
  if (shard && !partitions.includes(pk)) return { PK: partitions[Number(shard[1]) % partitions.length] ?? pk, SK: sk };
  return undefined;
}

const changedKeys = (item: Item, wanted: IndexKeys) =>
  Object.entries(wanted).filter(([name, value]) => item[name] !== value);

export async function migrateIndexKeys(
  ctx: DynamoContext,
  options: { dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<MigrationReport> {
  const { db, TableName } = ctx;
  const report: MigrationReport = { scanned: 0, rewritten: 0, countersMoved: 0 };
  const reread = async (key: Key) =>
    (await db.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item;

  /**
   * Runs `write` on the item as read; when its condition finds the item changed (`refused` names that error), reads
   * the item again and retries with what it holds now. `write` answers whether it changed (or would change) anything.
   */
  async function untilUnchanged(
    first: Item,
    refused: string,
    write: (item: Item) => Promise<boolean>,
  ): Promise<boolean> {
    let item: Item | undefined = first;
    for (let attempt = 0; attempt < ATTEMPTS && item; attempt++) {
      try {
        return await write(item);
      } catch (error) {
        if ((error as Error).name !== refused) throw error;
        item = await reread({ PK: String(item.PK), SK: String(item.SK) });
      }
    }
    if (item) throw new Error(`${String(item.PK)} / ${String(item.SK)} kept changing; run again`);
    return false;
  }

  /** Sets the wanted index keys, on condition that the ones read are still there. */
  const rewrite = (first: Item) =>
    untilUnchanged(first, "ConditionalCheckFailedException", async (item) => {
      const wanted = currentIndexKeys(item);
      const changes = wanted ? changedKeys(item, wanted) : [];
      if (!changes.length) return false;
      if (options.dryRun) return true;
      const guards = INDEX_ATTRIBUTES.map((name, i) =>
        item[name] === undefined ? `attribute_not_exists(#g${i})` : `#g${i} = :g${i}`,
      );
      await db.send(
        new UpdateCommand({
          TableName,
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: `SET ${changes.map((_, i) => `#s${i} = :s${i}`).join(", ")}`,
          ConditionExpression: ["attribute_exists(PK)", ...guards].join(" AND "),
          ExpressionAttributeNames: {
            ...Object.fromEntries(changes.map(([name], i) => [`#s${i}`, name])),
            ...Object.fromEntries(INDEX_ATTRIBUTES.map((name, i) => [`#g${i}`, name])),
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(changes.map(([, value], i) => [`:s${i}`, value])),
            ...Object.fromEntries(
              INDEX_ATTRIBUTES.flatMap((name, i) => (item[name] === undefined ? [] : [[`:g${i}`, item[name]]])),
            ),
          },
        }),
      );
      return true;
    });

  /** Moves an old totals item's counts into its shard and deletes it, on condition that it still holds them. */
  const foldCounters = (first: Item, shard: Key) =>
    untilUnchanged(first, "TransactionCanceledException", async (item) => {
      if (options.dryRun) return true;
      const counts = Object.entries(item).filter((entry): entry is [string, number] => typeof entry[1] === "number");
      // The same names and values serve the delete's condition (the counts as read) and the shard's ADD.
      const expression = counts.length
        ? {
            ExpressionAttributeNames: Object.fromEntries(counts.map(([name], i) => [`#c${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(counts.map(([, value], i) => [`:c${i}`, value])),
          }
        : {};
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName,
                Key: { PK: item.PK, SK: item.SK },
                ConditionExpression: ["attribute_exists(PK)", ...counts.map((_, i) => `#c${i} = :c${i}`)].join(" AND "),
                ...expression,
              },
            },
            ...(counts.length
              ? [
                  {
                    Update: {
                      TableName,
                      Key: shard,
                      UpdateExpression: `ADD ${counts.map((_, i) => `#c${i} :c${i}`).join(", ")}`,
                      ...expression,
                    },
                  },
                ]
              : []),
          ],
        }),
      );
      return true;
    });

  for await (const page of paginateScan({ client: db }, { TableName })) {
    const items = page.Items ?? [];
    report.scanned += items.length;
    for (let start = 0; start < items.length; start += CONCURRENCY) {
      await Promise.all(
        items.slice(start, start + CONCURRENCY).map(async (item) => {
          const shard = counterShardFor(item);
          if (shard) {
            if (await foldCounters(item, shard)) report.countersMoved++;
          } else if (await rewrite(item)) {
            report.rewritten++;
          }
        }),
      );
    }
    options.log?.(`  scanned ${report.scanned} items, ${report.rewritten} rewritten`);
  }
  return report;
}
