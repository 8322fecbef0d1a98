import type { Transaction } from "@jengafund/shared";

/**
 * How the dashboard waits for a Paybill payment. Nothing tells the page that money came in by Paybill, and the
 * customer pays from the phone's menu at their own pace, so for a while after the numbers were last on screen the
 * ledger is read every few seconds; after that the header's usual 30-second read of the balance is left to it.
 */
export const PAYBILL_WATCH = {
  intervalMs: 3_000,
  /** How long after the Paybill numbers were last shown a payment is still awaited. */
  windowMs: 15 * 60_000,
} as const;

/** The server's ledger line for a Paybill payment credited to an account (design.md §12.3). */
export const PAYBILL_DEPOSIT_DESCRIPTION = "M-Pesa Paybill deposit";

function isPaybillDeposit(transaction: Transaction): boolean {
  return transaction.type === "deposit" && transaction.description === PAYBILL_DEPOSIT_DESCRIPTION;
}

/**
 * The Paybill deposits already known to this page. The first reading of the ledger only learns them: a payment is
 * news when a later reading shows it. Clock-free, so a phone whose clock is off still hears of its payment. A payment
 * above KES 10,000 first shows as pending while M-Pesa's record is awaited (design.md §13.3): that is its news, and
 * the pending-deposit watch announces its credit, so it is not announced again when it completes.
 */
export interface PaybillLedger {
  /** The Paybill deposits of `transactions` not seen before (none on the first reading), now seen. */
  landed(transactions: readonly Transaction[]): Transaction[];
  /** Forgets what it has seen: the next reading learns again. */
  reset(): void;
}

export function createPaybillLedger(): PaybillLedger {
  let seen: Set<string> | undefined;
  return {
    landed(transactions) {
      const paybill = transactions.filter(isPaybillDeposit);
      if (!seen) {
        seen = new Set(paybill.map((transaction) => transaction._id));
        return [];
      }
      const known = seen;
      const fresh = paybill.filter((transaction) => !known.has(transaction._id));
      for (const transaction of fresh) known.add(transaction._id);
      return fresh.filter((transaction) => transaction.status === "completed" || transaction.status === "pending");
    },
    reset() {
      seen = undefined;
    },
  };
}
