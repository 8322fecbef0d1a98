import { auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import type { DynamoContext } from "../../../kernel/dynamo/client.js";
import { countersUpdate } from "../../../kernel/dynamo/counter-items.js";
import type { Key } from "../../../kernel/dynamo/keys.js";
import { type MoveItem, markerPut, refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import type { AuditRecord, KeptAnswer } from "../../../kernel/records.js";

/**
 * Keeps a request for a second admin (an adjustment, a package change) in one transaction: its item, which is the
 * request's idempotency marker, its audit entry (counted against `counterOwner`), and the kept answer.
 */
export async function keepPendingRequest(
  ctx: DynamoContext,
  request: { item: Record<string, unknown>; requestId: string; counterOwner: string },
  audit: AuditRecord,
  answer: KeptAnswer | undefined,
): Promise<void> {
  const { TableName } = ctx;
  await runTransaction(
    ctx,
    [
      markerPut(TableName, request.item, request.requestId),
      countersUpdate(TableName, auditCounters(audit), request.counterOwner),
      auditPut(TableName, audit),
    ],
    answer ? { answer } : {},
  );
}

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
