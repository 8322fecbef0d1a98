import type { PayoutNumber } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** Where this account's withdrawals may go: the registered number first, then the numbers it deposited from. */
export async function getPayoutNumbers(): Promise<PayoutNumber[]> {
  const { numbers } = await apiCall("list-payout-numbers");
  return numbers;
}

/**
 * The cache key of the list. A deposit from a new number adds to it, so it is read again at each opening of the
 * form rather than kept.
 */
export const payoutNumbersKey = ["payout-numbers"] as const;
