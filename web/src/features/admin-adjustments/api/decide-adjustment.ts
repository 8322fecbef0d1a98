import type { BalanceAdjustment } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

export type AdjustmentDecision = "approved" | "rejected";

/** A second admin approves (the money moves) or rejects (nothing moves) a pending balance adjustment. */
export const decideAdjustment = keyedAction(
  async (
    idempotencyKey,
    adjustmentId: string,
    decision: { status: AdjustmentDecision; reason: string },
  ): Promise<BalanceAdjustment> => {
    const { adjustment } = await apiCall("decide-adjustment", {
      path: { id: adjustmentId },
      body: decision,
      idempotencyKey,
    });
    return adjustment;
  },
);
