import type { BalanceAdjustmentInput, User } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";
import { keyedAction } from "../../../lib/keyed-action";

/** Credits or debits the user's wallet; the answer carries the user with the new balance. */
export const adjustUserBalance = keyedAction(
  async (idempotencyKey, userId: string, adjustment: BalanceAdjustmentInput): Promise<User> => {
    const { user } = await apiRequest<{ user: User }>("PUT", `/admin/users/${userId}/balance`, {
      body: adjustment,
      idempotencyKey,
    });
    return user;
  },
);
