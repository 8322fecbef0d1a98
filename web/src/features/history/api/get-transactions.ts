import type { Transaction } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

/** The caller's own ledger, newest first. */
export async function getTransactions(): Promise<Transaction[]> {
  const { transactions } = await apiRequest<{ transactions: Transaction[] }>("GET", "/transactions");
  return transactions;
}
