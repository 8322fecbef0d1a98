import type { BalanceAdjustmentInput, User } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/** Credits or debits the user's wallet; the answer carries the user with the new balance. */
export const adjustUserBalance = keyedAction(
  async (idempotencyKey, userId: string, adjustment: BalanceAdjustmentInput): Promise<User> => {
    const { user } = await apiCall("adjust-user-balance", { path: { id: userId }, body: adjustment, idempotencyKey });
    return user;
  },
);
