import type { Withdrawal } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The caller's own withdrawal requests, newest first. */
export async function getWithdrawals(): Promise<Withdrawal[]> {
  const { withdrawals } = await apiCall("list-withdrawals");
  return withdrawals;
}
