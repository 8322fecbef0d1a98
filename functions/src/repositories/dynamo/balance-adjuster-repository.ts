import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { ulidFloor } from "../../lib/ids.js";
import type { BalanceAdjusterRepository } from "../four-eyes-port.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { keys } from "./keys.js";

/**
 * The admins who adjusted a balance, from the audit trail: alone (`user.balance`), or as asker or approver of an
 * approved adjustment (`adjustment.approve`, which names the asker). Every adjustment writes its audit entry in the
 * same transaction as the money, indexed by what it was done to (GSI3) under a time-ordered id, so "since" is a key range.
 */
export function createDynamoBalanceAdjusterRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): BalanceAdjusterRepository {
  const { db, TableName } = ctx;
  return {
    async adjustersSince(userId, since) {
      const adjusters = new Set<string>();
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName,
            IndexName: "GSI3",
            KeyConditionExpression: "GSI3PK = :target AND GSI3SK >= :since",
            FilterExpression: "#action IN (:alone, :approved)",
            ExpressionAttributeNames: { "#action": "action", "#actor": "actor", "#details": "details" },
            ExpressionAttributeValues: {
              ":target": keys.auditByTarget(userId),
              ":since": ulidFloor(since),
              ":alone": "user.balance",
              ":approved": "adjustment.approve",
            },
            ProjectionExpression: "#actor, #details.requestedBy",
            ExclusiveStartKey,
          }),
        );
        for (const item of page.Items ?? []) {
          adjusters.add((item.actor as { id: string }).id);
          // An approved adjustment has two hands on it: the approver's and the asker's.
          const asker = (item.details as { requestedBy?: { id: string } } | undefined)?.requestedBy;
          if (asker) adjusters.add(asker.id);
        }
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return [...adjusters];
    },
  };
}
