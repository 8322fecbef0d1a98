import type { PayoutNumberRecord } from "../records.js";
import { keys } from "./keys.js";
import type { TransactItem } from "./transactions.js";

/**
 * The payout-number item (design.md §12.2), apart from its repository: the caller's load and the deposit's settlement
 * use it, and their bundles need nothing else of payout numbers.
 */
export const toPayoutNumberRecord = (item: Record<string, unknown>): PayoutNumberRecord => ({
  userId: item.userId as string,
  phoneNumber: item.phoneNumber as string,
  firstDepositAt: item.firstDepositAt as string,
  lastDepositAt: item.lastDepositAt as string,
  ...(typeof item.blockedAt === "string" ? { blockedAt: item.blockedAt } : {}),
});

/**
 * The number an STK deposit was paid from becomes a payout number: written in the deposit's own settle transaction,
 * so a completed deposit never leaves its number unrecorded. Idempotent (a later deposit from it moves only
 * `lastDepositAt`), so it needs no condition and never refuses the settlement.
 */
export function provenPayoutNumberUpdate(TableName: string, userId: string, msisdn: string, at: string): TransactItem {
  return {
    Update: {
      TableName,
      Key: keys.payoutNumber(userId, msisdn),
      UpdateExpression:
        "SET #type = :type, userId = :userId, phoneNumber = :phone, firstDepositAt = if_not_exists(firstDepositAt, :at), lastDepositAt = :at",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":type": "PayoutNumber", ":userId": userId, ":phone": msisdn, ":at": at },
    },
  };
}
