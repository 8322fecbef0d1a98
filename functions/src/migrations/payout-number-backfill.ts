/**
 * The backfill behind `npm run migrate` for payout numbers (design.md §12.2): every completed STK deposit made before
 * settlements recorded the number it was paid from gets its payout-number item. Reads the completed-deposit lists
 * (GSI2 `DEPOSIT#completed#<nn>`, no scan); idempotent: an item already there keeps the earlier first deposit and the
 * later last one. A backfilled number waits like any other (design.md §13.2): payouts to it from its first deposit +
 * 24 hours, so one proven long ago is usable at once. No notice or block link is made for it: its owner was not told
 * when the deposit settled, and telling them now, of numbers proven before the rule, would be noise.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoContext } from "../kernel/dynamo/client.js";
import { isConditionFailure } from "../kernel/dynamo/condition-failure.js";
import { toDepositRecord } from "../kernel/dynamo/deposit-items.js";
import { gsi2PartitionItems } from "../kernel/dynamo/index-pages.js";
import { keys } from "../kernel/dynamo/keys.js";

export interface PayoutNumberBackfillReport {
  deposits: number;
  /** Distinct (user, number) pairs written (or that would be, in a dry run). */
  numbers: number;
}

export async function backfillPayoutNumbers(
  ctx: DynamoContext,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<PayoutNumberBackfillReport> {
  const { db, TableName } = ctx;
  const spans = new Map<string, { userId: string; phoneNumber: string; first: string; last: string }>();
  let deposits = 0;
  for (const pk of keys.depositsByStatusPartitions("completed")) {
    for await (const item of gsi2PartitionItems(ctx, pk)) {
      const deposit = toDepositRecord(item);
      deposits += 1;
      const at = deposit.settledAt ?? deposit.createdAt;
      const id = `${deposit.userId} ${deposit.phoneNumber}`;
      const span = spans.get(id);
      if (!span) spans.set(id, { userId: deposit.userId, phoneNumber: deposit.phoneNumber, first: at, last: at });
      else {
        if (at < span.first) span.first = at;
        if (at > span.last) span.last = at;
      }
    }
  }
  if (!dryRun) {
    for (const span of spans.values()) {
      const Key = keys.payoutNumber(span.userId, span.phoneNumber);
      // Two writes so each bound only moves outward: a settlement that lands meanwhile is never undone.
      await db.send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression:
            "SET #type = :type, userId = :userId, phoneNumber = :phone, firstDepositAt = if_not_exists(firstDepositAt, :first), lastDepositAt = if_not_exists(lastDepositAt, :last)",
          ExpressionAttributeNames: { "#type": "type" },
          ExpressionAttributeValues: {
            ":type": "PayoutNumber",
            ":userId": span.userId,
            ":phone": span.phoneNumber,
            ":first": span.first,
            ":last": span.last,
          },
        }),
      );
      await Promise.all([
        db
          .send(
            new UpdateCommand({
              TableName,
              Key,
              UpdateExpression: "SET firstDepositAt = :first",
              ConditionExpression: "firstDepositAt > :first",
              ExpressionAttributeValues: { ":first": span.first },
            }),
          )
          .catch(ignoreConditionFailure),
        db
          .send(
            new UpdateCommand({
              TableName,
              Key,
              UpdateExpression: "SET lastDepositAt = :last",
              ConditionExpression: "lastDepositAt < :last",
              ExpressionAttributeValues: { ":last": span.last },
            }),
          )
          .catch(ignoreConditionFailure),
      ]);
    }
  }
  return { deposits, numbers: spans.size };
}

function ignoreConditionFailure(error: unknown): void {
  if (!isConditionFailure(error)) throw error;
}
