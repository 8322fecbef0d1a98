import type { User } from "@jengafund/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";
import type { DepositStatus } from "../api/get-deposit";
import { DEPOSIT_TOASTS } from "../lib/deposit-messages";
import { DEPOSIT_POLLING, nextPollDelay } from "../lib/deposit-polling";
import { showOutcome, showPaybillConfirming, showStillConfirming } from "../lib/deposit-toast";

// The watcher sits above every route, landing page included; the API client (with Amplify) loads with the first
// poll instead, by which time the deposit form has loaded it anyway.
const fetchDeposit = async (checkoutRequestId: string) =>
  (await import("../api/get-deposit")).getDeposit(checkoutRequestId);

interface DepositWatcherProps {
  checkoutRequestId: string;
  /** When the prompt went out: the polling schedule counts from here. */
  startedAt: number;
  /** A Paybill payment the server holds until M-Pesa's record shows it (design.md §13.3), with its amount. */
  paybill?: { amount: number };
  /** The watch is over, whatever the outcome. */
  onEnd: (checkoutRequestId: string) => void;
}

/**
 * Watches one deposit (design §5): a query polled on the schedule of DEPOSIT_POLLING until M-Pesa's answer is in,
 * however long that takes (design.md §12.7: while the server says pending, the header says so). A failed poll says
 * nothing about the payment, so polling goes on through it. Renders nothing; unmounting it stops the watch without a
 * word.
 */
export function DepositWatcher({ checkoutRequestId, startedAt, paybill, onEnd }: DepositWatcherProps) {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  // A Paybill payment sent no prompt: it is told once, here, that it arrived and waits for M-Pesa's record.
  const toldStillWaiting = useRef(paybill !== undefined);
  const paybillAmount = paybill?.amount;
  useEffect(() => {
    if (paybillAmount !== undefined) showPaybillConfirming(checkoutRequestId, paybillAmount);
  }, [checkoutRequestId, paybillAmount]);
  const status = useQuery({
    queryKey: queryKeys.deposit(checkoutRequestId),
    queryFn: () => fetchDeposit(checkoutRequestId),
    refetchInterval: (query) => (isSettled(query.state.data) ? false : nextPollDelay(Date.now() - startedAt)),
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
  });
  const { data, dataUpdatedAt, errorUpdatedAt } = status;

  // Runs after every poll, answered or failed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the poll times are what say a poll has come back
  useEffect(() => {
    if (data && isSettled(data)) {
      announce(checkoutRequestId, data, setUser);
      void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      onEnd(checkoutRequestId);
      return;
    }
    const elapsed = Date.now() - startedAt;
    // Told once, while the watch still asks often; a deposit found pending long after (a reload) is left to the
    // header's indicator until its outcome.
    const stillWaiting = elapsed >= DEPOSIT_POLLING.stillWaitingAfterMs && elapsed < DEPOSIT_POLLING.lingerAfterMs;
    if (stillWaiting && !toldStillWaiting.current) {
      toldStillWaiting.current = true;
      showStillConfirming(checkoutRequestId);
    }
  }, [dataUpdatedAt, errorUpdatedAt]);

  return null;
}

function isSettled(status: DepositStatus | undefined): status is DepositStatus {
  return status !== undefined && status.deposit.status !== "pending";
}

function announce(checkoutRequestId: string, { deposit, user }: DepositStatus, setUser: (user: User) => void): void {
  switch (deposit.status) {
    case "completed":
      // The server reads the deposit and its owner in one isolated read, so this user already holds the credit.
      setUser(user);
      showOutcome(checkoutRequestId, DEPOSIT_TOASTS.success(user.walletBalance), "success", user.walletBalance);
      return;
    case "cancelled":
      showOutcome(checkoutRequestId, DEPOSIT_TOASTS.cancelled, "error");
      return;
    case "failed":
      showOutcome(checkoutRequestId, DEPOSIT_TOASTS.failed(deposit.resultDesc), "error");
      return;
  }
}
