import type { Transaction, User } from "@jengafund/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";
import { statesBalance } from "../../../lib/toast/balance-toasts";
import { withToast } from "../../../lib/toast/toast";
import { PAYBILL_TOASTS } from "../lib/paybill-messages";
import { PAYBILL_WATCH, type PaybillLedger } from "../lib/paybill-watch";

// Mounted above every route; the API client loads with the first read, as the deposit watch's does.
const fetchTransactions = async () => (await import("../api/get-transactions")).getTransactions();

interface PaybillWatcherProps {
  userId: string;
  ledger: PaybillLedger;
  /** Called once Paybill deposits have landed and been announced. */
  onLanded: () => void;
}

/**
 * Reads the ledger every PAYBILL_WATCH.intervalMs while mounted, and announces each Paybill deposit that appears:
 * the header's balance is read again, the lists too, and a toast says how much came in. Renders nothing; the
 * provider mounts it only while a payment is awaited and the tab is in view.
 */
export function PaybillWatcher({ userId, ledger, onLanded }: PaybillWatcherProps) {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.paybill.watch(userId),
    queryFn: fetchTransactions,
    refetchInterval: PAYBILL_WATCH.intervalMs,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (!data) return;
    const news = ledger.landed(data);
    // Above KES 10,000 a payment waits for M-Pesa's record: the pending-deposit watch takes it from here (its toast
    // says it was received and is being confirmed, the header shows it, and it announces the credit).
    if (news.some((deposit) => deposit.status === "pending")) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pendingDeposits(userId) });
    }
    const landed = news.filter((deposit) => deposit.status === "completed");
    if (landed.length === 0) {
      if (news.length > 0) onLanded();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.investments });
    void refreshUser().then(() => {
      const user = queryClient.getQueryData<User>(queryKeys.me);
      for (const deposit of landed) announce(deposit, user?.walletBalance);
      onLanded();
    });
  }, [data, ledger, queryClient, refreshUser, onLanded, userId]);

  return null;
}

function announce(deposit: Transaction, newBalanceKes: number | undefined): void {
  // One toast per payment, however many readings show it; one that states the balance goes when the balance moves on.
  const toastId = `paybill-${deposit._id}`;
  if (newBalanceKes !== undefined) statesBalance(toastId, newBalanceKes);
  withToast((toast) => toast.success(PAYBILL_TOASTS.landed(deposit.amount, newBalanceKes), { toastId }));
}
