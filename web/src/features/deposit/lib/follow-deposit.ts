import type { User } from "@jengafund/shared";
import { toast } from "react-toastify";
import { getDeposit } from "../api/get-deposit";
import { DEPOSIT_TOASTS } from "./deposit-messages";
import { type DepositOutcome, watchDeposit } from "./watch-deposit";

interface FollowDepositOptions {
  /** Puts the credited depositor, as the server now sees them, into the session: the header balance follows. */
  setUser(user: User): void;
  /** The watch is over, whatever the outcome. */
  onEnd(): void;
}

/** Watches one deposit and tells the depositor how it ended. Returns a function that stops it without a word. */
export function followDeposit(checkoutRequestId: string, { setUser, onEnd }: FollowDepositOptions): () => void {
  return watchDeposit({
    checkoutRequestId,
    fetchStatus: getDeposit,
    onStillWaiting: () => toast.info(DEPOSIT_TOASTS.stillConfirming),
    onSettled: (outcome) => {
      onEnd();
      announce(outcome, setUser);
    },
  });
}

function announce(outcome: DepositOutcome, setUser: (user: User) => void): void {
  switch (outcome.status) {
    case "completed":
      setUser(outcome.user);
      toast.success(DEPOSIT_TOASTS.success(outcome.user.walletBalance));
      return;
    case "cancelled":
      toast.error(DEPOSIT_TOASTS.cancelled);
      return;
    case "failed":
      toast.error(DEPOSIT_TOASTS.failed(outcome.deposit.resultDesc));
      return;
    case "unconfirmed":
      // The depositor already heard it is still being confirmed; their next visit shows the settled balance.
      return;
  }
}
