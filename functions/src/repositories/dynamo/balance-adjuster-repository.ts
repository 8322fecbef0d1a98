import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { ulidFloor } from "../../lib/ids.js";
import type { BalanceAdjusterRepository } from "../four-eyes-port.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { keys } from "./keys.js";

/**
 * The admins who adjusted a balance, from the audit trail: alone (`user.balance`), as asker or approver of an
 * approved adjustment (`adjustment.approve`, which names the asker), or by crediting an unmatched Paybill payment to
 * the account (`unmatched-payment.assign`: an admin chose whose wallet the money went to). Every adjustment writes its
 * audit entry in the same transaction as the money, indexed by what it was done to (GSI3) under a time-ordered id, so
 * "since" is a key range.
 */
/**
 * Every balance adjustment's audit entry on `userId` since `since`, with the attributes `projection` names: the solo
 * ones (`user.balance`), the approved ones (`adjustment.approve`) and unmatched payments credited to the account
 * (`unmatched-payment.assign`; one approved by a second admin also has its `adjustment.approve`, and names the asker).
 * One key range of GSI3, read to its end.
 */
export async function adjustmentEntriesSince(
  { db, TableName }: DynamoContext,
  userId: string,
  since: Date,
  projection: { expression: string; names: Record<string, string> },
): Promise<Record<string, unknown>[]> {
  const entries: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName,
        IndexName: "GSI3",
        KeyConditionExpression: "GSI3PK = :target AND GSI3SK >= :since",
        FilterExpression: "#action IN (:alone, :approved, :assigned)",
        ExpressionAttributeNames: { "#action": "action", ...projection.names },
        ExpressionAttributeValues: {
          ":target": keys.auditByTarget(userId),
          ":since": ulidFloor(since),
          ":alone": "user.balance",
          ":approved": "adjustment.approve",
          ":assigned": "unmatched-payment.assign",
        },
        ProjectionExpression: projection.expression,
        ExclusiveStartKey,
      }),
    );
    entries.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return entries;
}

export function createDynamoBalanceAdjusterRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): BalanceAdjusterRepository {
  return {
    async adjustersSince(userId, since) {
      const adjusters = new Set<string>();
      const entries = await adjustmentEntriesSince(ctx, userId, since, {
        expression: "#actor, #details.requestedBy",
        names: { "#actor": "actor", "#details": "details" },
      });
      for (const item of entries) {
        adjusters.add((item.actor as { id: string }).id);
        // An approved adjustment has two hands on it: the approver's and the asker's.
        const asker = (item.details as { requestedBy?: { id: string } } | undefined)?.requestedBy;
        if (asker) adjusters.add(asker.id);
      }
      return [...adjusters];
    },
  };
}
