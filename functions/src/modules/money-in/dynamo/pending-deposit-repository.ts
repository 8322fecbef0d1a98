import { batchGet } from "../../../kernel/dynamo/batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { toDepositRecord } from "../../../kernel/dynamo/deposit-items.js";
import { accountItemsSince, queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import type { PendingDepositRepository } from "../pending-deposits-port.js";

/** The most keys one BatchGetItem takes. */
const BATCH_GET_MAX = 100;

export function createDynamoPendingDepositRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): PendingDepositRepository {
  /**
   * The references (Daraja's CheckoutRequestID) of the user's pending deposit lines since `since`: line ids are
   * time-ordered, so the time is a key range of the user's own partition, and the filter keeps the deposits. A line
   * moves with its deposit in one transaction, so a pending line is a pending deposit.
   */
  async function pendingReferences(userId: string, since: Date): Promise<string[]> {
    const references: string[] = [];
    const lines = queryItems(
      ctx,
      accountItemsSince(userId, keys.ledgerPrefix, since, {
        FilterExpression: "transactionType = :deposit AND #status = :pending",
        ProjectionExpression: "#reference",
        ExpressionAttributeNames: { "#status": "status", "#reference": "reference" },
        ExpressionAttributeValues: { ":deposit": "deposit", ":pending": "pending" },
        ConsistentRead: true,
      }),
    );
    for await (const item of lines) {
      if (typeof item.reference === "string") references.push(item.reference);
    }
    return references;
  }

  return {
    async listOwnPending(userId, since) {
      const references = await pendingReferences(userId, since);
      if (references.length === 0) return [];
      const chunks: string[][] = [];
      for (let i = 0; i < references.length; i += BATCH_GET_MAX) chunks.push(references.slice(i, i + BATCH_GET_MAX));
      const items = (await Promise.all(chunks.map((chunk) => batchGet(ctx, chunk.map(keys.deposit))))).flat();
      // Read after the lines: a deposit that settled in between is left out, as is anything not the user's own.
      return items
        .map(toDepositRecord)
        .filter((deposit) => deposit.status === "pending" && deposit.userId === userId)
        .sort(
          (a, b) => b.createdAt.localeCompare(a.createdAt) || b.checkoutRequestId.localeCompare(a.checkoutRequestId),
        );
    },
  };
}
