import { useEffect } from "react";
import type { Id } from "react-toastify";
import { withToast } from "./toast";

/** The toasts on screen that state a balance ("New balance: KES 2,000.00"), with the balance each states, in KES. */
const stated = new Map<Id, number>();

/** The toast `id` states this balance: it goes as soon as the balance is another. */
export function statesBalance(id: Id, balanceKes: number): void {
  stated.set(id, balanceKes);
}

/**
 * The balance as the header shows it now. A toast that states another figure would contradict it (an old "New
 * balance: KES 2,000.00" under a header at 3,500): it is dismissed.
 */
export function useBalanceToastsFollow(balanceKes: number): void {
  useEffect(() => {
    for (const [id, kes] of stated) {
      if (kes === balanceKes) continue;
      stated.delete(id);
      withToast((toast) => toast.dismiss(id));
    }
  }, [balanceKes]);
}
