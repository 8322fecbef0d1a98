import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import type { PayoutRecoveryRepository } from "../payout-recovery-port.js";

export function createDynamoPayoutRecoveryRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): PayoutRecoveryRepository {
  const { db, TableName } = ctx;
  return {
    async markPaidAfterRefund(withdrawalId, paid) {
      try {
        await db.send(
          new UpdateCommand({
            TableName,
            Key: keys.withdrawal(withdrawalId),
            UpdateExpression: "SET paidAfterRefund = :paid",
            // Only a payout that was sent to M-Pesa and then refunded; once.
            ConditionExpression:
              "#status = :rejected AND attribute_exists(conversationId) AND attribute_not_exists(paidAfterRefund)",
            ExpressionAttributeNames: { "#status": "status" },
            ExpressionAttributeValues: { ":paid": paid, ":rejected": "rejected" },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
