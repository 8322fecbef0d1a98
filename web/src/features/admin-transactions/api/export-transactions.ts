import { API_BASE_PATH, isErrorBody } from "@jengafund/shared";
import { ApiError } from "../../../lib/api-client";
import { tokenStorage } from "../../../lib/token-storage";
import type { TransactionFilters } from "../lib/transaction-filters";

/**
 * The filtered list as a CSV file. This is the one call that bypasses `apiRequest`: the API client always parses
 * a JSON body, and the export answers with text/csv.
 */
export async function exportTransactions(filters: TransactionFilters): Promise<Blob> {
  const token = tokenStorage.get();
  const response = await fetch(`${API_BASE_PATH}/admin/transactions/export?${new URLSearchParams({ ...filters })}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, await serverMessage(response));
  return response.blob();
}

async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    return isErrorBody(body) ? body.message : undefined;
  } catch {
    return undefined;
  }
}
