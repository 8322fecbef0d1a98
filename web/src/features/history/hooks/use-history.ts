import type { Transaction, Withdrawal } from "@jengafund/shared";
import { useEffect, useState } from "react";
import { getTransactions } from "../api/get-transactions";
import { getWithdrawals } from "../api/get-withdrawals";

/** Both lists at once; each one that fails to load is logged and shown empty (spec §8 logs transaction failures). */
export function useHistory() {
  const [transactions, setTransactions] = useState<Transaction[]>([]);
  const [withdrawals, setWithdrawals] = useState<Withdrawal[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    const logged = (what: string) => (error: unknown) => console.error(`Failed to load ${what}`, error);
    Promise.all([
      getTransactions().then((loaded) => {
        if (!cancelled) setTransactions(loaded);
      }, logged("transactions")),
      getWithdrawals().then((loaded) => {
        if (!cancelled) setWithdrawals(loaded);
      }, logged("withdrawals")),
    ]).finally(() => {
      if (!cancelled) setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return { transactions, withdrawals, loading };
}
