/**
 * The backfill behind `npm run migrate` for `settledAt` (docs/data-model.md): ledger lines whose status changed before
 * the status update recorded when get the instant from the deposit or withdrawal they belong to, so a statement puts
 * a credit or a refund on the day it happened. Reads the status lists of settled deposits and withdrawals (GSI2, no
 * scan); each write is conditional on the line having no `settledAt` and having left pending, so a second run, or a
 * settlement landing meanwhile, changes nothing.
 */
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoContext } from "../kernel/dynamo/client.js";
import { isConditionFailure } from "../kernel/dynamo/condition-failure.js";
import { gsi2PartitionItems } from "../kernel/dynamo/index-pages.js";
import { keys } from "../kernel/dynamo/keys.js";

export interface SettledAtBackfillReport {
  /** Settled deposits and withdrawals read. */
  read: number;
  /** Ledger lines given their `settledAt` (or that would be, in a dry run). */
  lines: number;
}

/** The deposit and withdrawal statuses whose ledger line left pending, and when each item says that happened. */
const SETTLED = [
  ...["completed", "failed", "cancelled"].map((status) => ({
    partitions: keys.depositsByStatusPartitions(status),
    at: (item: Record<string, unknown>) => item.settledAt,
  })),
  // A payout paid or failed sets `completedAt`; a withdrawal refused before any payout only `processedAt`.
  ...["completed", "rejected"].map((status) => ({
    partitions: keys.withdrawalsByStatusPartitions(status),
    at: (item: Record<string, unknown>) => item.completedAt ?? item.processedAt,
  })),
];

export async function backfillSettledAt(
  ctx: DynamoContext,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<SettledAtBackfillReport> {
  const report = { read: 0, lines: 0 };
  for (const { partitions, at } of SETTLED) {
    for (const pk of partitions) {
      for await (const item of gsi2PartitionItems(ctx, pk)) {
        report.read += 1;
        const settledAt = at(item);
        if (typeof settledAt !== "string" || typeof item.userId !== "string") continue;
        if (typeof item.ledgerLineId !== "string") continue;
        if (await giveSettledAt(ctx, keys.ledgerLine(item.userId, item.ledgerLineId), settledAt, dryRun)) {
          report.lines += 1;
        }
      }
    }
  }
  return report;
}

/** Sets the line's `settledAt` where it has none and has left pending; says whether it did (or, dry, would). */
async function giveSettledAt(
  { db, TableName }: DynamoContext,
  Key: { PK: string; SK: string },
  settledAt: string,
  dryRun: boolean,
): Promise<boolean> {
  if (dryRun) {
    const { Item } = await db.send(new GetCommand({ TableName, Key }));
    return !!Item && Item.settledAt === undefined && Item.status !== "pending";
  }
  try {
    await db.send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: "SET settledAt = :at",
        ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(settledAt) AND #status <> :pending",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":pending": "pending", ":at": settledAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
