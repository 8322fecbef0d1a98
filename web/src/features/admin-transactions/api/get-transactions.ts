import { ADMIN_PAGE_SIZE, type Transaction } from "@jengafund/shared";
import type { PageOf } from "../../../components/admin/use-paged-list";
import { apiRequest } from "../../../lib/api-client";
import type { TransactionFilters } from "../lib/transaction-filters";

interface TransactionsPage {
  transactions: Transaction[];
  page: number;
  totalPages: number;
  total: number;
  nextCursor?: string;
}

/** One page of every user's ledger lines. The filters go out as given, empty ones included (spec §7). */
export async function getTransactions(
  page: number,
  filters: TransactionFilters,
  cursor?: string,
): Promise<PageOf<Transaction>> {
  const { transactions, ...paging } = await apiRequest<TransactionsPage>("GET", "/admin/transactions", {
    query: { page: String(page), limit: String(ADMIN_PAGE_SIZE), ...filters, ...(cursor ? { cursor } : {}) },
  });
  return { items: transactions, ...paging };
}
