import { createContext } from "react";

export interface PendingDeposit {
  checkoutRequestId: string;
  amount: number;
}

export interface DepositWatchValue {
  /** Deposits whose M-Pesa prompt was sent and whose outcome is not known yet, oldest first. */
  pending: readonly PendingDeposit[];
  /** Starts watching a deposit until M-Pesa answers; the balance and the toast's outcome follow on their own. */
  watch(deposit: PendingDeposit): void;
}

export const DepositWatchContext = createContext<DepositWatchValue | null>(null);
