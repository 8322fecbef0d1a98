import type { Investment, User } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export interface ClaimResult {
  /** KES credited by this claim. */
  reward: number;
  investment: Investment;
  user: User;
}

export function claimReward(investmentId: string): Promise<ClaimResult> {
  return apiRequest<ClaimResult>("POST", `/investments/claim/${encodeURIComponent(investmentId)}`);
}
