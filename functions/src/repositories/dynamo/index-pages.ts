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
