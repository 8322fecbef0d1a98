import type { Investment, User } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";
import { keyedAction } from "../../../lib/keyed-action";

export interface ClaimResult {
  /** KES credited by this claim. */
  reward: number;
  investment: Investment;
  user: User;
}

export const claimReward = keyedAction((idempotencyKey, investmentId: string) =>
  apiRequest<ClaimResult>("POST", `/investments/claim/${encodeURIComponent(investmentId)}`, { idempotencyKey }),
);
