import { MoveRefusedError, type RefusalReason } from "../records.js";
import type { DynamoContext } from "./client.js";
import type { Key } from "./keys.js";
import { type MoveItem, refusing, runTransaction, type TransactItem } from "./transactions.js";

/** One hour's counter: with a limit, counted only while below it (else `refusal`); without one, always counted. */
export interface HourlyCounter {
  key: Key;
  limit?: number;
  /** What reaching the limit means; "login-limit" unless said. */
  refusal?: RefusalReason;
  /** A window longer than the hour's (an account's day of failures): its own TTL. */
  expiresAtEpochSeconds?: number;
}

const counterUpdate = (
  ctx: DynamoContext,
  { key, limit, refusal = "login-limit", expiresAtEpochSeconds }: HourlyCounter,
  window: { expiresAtEpochSeconds: number; type: string },
): MoveItem | TransactItem => {
  const update = {
    TableName: ctx.TableName,
    Key: key,
    UpdateExpression: "ADD attempts :one SET expiresAt = :expiresAt, #type = :type",
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: {
      ":one": 1,
      ":expiresAt": expiresAtEpochSeconds ?? window.expiresAtEpochSeconds,
      ":type": window.type,
    },
  };
  if (limit === undefined) return { Update: update };
  return refusing(refusal, {
    Update: {
      ...update,
      ConditionExpression: "attribute_not_exists(attempts) OR attempts < :limit",
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ":limit": limit },
    },
  });
};

/**
 * Counts one more on each of an hour's counters (an abuse limit: a login attempt per account, per address and per
 * pair, a password reset request likewise), in one transaction whose conditions carry the limits: parallel requests
 * cannot all pass a check made before any of them was counted. `also` joins the same transaction (a spent proof of
 * work). Null when all was counted; else, nothing counted, the refusal of the first item (in the order given) whose
 * condition failed. The counters expire by TTL after their hour.
 */
export async function countHourly(
  ctx: DynamoContext,
  counters: HourlyCounter[],
  window: { expiresAtEpochSeconds: number; type: string },
  also: MoveItem[] = [],
): Promise<RefusalReason | null> {
  try {
    await runTransaction(ctx, [...counters.map((counter) => counterUpdate(ctx, counter, window)), ...also]);
    return null;
  } catch (error) {
    if (error instanceof MoveRefusedError) return error.reason;
    throw error;
  }
}
