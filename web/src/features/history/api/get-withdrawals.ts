import type { Withdrawal } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

/** The caller's own withdrawal requests, newest first. */
export async function getWithdrawals(): Promise<Withdrawal[]> {
  const { withdrawals } = await apiRequest<{ withdrawals: Withdrawal[] }>("GET", "/withdrawals");
  return withdrawals;
}
