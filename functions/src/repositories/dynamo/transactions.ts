import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { ServiceBusyError } from "../../lib/errors.js";
import type { KeptAnswer } from "../ports.js";
import type { DynamoContext } from "./client.js";
import { keptAnswerItem } from "./idempotency-repository.js";
import type { Key } from "./keys.js";

export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

/**
 * The per-item cancellation reasons of a cancelled TransactWriteItems, in the order the items were sent.
 * `ConditionalCheckFailed` at index i means item i's condition was the business answer.
 */
export function cancellationCodes(error: unknown): (string | undefined)[] | null {
  if (
    error instanceof TransactionCanceledException ||
    (error as Error | undefined)?.name === "TransactionCanceledException"
  ) {
    return ((error as TransactionCanceledException).CancellationReasons ?? []).map((reason) => reason.Code);
  }
  return null;
}

export function failedConditionIndexes(error: unknown): number[] {
  const codes = cancellationCodes(error);
  if (!codes) return [];
  return codes.flatMap((code, index) => (code === "ConditionalCheckFailed" ? [index] : []));
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

/** Conflicts, throttling and timeouts are worth another attempt; a failed condition never is. */
export function isRetryable(error: unknown): boolean {
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

export interface TransactionOptions {
  /**
   * The permanent idempotency marker of this operation (an item that only this operation writes, carrying
   * `requestId`). When a retry fails because the marker exists and it carries our requestId, an earlier attempt
   * committed and only its response was lost: the operation succeeded.
   */
  marker?: { index: number; key: Key; requestId: string; attribute?: string };
  /**
   * The answer of a request made with an Idempotency-Key: kept by an item appended after the move's own, so it is
   * written exactly when the move commits and the positions of the move's items keep their meaning.
   */
  answer?: KeptAnswer;
}

/**
 * Sends one TransactWriteItems, retrying conflicts, throttling and timeouts with jittered backoff while reusing the
 * same items and marker. Resolves when the transaction committed (now or in an attempt whose answer was lost);
 * rejects with the cancellation when a condition failed.
 */
export async function runTransaction(
  ctx: DynamoContext,
  items: TransactItem[],
  options: TransactionOptions = {},
): Promise<void> {
  const { marker } = options;
  const transactItems = options.answer ? [...items, keptAnswerItem(ctx.TableName, options.answer)] : items;
  // Transactions are atomic, so the marker's presence tells whether an unanswered attempt committed.
  const markerIsOurs = async () => {
    if (!marker) return false;
    const { Item } = await ctx.db.send(
      new GetCommand({ TableName: ctx.TableName, Key: marker.key, ConsistentRead: true }),
    );
    return Item?.[marker.attribute ?? "requestId"] === marker.requestId;
  };
  let ambiguous = false;
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.db.send(new TransactWriteCommand({ TransactItems: transactItems }));
      return;
    } catch (error) {
      if (marker && ambiguous && failedConditionIndexes(error).includes(marker.index) && (await markerIsOurs())) return;
      if (!isRetryable(error)) throw error;
      // A timeout or dropped connection may have committed: from now on a refusal must be checked against the marker.
      if (!cancellationCodes(error)) ambiguous = true;
      if (attempt >= RETRY_POLICY.attempts) {
        if (!ambiguous) throw new ServiceBusyError();
        if (!marker) throw error;
        if (await markerIsOurs()) return;
        throw new ServiceBusyError();
      }
      const cap = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1));
      await sleep(Math.random() * cap);
    }
  }
}
