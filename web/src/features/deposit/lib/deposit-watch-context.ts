import { createContext } from "react";

export interface PendingDeposit {
  checkoutRequestId: string;
  amount: number;
  /** When the prompt went out (epoch ms): the polling schedule and the long-wait notice count from here. */
  startedAt: number;
  /** A Paybill payment being confirmed with M-Pesa (design.md §13.3), rather than an STK prompt. */
  channel?: "paybill";
}

export interface DepositWatchValue {
  /** Deposits whose M-Pesa prompt was sent and whose outcome is not known yet, oldest first. */
  pending: readonly PendingDeposit[];
  /**
   * Starts watching a deposit until M-Pesa answers; the balance and the toast's outcome follow on their own. Without
   * `startedAt` the prompt went out now. A deposit already watched is not watched twice.
   */
  watch(deposit: Omit<PendingDeposit, "startedAt"> & { startedAt?: number }): void;
}

export const DepositWatchContext = createContext<DepositWatchValue | null>(null);
