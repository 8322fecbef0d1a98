import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { PlatformDayCounts } from "../../src/kernel/daily-stats-port.js";
import { defaultDynamoContext, dynamoDocumentClient, tableName } from "../../src/kernel/dynamo/client.js";
import { counterNames } from "../../src/kernel/dynamo/counter-items.js";
import { readTotals } from "../../src/kernel/dynamo/counters.js";
import { BACKFILLED_DAY_COUNTERS, DAY_COUNTERS } from "../../src/kernel/dynamo/day-counters.js";
import { keys } from "../../src/kernel/dynamo/keys.js";

/** Direct table reads for assertions: what the handlers actually wrote. */
export async function readItem(key: { PK: string; SK: string }) {
  const { Item } = await dynamoDocumentClient().send(new GetCommand({ TableName: tableName(), Key: key }));
  return Item;
}

export async function itemsOfUser(userId: string, skPrefix: string) {
  const { Items } = await dynamoDocumentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: "PK = :pk AND begins_with(SK, :sk)",
      ExpressionAttributeValues: { ":pk": keys.user(userId).PK, ":sk": skPrefix },
    }),
  );
  return Items ?? [];
}

/** Sets attributes on an item, to arrange a state the test starts from (e.g. a status query already sent). */
export async function setAttributes(key: { PK: string; SK: string }, attributes: Record<string, unknown>) {
  const names = Object.keys(attributes);
  await dynamoDocumentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, attributes[name]])),
      ConditionExpression: "attribute_exists(PK)",
    }),
  );
}

/** Deactivates a user straight in the table, as PUT /admin/users/{id}/status does, without an admin session. */
export async function deactivateUser(userId: string) {
  await dynamoDocumentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: "SET isActive = :false ADD tokenVersion :one",
      ExpressionAttributeValues: { ":false": false, ":one": 1 },
    }),
  );
}

/** The statistics totals, summed over their shards. */
export async function readStats(): Promise<Record<string, number>> {
  const { totals } = await readTotals(defaultDynamoContext());
  const names = [
    "totalUsers",
    "totalPackages",
    "totalInvestments",
    "activeInvestments",
    "totalTransactions",
    "totalRevenueCents",
    counterNames.withdrawals(),
    counterNames.withdrawals("pending"),
  ];
  return Object.fromEntries(names.map((name) => [name, totals(name)]));
}

/** Every day's counters (GET /admin/stats/daily's items, backfilled ones too) of every shard, summed over all days. */
export async function readDayCounterTotals(): Promise<PlatformDayCounts> {
  const totals: PlatformDayCounts = {
    newUsers: 0,
    deposits: 0,
    depositsCents: 0,
    payouts: 0,
    payoutsCents: 0,
    rewardsCents: 0,
  };
  const dayPrefix = keys.statsDay("", 0).SK;
  for (const pk of keys.statsPartitions()) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamoDocumentClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: "PK = :pk AND begins_with(SK, :day)",
          ExpressionAttributeValues: { ":pk": pk, ":day": dayPrefix },
          ExclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const backfilled = (item[BACKFILLED_DAY_COUNTERS] ?? {}) as Record<string, unknown>;
        for (const name of DAY_COUNTERS) totals[name] += Number(item[name] ?? 0) + Number(backfilled[name] ?? 0);
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
  return totals;
}
