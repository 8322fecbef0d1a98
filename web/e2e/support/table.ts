import { DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { inject } from "vitest";
import { keys } from "../../../functions/src/kernel/dynamo/keys.js";
import { localDynamoClient } from "../../../functions/src/local/dynamodb-local.js";

/**
 * The run's table, for arranging what only time can bring about (a payout waiting a day for M-Pesa, a new payout
 * number's day of waiting). The app itself is only ever driven through the browser and the API.
 */
function table() {
  const env = inject("adminCliEnv");
  const db = DynamoDBDocumentClient.from(localDynamoClient(`http://127.0.0.1:${env.DYNAMODB_PORT}`));
  return { db, TableName: env.TABLE_NAME as string };
}

/** Moves an approved payout's approval `hours` back, as if it had waited that long for M-Pesa's result. */
export async function approvedHoursAgo(withdrawalId: string, hours: number): Promise<void> {
  const { db, TableName } = table();
  await db.send(
    new UpdateCommand({
      TableName,
      Key: keys.withdrawal(withdrawalId),
      // Approved and sent to M-Pesa then (the gate counts from the last send).
      UpdateExpression: "SET processedAt = :at, payoutStartedAt = :at",
      ConditionExpression: "#status = :approved",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: {
        ":at": new Date(Date.now() - hours * 3_600_000).toISOString(),
        ":approved": "approved",
      },
    }),
  );
}

/** Moves a payout number's first proof `hours` back, as if its day of waiting had passed (design.md §13.2). */
export async function payoutNumberProvenHoursAgo(userId: string, msisdn: string, hours: number): Promise<void> {
  const { db, TableName } = table();
  await db.send(
    new UpdateCommand({
      TableName,
      Key: keys.payoutNumber(userId, msisdn),
      UpdateExpression: "SET firstDepositAt = :at",
      ConditionExpression: "attribute_exists(PK)",
      ExpressionAttributeValues: { ":at": new Date(Date.now() - hours * 3_600_000).toISOString() },
    }),
  );
}
