import { ADMIN_PAGE_SIZE, type BalanceAdjustment } from "@jengafund/shared";
import type { PageOf } from "../../../components/admin/use-paged-list";
import { apiCall } from "../../../lib/api-call";

export interface AdjustmentFilters {
  /** One of the adjustment statuses, or empty for all of them. */
  status: string;
}

/** One page of balance adjustments that needed a second admin, newest first. */
export async function getAdjustments(page: number, { status }: AdjustmentFilters): Promise<PageOf<BalanceAdjustment>> {
  const { adjustments, ...paging } = await apiCall("list-admin-adjustments", {
    query: { page: String(page), limit: String(ADMIN_PAGE_SIZE), status },
  });
  return { items: adjustments, ...paging };
}

/** How many adjustments wait for a second admin: the total of a one-line page of the pending ones. */
export async function getPendingAdjustmentCount(): Promise<number> {
  const { total } = await apiCall("list-admin-adjustments", { query: { status: "pending", page: "1", limit: "1" } });
  return total;
}
