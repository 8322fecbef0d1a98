import type { Key } from "../../../kernel/dynamo/keys.js";
import { type MoveItem, refusing } from "../../../kernel/dynamo/transactions.js";

/** A second admin's decision on something that waits for one: who, why, when, and the deciding request. */
export interface PendingDecision {
  decidedBy: unknown;
  decisionReason?: string;
  at: string;
  /** The deciding request: a retry after a lost answer finds its own decision already made. */
  requestId: string;
}

/**
 * A pending item (an adjustment, a package change), not past its deadline (`pendingUntil`), becomes `to` with its
 * decision; refused ("not-pending") when it was decided or expired meanwhile, so two decisions race to one winner.
 */
export function pendingDecisionUpdate(
  TableName: string,
  Key: Key,
  to: "approved" | "rejected",
  decision: PendingDecision,
): MoveItem {
  return refusing("not-pending", {
    Update: {
      TableName,
      Key,
      UpdateExpression:
        "SET #status = :to, decidedBy = :by, decidedAt = :at, decisionId = :decision" +
        (decision.decisionReason ? ", decisionReason = :why" : ""),
      ConditionExpression: "#status = :pending AND pendingUntil > :at",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: {
        ":to": to,
        ":by": decision.decidedBy,
        ":at": decision.at,
        ":decision": decision.requestId,
        ":pending": "pending",
        ...(decision.decisionReason ? { ":why": decision.decisionReason } : {}),
      },
    },
  });
}
