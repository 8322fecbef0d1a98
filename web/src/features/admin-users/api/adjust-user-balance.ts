import type { BalanceAdjustment, BalanceAdjustmentInput, User } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/**
 * What became of an adjustment: within one admin's solo limits the money moved and the answer carries the user with
 * the new balance; above them it waits for a second admin and nothing moved (202, design.md §12.1).
 */
export type BalanceAdjustmentOutcome =
  | { kind: "adjusted"; user: User }
  | { kind: "sentForApproval"; adjustment: BalanceAdjustment };

/** Credits or debits the user's wallet, or asks a second admin to. */
export const adjustUserBalance = keyedAction(
  async (idempotencyKey, userId: string, adjustment: BalanceAdjustmentInput): Promise<BalanceAdjustmentOutcome> => {
    const answer = await apiCall("adjust-user-balance", { path: { id: userId }, body: adjustment, idempotencyKey });
    return "adjustment" in answer
      ? { kind: "sentForApproval", adjustment: answer.adjustment }
      : { kind: "adjusted", user: answer.user };
  },
);
