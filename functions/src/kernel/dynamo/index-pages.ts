import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import type { DynamoContext } from "./client.js";

/**
 * Every item of one GSI2 partition (a status list's shard), page by page: what an operator's backfill walks. Not for
 * a request path, which reads one page at a time with its cursor.
 */
export async function* gsi2PartitionItems(
  { db, TableName }: DynamoContext,
  pk: string,
): AsyncGenerator<Record<string, unknown>> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName,
        IndexName: "GSI2",
        KeyConditionExpression: "GSI2PK = :pk",
        ExpressionAttributeValues: { ":pk": pk },
        ExclusiveStartKey,
      }),
    );
    yield* page.Items ?? [];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/**
 * Every item a Query matches, page by page through `LastEvaluatedKey`, over the context's client (which may be the
 * fault-injecting one of the tests' R7 run, so not lib-dynamodb's paginator, which wants the SDK's own client).
 */
export async function* queryItems(
  { db }: DynamoContext,
  input: Omit<QueryCommandInput, "ExclusiveStartKey">,
): AsyncGenerator<Record<string, unknown>> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    yield* page.Items ?? [];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Every page of a query, followed until DynamoDB has no more (or `enough` says so): a Limit or a filter ends a page early. */
async function queryAll(
  ctx: DynamoContext,
  input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">,
  enough: (items: Record<string, unknown>[], count: number) => boolean = () => false,
): Promise<{ items: Record<string, unknown>[]; count: number }> {
  const items: Record<string, unknown>[] = [];
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ctx.db.send(new QueryCommand({ ...input, TableName: ctx.TableName, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && !enough(items, count));
  return { items, count };
}

/**
 * queryAll over every shard of a sharded list at once (`:pk` is set to each shard's partition key): `enough` is asked
 * per shard, so a bound given as a total bounds each shard's reading too.
 */
export async function queryAllShards(
  ctx: DynamoContext,
  partitions: string[],
  input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">,
  enough?: (items: Record<string, unknown>[], count: number) => boolean,
): Promise<{ items: Record<string, unknown>[]; count: number }> {
  const shards = await Promise.all(
    partitions.map((pk) =>
      queryAll(ctx, { ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ":pk": pk } }, enough),
    ),
  );
  return { items: shards.flatMap((shard) => shard.items), count: shards.reduce((sum, shard) => sum + shard.count, 0) };
}
