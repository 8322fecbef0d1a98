import { ADMIN_PAGE_SIZE, type Transaction } from "@jengafund/shared";
import type { PageOf } from "../../../components/admin/use-paged-list";
import { apiCall } from "../../../lib/api-call";
import type { TransactionFilters } from "../lib/transaction-filters";

/** One page of every user's ledger lines. The filters go out as given, empty ones included (spec §7). */
export async function getTransactions(
  page: number,
  filters: TransactionFilters,
  cursor?: string,
): Promise<PageOf<Transaction>> {
  const { transactions, ...paging } = await apiCall("list-admin-transactions", {
    query: { page: String(page), limit: String(ADMIN_PAGE_SIZE), ...filters, ...(cursor ? { cursor } : {}) },
  });
  return { items: transactions, ...paging };
}
