/** A balance adjustment as the API answers it (design.md §12.1): `_id`s, KES, and its status as it reads now. */
import { type BalanceAdjustment, centsToKes } from "@jengafund/shared";
import type { AdjustmentRecord } from "../four-eyes/index.js";
import { personView } from "../four-eyes/index.js";
import { currentStatus } from "./adjustments.js";

export function presentAdjustment(adjustment: AdjustmentRecord, now: Date): BalanceAdjustment {
  return {
    _id: adjustment.id,
    user: personView(adjustment.user),
    type: adjustment.type,
    amount: centsToKes(adjustment.amountCents),
    reason: adjustment.reason,
    status: currentStatus(adjustment, now),
    requestedBy: personView(adjustment.requestedBy),
    ...(adjustment.decidedBy ? { decidedBy: personView(adjustment.decidedBy) } : {}),
    ...(adjustment.decisionReason ? { decisionReason: adjustment.decisionReason } : {}),
    createdAt: adjustment.createdAt,
    ...(adjustment.decidedAt ? { decidedAt: adjustment.decidedAt } : {}),
    expiresAt: adjustment.expiresAt,
    ...(adjustment.unmatchedPaymentId ? { unmatchedPaymentId: adjustment.unmatchedPaymentId } : {}),
  };
}
