import { nairobiInstant } from "@jengafund/shared";
import { keys } from "../../../kernel/dynamo/keys.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import type { MoveItem, TransactItem } from "../../../kernel/dynamo/transactions.js";
import { refusing } from "../../../kernel/dynamo/transactions.js";
import type { LedgerLine } from "../../../kernel/records.js";
import type { AdjustmentRecord, SoloBudget } from "../../four-eyes/index.js";

/** A solo day total is kept a little past its day, then DynamoDB deletes it. */
const SOLO_DAY_TTL_SECONDS = 3 * 86_400;

const ADJUSTMENT_ATTRIBUTES = [
  "id",
  "userId",
  "user",
  "amountCents",
  "reason",
  "status",
  "requestedBy",
  "decidedBy",
  "decisionReason",
  "createdAt",
  "decidedAt",
  "requestId",
  "decisionId",
  "unmatchedPaymentId",
] as const satisfies readonly (keyof AdjustmentRecord)[];

/**
 * `type` is the entity type on every item, so credit or debit is stored as `adjustmentType`; and the table's
 * `expiresAt` is its TTL attribute (epoch seconds), so the deadline, which the adjustment must outlive, is
 * `pendingUntil`.
 */
export function adjustmentItem(adjustment: AdjustmentRecord): Record<string, unknown> {
  const { expiresAt, type: adjustmentType, ...rest } = adjustment;
  return {
    ...keys.adjustment(adjustment.id),
    type: "Adjustment",
    adjustmentType,
    ...rest,
    pendingUntil: expiresAt,
    GSI1PK: keys.adjustmentsList,
    GSI1SK: adjustment.id,
  };
}

export function toAdjustmentRecord(item: Record<string, unknown>): AdjustmentRecord {
  const record: Record<string, unknown> = { type: item.adjustmentType, expiresAt: item.pendingUntil };
  for (const name of ADJUSTMENT_ATTRIBUTES) if (item[name] !== undefined) record[name] = item[name];
  return record as unknown as AdjustmentRecord;
}

/** An admin's solo day total, refused ("solo-limit") when this adjustment would pass the day's ceiling. */
export function soloBudgetUpdate(TableName: string, budget: SoloBudget): MoveItem {
  return refusing("solo-limit", {
    Update: {
      TableName,
      Key: keys.soloAdjustments(budget.adminId, budget.day),
      UpdateExpression: "ADD totalCents :cents SET expiresAt = :ttl, #type = :type",
      // The day's first adjustment is held to the ceiling too (a per-adjustment limit set above it).
      ConditionExpression: "(attribute_not_exists(totalCents) AND :cents <= :max) OR totalCents <= :room",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: {
        ":cents": budget.cents,
        ":room": budget.dailyMaxCents - budget.cents,
        ":max": budget.dailyMaxCents,
        ":ttl": Math.floor(nairobiInstant(`${budget.day}T00:00:00`).getTime() / 1000) + SOLO_DAY_TTL_SECONDS,
        ":type": "SoloAdjustments",
      },
    },
  });
}

/**
 * The owner's notice of an admin's credit or debit (design.md §13.6), put in the move's own transaction: the line's
 * signed amount, the reason the admin typed and, for an unmatched Paybill payment credited to the account, its
 * M-Pesa receipt. Its id comes from the line's, so a repeat of the move cannot write a second one.
 */
export function balanceAdjustedNotice(TableName: string, line: LedgerLine, reason: string): TransactItem {
  return outboxPut(TableName, {
    kind: "balance-adjusted",
    moveId: line.id,
    userId: line.userId,
    data: {
      amountCents: line.amountCents,
      reason,
      ...(line.mpesaTransactionId ? { receipt: line.mpesaTransactionId } : {}),
    },
    createdAt: line.createdAt,
  });
}
