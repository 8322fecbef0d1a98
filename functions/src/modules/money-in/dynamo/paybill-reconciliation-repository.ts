import { batchGet } from "../../../kernel/dynamo/batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { queryCount, queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ulidFloor } from "../../../kernel/ids.js";
import type { PaybillCreditLine, PaybillReconciliationRepository } from "../paybill-reconciliation-port.js";

/** BatchGetItem takes at most this many keys. */
const BATCH_GET_MAX = 100;

/** The reads of Paybill reconciliation on the single table. */
export function createDynamoPaybillReconciliationRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): PaybillReconciliationRepository {
  return {
    async creditsSince(since, description) {
      const shards = await Promise.all(
        keys.ledgerByTypeAndStatusPartitions("deposit", "completed").map(async (partition) => {
          const lines: PaybillCreditLine[] = [];
          const items = queryItems(ctx, {
            IndexName: "GSI2",
            KeyConditionExpression: "GSI2PK = :pk AND GSI2SK >= :since",
            FilterExpression: "description = :description AND attribute_exists(mpesaTransactionId)",
            ExpressionAttributeValues: {
              ":pk": partition,
              ":since": ulidFloor(since),
              ":description": description,
            },
          });
          for await (const item of items) {
            lines.push({
              receipt: String(item.mpesaTransactionId),
              amountCents: Number(item.amountCents),
              userId: String(item.userId),
              createdAt: String(item.createdAt),
            });
          }
          return lines;
        }),
      );
      return shards.flat();
    },

    async takenReceipts(transIds) {
      const unique = [...new Set(transIds)];
      const taken = new Set<string>();
      for (let start = 0; start < unique.length; start += BATCH_GET_MAX) {
        const markers = await batchGet(ctx, unique.slice(start, start + BATCH_GET_MAX).map(keys.receiptMarker));
        for (const marker of markers) taken.add(String(marker.PK).slice("RECEIPT#".length));
      }
      return taken;
    },

    async countUnmatchedBefore(before) {
      // GSI2 lists unmatched payments by status, sorted by `<receivedAt>#<transId>`: a key condition, counted.
      const counts = await Promise.all(
        keys.unmatchedPaymentsByStatusPartitions("unmatched").map((partition) =>
          queryCount(ctx, {
            IndexName: "GSI2",
            KeyConditionExpression: "GSI2PK = :pk AND GSI2SK < :before",
            ExpressionAttributeValues: { ":pk": partition, ":before": before },
            Select: "COUNT",
          }),
        ),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    },
  };
}
