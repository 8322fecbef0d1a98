import { apiCall } from "../../../lib/api-call";
import type { TransactionFilters } from "../lib/transaction-filters";

/** The filtered list as a CSV file; the route answers text/csv, which the API client hands over as text. */
export async function exportTransactions(filters: TransactionFilters): Promise<Blob> {
  const csv = await apiCall("export-admin-transactions", { query: { ...filters } });
  return new Blob([csv], { type: "text/csv;charset=utf-8" });
}
