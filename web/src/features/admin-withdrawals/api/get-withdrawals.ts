import { ADMIN_PAGE_SIZE, type Withdrawal } from "@jengafund/shared";
import type { PageOf } from "../../../components/admin/use-paged-list";
import { apiCall } from "../../../lib/api-call";

export interface WithdrawalFilters {
  /** One of the withdrawal statuses, or empty for all of them. */
  status: string;
}

export async function getWithdrawals(
  page: number,
  { status }: WithdrawalFilters,
  cursor?: string,
): Promise<PageOf<Withdrawal>> {
  const { withdrawals, ...paging } = await apiCall("list-admin-withdrawals", {
    query: { page: String(page), limit: String(ADMIN_PAGE_SIZE), status, ...(cursor ? { cursor } : {}) },
  });
  return { items: withdrawals, ...paging };
}

/**
 * One withdrawal as the admin list presents it, whatever its status or page (null when there is none): what the
 * Process dialog follows once the list no longer shows the request it has open.
 */
export async function getWithdrawal(id: string): Promise<Withdrawal | null> {
  const { withdrawals } = await apiCall("list-admin-withdrawals", { query: { page: "1", limit: "1", status: "", id } });
  return withdrawals[0] ?? null;
}
