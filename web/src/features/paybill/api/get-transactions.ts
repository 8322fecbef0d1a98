import type { Transaction } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The caller's own ledger, newest first: where a Paybill payment shows once it has been credited. */
export async function getTransactions(): Promise<Transaction[]> {
  return (await apiCall("list-transactions")).transactions;
}
