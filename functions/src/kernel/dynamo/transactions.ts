import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { BusyError } from "../errors.js";
import { type KeptAnswer, MoveRefusedError, type RefusalReason } from "../records.js";
import type { DynamoContext, TransactItem } from "./client.js";

export type { TransactItem };

import { keptAnswerItem } from "./idempotency-repository.js";
import type { Key } from "./keys.js";

/**
 * One item of a money move, with what its condition failing means. Items whose conditions cannot fail (counters)
 * go as plain TransactItems.
 */
export interface MoveItem {
  item: TransactItem;
  /** The domain answer when this item's condition fails. */
  refusal?: RefusalReason;
  /**
   * This item is the move's permanent idempotency marker: only this operation writes it, with `requestId` (in
   * `attribute`). When a retry is refused by it and it carries our requestId, an earlier attempt committed and only
   * its response was lost: the operation succeeded.
   */
  marker?: { requestId: string; attribute?: string };
}

/** One entry of a money move's list: a tagged item, or a plain one whose condition cannot fail. */
export type MoveEntry = MoveItem | TransactItem;

/** An item tagged with the refusal its condition stands for. */
export const refusing = (refusal: RefusalReason, item: TransactItem): MoveItem => ({ item, refusal });

/** A new item, written once, that is also the move's idempotency marker (it carries `requestId`). */
export const markerPut = (TableName: string, Item: Record<string, unknown>, requestId: string): MoveItem => ({
  item: { Put: { TableName, Item, ConditionExpression: "attribute_not_exists(PK)" } },
  marker: { requestId },
});

/** The per-item cancellation reasons of a cancelled TransactWriteItems, in the order the items were sent. */
function cancellationCodes(error: unknown): (string | undefined)[] | null {
  if (
    error instanceof TransactionCanceledException ||
    (error as Error | undefined)?.name === "TransactionCanceledException"
  ) {
    return ((error as TransactionCanceledException).CancellationReasons ?? []).map((reason) => reason.Code);
  }
  return null;
}

const RETRYABLE_ERRORS = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "InternalServerError",
  "ServiceUnavailable",
  "TimeoutError",
  "RequestTimeout",
  "AbortError",
]);
const RETRYABLE_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "EPIPE"]);

/**
 * A conflict with another transaction is worth another attempt (the SDK never retries a cancellation), and so is a
 * throttle or timeout that reached us past the SDK's own retries (client.ts): only here can a lost answer be told
 * from a failure, by the marker.
 */
function isRetryable(error: unknown): boolean {
  const codes = cancellationCodes(error);
  if (codes) {
    return (
      !codes.includes("ConditionalCheckFailed") &&
      codes.some((c) => c === "TransactionConflict" || c === "ThrottlingError")
    );
  }
  const e = error as { name?: string; code?: string; $retryable?: unknown } | undefined;
  return Boolean(e && (RETRYABLE_ERRORS.has(e.name ?? "") || RETRYABLE_CODES.has(e.code ?? "") || e.$retryable));
}

export const RETRY_POLICY = { attempts: 8, baseDelayMs: 15, maxDelayMs: 400 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key of the item an action writes or checks. */
function targetKey(item: TransactItem): Key {
  const key = item.Put ? item.Put.Item : (item.Update ?? item.Delete ?? item.ConditionCheck)?.Key;
  return { PK: String(key?.PK), SK: String(key?.SK) };
}

export interface TransactionOptions {
  /**
   * The answer of a request made with an Idempotency-Key: kept by an item appended after the move's own, so it is
   * written exactly when the move commits.
   */
  answer?: KeptAnswer;
}

/**
 * Sends one TransactWriteItems, retrying conflicts with jittered backoff while reusing the same items and marker.
 * Resolves when the transaction committed (now or in an attempt whose answer was lost). A failed condition is never
 * retried: it rejects with MoveRefusedError carrying the refusal of the first failed item that names one (a failed
 * condition that names none is a bug and rejects with the cancellation itself). Running out of attempts rejects with
 * BusyError, nothing changed.
 */
export async function runTransaction(
  ctx: DynamoContext,
  items: MoveEntry[],
  options: TransactionOptions = {},
): Promise<void> {
  const moves: MoveItem[] = items.map((entry) => ("item" in entry ? entry : { item: entry }));
  const transactItems = moves.map((move) => move.item);
  if (options.answer) transactItems.push(keptAnswerItem(ctx.TableName, options.answer));
  const markerMove = moves.find((move) => move.marker);
  // Transactions are atomic, so the marker's presence tells whether an unanswered attempt committed.
  const markerIsOurs = async () => {
    if (!markerMove?.marker) return false;
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: ctx.TableName, Key: targetKey(markerMove.item), ConsistentRead: true }),
    );
    return Item?.[markerMove.marker.attribute ?? "requestId"] === markerMove.marker.requestId;
  };
  let ambiguous = false;
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.db.send(new TransactWriteCommand({ TransactItems: transactItems }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      const failed = moves.filter((_, index) => codes?.[index] === "ConditionalCheckFailed");
      if (failed.length > 0) {
        if (ambiguous && markerMove && failed.includes(markerMove) && (await markerIsOurs())) return;
        const refusal = failed.find((move) => move.refusal)?.refusal;
        if (refusal) throw new MoveRefusedError(refusal);
        throw error;
      }
      if (!isRetryable(error)) throw error;
      // A timeout or dropped connection may have committed: from now on a refusal must be checked against the marker.
      if (!codes) ambiguous = true;
      if (attempt >= RETRY_POLICY.attempts) {
        if (ambiguous && !markerMove) throw error;
        if (ambiguous && (await markerIsOurs())) return;
        throw new BusyError();
      }
      const cap = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1));
      await sleep(Math.random() * cap);
    }
  }
}
