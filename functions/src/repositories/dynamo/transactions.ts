import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";

/**
 * The per-item cancellation reasons of a cancelled TransactWriteItems, in the order the items were sent.
 * `ConditionalCheckFailed` at index i means item i's condition was the business answer.
 */
export function cancellationCodes(error: unknown): (string | undefined)[] | null {
  if (error instanceof TransactionCanceledException) {
    return (error.CancellationReasons ?? []).map((reason) => reason.Code);
  }
  return null;
}

export function failedConditionIndexes(error: unknown): number[] {
  const codes = cancellationCodes(error);
  if (!codes) return [];
  return codes.flatMap((code, index) => (code === "ConditionalCheckFailed" ? [index] : []));
}
