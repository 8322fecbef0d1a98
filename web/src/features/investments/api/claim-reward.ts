import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/** Claims today's reward: the answer carries the KES credited, the investment and the claimant's new balance. */
export const claimReward = keyedAction((idempotencyKey, investmentId: string) =>
  apiCall("claim-investment-reward", { path: { id: investmentId }, idempotencyKey }),
);
