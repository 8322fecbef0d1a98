import { MoveRefusedError } from "../ports.js";
import type { DynamoContext } from "./client.js";
import type { Key } from "./keys.js";
import { refusing, runTransaction } from "./transactions.js";

/**
 * Counts one more on each of an hour's counters (an abuse limit: a login attempt per account and per address, a
 * password reset request likewise), in one transaction whose conditions carry the limits: parallel requests cannot
 * all pass a check made before any of them was counted. False, and nothing counted, when any counter is at its limit.
 * The items expire by TTL after their hour.
 */
export async function reserveHourlyCounts(
  ctx: DynamoContext,
  counters: { key: Key; limit: number }[],
  window: { expiresAtEpochSeconds: number; type: string },
): Promise<boolean> {
  try {
    await runTransaction(
      ctx,
      counters.map(({ key, limit }) =>
        refusing("login-limit", {
          Update: {
            TableName: ctx.TableName,
            Key: key,
            UpdateExpression: "ADD attempts :one SET expiresAt = :expiresAt, #type = :type",
            ConditionExpression: "attribute_not_exists(attempts) OR attempts < :limit",
            ExpressionAttributeNames: { "#type": "type" },
            ExpressionAttributeValues: {
              ":one": 1,
              ":limit": limit,
              ":expiresAt": window.expiresAtEpochSeconds,
              ":type": window.type,
            },
          },
        }),
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof MoveRefusedError) return false;
    throw error;
  }
}
