/**
 * The M-Pesa receipt of an STK payment found by reconciliation (design.md §13.6, "told when money moves").
 *
 * The STK query that finds a payment whose callback was lost says only that it succeeded: no receipt, no amount
 * (mpesa.md §1.5). Transaction Status would need the receipt itself. M-Pesa's own record of the short code's
 * payments, Pull Transactions (mpesa.md §9.A B.7), lists every completed payment with its receipt, amount and bill
 * reference, and an STK payment to a PayBill is one of them, with the push's AccountReference (`JF` and ten letters or
 * digits, one per deposit) as its bill reference. So the deposit's receipt is the payment listed there under its
 * AccountReference, for its amount, made after it started. The record is read for the STK short code
 * (MPESA_SHORTCODE), which registers for Pull Transactions like the Paybill (`npm run mpesa -- register-urls`).
 *
 * When M-Pesa's record does not list the payment yet (or cannot be read), the deposit waits for the next run rather
 * than being credited without its receipt, which its history line, statement and SMS would then lack for good: the
 * runs are five minutes apart and M-Pesa lists a payment as it completes, so the wait is short. The wait ends
 * STK_RECEIPT_WAIT_MS after the deposit started: the query's word is then enough to credit it (the money is the
 * payer's), without a receipt, counted and logged for an operator (ReconciliationErrors, "stk-no-receipt").
 */
import type { PaybillDarajaPort, PulledPayment } from "../../adapters/daraja/daraja.js";
import type { DepositRecord } from "../../kernel/records.js";

/** How long after its start a deposit whose query succeeded waits for M-Pesa's record to show its receipt. */
export const STK_RECEIPT_WAIT_MS = 30 * 60_000;
/** M-Pesa's clock is not ours: its record is read from a little before the deposit started. */
const RECORD_LOOKBACK_MS = 10 * 60_000;
/** Pull Transactions answers for the last 48 hours; a read is kept inside them. */
const PULL_REACH_MS = 47 * 3_600_000;

const comparable = (reference: string) => reference.trim().toUpperCase();

/**
 * The receipt of `deposit`'s payment among the payments M-Pesa lists: its AccountReference and its amount, completed
 * after it started; the earliest when (improbably) two are listed.
 */
export function stkReceiptOf(
  deposit: Pick<DepositRecord, "accountReference" | "amountCents" | "createdAt">,
  payments: readonly PulledPayment[],
): string | undefined {
  if (!deposit.accountReference) return undefined;
  const reference = comparable(deposit.accountReference);
  const from = Date.parse(deposit.createdAt) - RECORD_LOOKBACK_MS;
  return payments
    .filter(
      (payment) =>
        comparable(payment.billRefNumber) === reference &&
        payment.amountCents === deposit.amountCents &&
        payment.completedAt.getTime() >= from,
    )
    .sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime())[0]?.transId;
}

export interface StkReceiptsDeps {
  records: Pick<PaybillDarajaPort, "pullTransactions">;
  /** The short code the prompts' payments are made to (MPESA_SHORTCODE). */
  shortCode: string;
}

/** What M-Pesa's record says of a deposit: its receipt, nothing (yet), or that the record could not be read. */
export type StkReceiptAnswer = { receipt: string } | { receipt?: undefined; unreadable?: unknown };

/**
 * One reconciliation run's reader of M-Pesa's record: read at most once (from the first deposit asked about; they
 * come oldest first), again only for a deposit older than what was read, and not again in the run once it failed.
 */
export function stkReceiptReader({ records, shortCode }: StkReceiptsDeps, now: Date) {
  let read: { from: number; payments: PulledPayment[] } | undefined;
  let failure: { error: unknown } | undefined;
  return async (deposit: DepositRecord): Promise<StkReceiptAnswer> => {
    if (!deposit.accountReference) return {};
    if (failure) return { unreadable: failure.error };
    const from = Math.max(Date.parse(deposit.createdAt) - RECORD_LOOKBACK_MS, now.getTime() - PULL_REACH_MS);
    if (!read || from < read.from) {
      try {
        const { payments } = await records.pullTransactions({ shortCode, from: new Date(from), to: now });
        read = { from, payments };
      } catch (error) {
        failure = { error };
        return { unreadable: error };
      }
    }
    const receipt = stkReceiptOf(deposit, read.payments);
    return receipt ? { receipt } : {};
  };
}
