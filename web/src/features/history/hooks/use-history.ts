import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getTransactions } from "../api/get-transactions";
import { getWithdrawals } from "../api/get-withdrawals";

/**
 * The signed-in user's own ledger and withdrawal requests: two reads, each with its own state. They are read again
 * on every opening (what was shown last time stays on screen meanwhile): an admin may have acted since.
 */
export function useHistory() {
  const transactions = useQuery({ queryKey: queryKeys.history.transactions, queryFn: getTransactions, staleTime: 0 });
  const withdrawals = useQuery({ queryKey: queryKeys.history.withdrawals, queryFn: getWithdrawals, staleTime: 0 });
  return { transactions, withdrawals };
}
