import type { DepositStatusView } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The signed-in user's deposits still awaiting M-Pesa, newest first, as the server has them (design.md §12.7). */
export async function listPendingDeposits(): Promise<DepositStatusView[]> {
  return (await apiCall("list-pending-deposits", { query: { status: "pending" } })).deposits;
}
