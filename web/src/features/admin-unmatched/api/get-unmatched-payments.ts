import { ADMIN_PAGE_SIZE, type UnmatchedPayment } from "@jengafund/shared";
import type { PageOf } from "../../../components/admin/use-paged-list";
import { apiCall } from "../../../lib/api-call";

export interface UnmatchedPaymentFilters {
  /** One of the payment statuses, or "all". */
  status: string;
}

/** One page of Paybill payments that named no account, newest first. */
export async function getUnmatchedPayments(
  page: number,
  { status }: UnmatchedPaymentFilters,
): Promise<PageOf<UnmatchedPayment>> {
  const { payments, ...paging } = await apiCall("list-unmatched-payments", {
    query: { page: String(page), limit: String(ADMIN_PAGE_SIZE), status },
  });
  return { items: payments, ...paging };
}

/** How many payments wait for an admin to resolve them: the total of a one-line page of the unmatched ones. */
export async function getUnmatchedPaymentCount(): Promise<number> {
  const { total } = await apiCall("list-unmatched-payments", { query: { status: "unmatched", page: "1", limit: "1" } });
  return total;
}
