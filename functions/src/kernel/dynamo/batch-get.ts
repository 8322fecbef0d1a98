import { BatchGetCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoContext } from "./client.js";
import type { Key } from "./keys.js";

/** One BatchGetItem; unprocessed keys (throttling) are fetched again. */
export async function batchGet(ctx: DynamoContext, requested: Key[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let pending: Key[] = requested;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 5) throw new Error("BatchGetItem kept returning unprocessed keys");
    const { Responses, UnprocessedKeys } = await ctx.db.send(
      new BatchGetCommand({ RequestItems: { [ctx.TableName]: { Keys: pending, ConsistentRead: true } } }),
    );
    found.push(...(Responses?.[ctx.TableName] ?? []));
    pending = (UnprocessedKeys?.[ctx.TableName]?.Keys as Key[] | undefined) ?? [];
    if (pending.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
  return found;
}
