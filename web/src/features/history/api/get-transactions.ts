import type { Transaction } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The caller's own ledger, newest first. */
export async function getTransactions(): Promise<Transaction[]> {
  const { transactions } = await apiCall("list-transactions");
  return transactions;
}
