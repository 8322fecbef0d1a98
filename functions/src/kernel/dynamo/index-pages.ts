import { paginateQuery, QueryCommand, type QueryCommandInput, type QueryCommandOutput } from "@aws-sdk/lib-dynamodb";
import { ulidFloor } from "../ids.js";
import type { DynamoContext } from "./client.js";
import { keys } from "./keys.js";

/** A Query on the context's table; the paginator carries the page keys. */
export type TableQuery = Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">;

type Item = Record<string, unknown>;

/**
 * A query for an account's items of one kind (`prefix`) created since a date: their ids are time-ordered, so they are
 * a key range of the account's partition. `query` adds the rest (a filter, a projection) and the values it names.
 */
export function accountItemsSince(
  userId: string,
  prefix: string,
  since: Date,
  query: Omit<TableQuery, "KeyConditionExpression"> = {},
): TableQuery {
  return {
    ...query,
    KeyConditionExpression: "PK = :user AND SK BETWEEN :from AND :to",
    ExpressionAttributeValues: {
      ":user": keys.user(userId).PK,
      ":from": `${prefix}${ulidFloor(since)}`,
      ":to": `${prefix}~`,
      ...query.ExpressionAttributeValues,
    },
  };
}

/**
 * The pages of a Query, through lib-dynamodb's paginator over the context's client. A reader that has what it needs
 * breaks out of its `for await`, and no further page is read.
 */
export function queryPages(
  ctx: DynamoContext,
  input: TableQuery,
  withCommand?: (command: QueryCommand) => QueryCommand,
): AsyncIterable<QueryCommandOutput> {
  return paginateQuery(
    { client: ctx.db, ...(withCommand ? { withCommand: (command) => withCommand(command as QueryCommand) } : {}) },
    { ...input, TableName: ctx.TableName },
  );
}

/** Every item a Query matches, page by page. */
export async function* queryItems(ctx: DynamoContext, input: TableQuery): AsyncGenerator<Item> {
  for await (const page of queryPages(ctx, input)) yield* page.Items ?? [];
}

/**
 * The items a Query matches, all of them or the first `upTo`: then each page asks (by its Limit) only for as many as
 * are still wanted, and the reading stops once they are there.
 */
export async function queryAllItems(ctx: DynamoContext, input: TableQuery, upTo?: number): Promise<Item[]> {
  const items: Item[] = [];
  const stillWanted =
    upTo === undefined
      ? undefined
      : (command: QueryCommand) => new QueryCommand({ ...command.input, Limit: upTo - items.length });
  for await (const page of queryPages(ctx, input, stillWanted)) {
    items.push(...(page.Items ?? []));
    if (upTo !== undefined && items.length >= upTo) break;
  }
  return items;
}

/** How many items a Query matches (give it `Select: "COUNT"`), summed over its pages. */
export async function queryCount(ctx: DynamoContext, input: TableQuery): Promise<number> {
  let count = 0;
  for await (const page of queryPages(ctx, input)) count += page.Count ?? 0;
  return count;
}

/**
 * Every item of one GSI2 partition (a status list's shard), page by page: what an operator's backfill walks. Not for
 * a request path, which reads one page at a time with its cursor.
 */
export function gsi2PartitionItems(ctx: DynamoContext, pk: string): AsyncGenerator<Item> {
  return queryItems(ctx, {
    IndexName: "GSI2",
    KeyConditionExpression: "GSI2PK = :pk",
    ExpressionAttributeValues: { ":pk": pk },
  });
}

/** Every page of a query, followed until DynamoDB has no more (or `enough` says so): a Limit or a filter ends a page early. */
async function queryAll(
  ctx: DynamoContext,
  input: TableQuery,
  enough: (items: Item[], count: number) => boolean = () => false,
): Promise<{ items: Item[]; count: number }> {
  const items: Item[] = [];
  let count = 0;
  for await (const page of queryPages(ctx, input)) {
    items.push(...(page.Items ?? []));
    count += page.Count ?? 0;
    if (enough(items, count)) break;
  }
  return { items, count };
}

/**
 * queryAll over every shard of a sharded list at once (`:pk` is set to each shard's partition key): `enough` is asked
 * per shard, so a bound given as a total bounds each shard's reading too.
 */
export async function queryAllShards(
  ctx: DynamoContext,
  partitions: string[],
  input: TableQuery,
  enough?: (items: Item[], count: number) => boolean,
): Promise<{ items: Item[]; count: number }> {
  const shards = await Promise.all(
    partitions.map((pk) =>
      queryAll(ctx, { ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ":pk": pk } }, enough),
    ),
  );
  return { items: shards.flatMap((shard) => shard.items), count: shards.reduce((sum, shard) => sum + shard.count, 0) };
}
