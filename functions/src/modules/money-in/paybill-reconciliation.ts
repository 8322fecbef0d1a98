/**
 * Reconciliation of Paybill (C2B) payments (design.md §12.3): Daraja's Pull Transactions lists every completed payment
 * to the Paybill, whether or not its confirmation reached us. Each one whose TransID has no receipt marker yet goes
 * through the same settle as a confirmation, so it is credited once or kept as unmatched, never lost. The other way
 * round, each Paybill credit of the last day is looked for in the same record: one M-Pesa lists with another amount,
 * or not at all two hours on, is kept for admins and counted (ReceiptMismatch, alarmed; design.md §13.3). The same
 * job counts the unmatched payments that have waited more than a day for an admin.
 */
import { createHash } from "node:crypto";
import { nairobiWallClock, normalizeMpesaReceipt } from "@jengafund/shared";
import type { C2bPayment } from "../../adapters/daraja/callbacks.js";
import type { PaybillDarajaPort, PulledPayment } from "../../adapters/daraja/daraja.js";
import type { Log } from "../../kernel/log.js";
import { type MetricsPort, reconciliationError } from "../../kernel/metrics.js";
import {
  mpesaRecordMismatch,
  PAYBILL_LINE_DESCRIPTION,
  type PaybillDeposits,
  type PaybillSettlement,
} from "./paybill.js";
import type { PaybillReconciliationRepository } from "./paybill-reconciliation-port.js";

/** How far back each pull looks: runs are 15 minutes apart, so each payment is seen by four of them. */
export const PULL_WINDOW_MS = 60 * 60_000;
/** How often the pull runs, within the reconciliation schedule's five-minute runs. */
export const PULL_EVERY_MS = 15 * 60_000;
/** An unmatched payment older than this is counted for an operator (UnmatchedPaymentsStale, alarmed). */
export const UNMATCHED_STALE_AFTER_MS = 24 * 3_600_000;
/** How far back Paybill credits are checked against M-Pesa's record. */
export const CREDIT_CHECK_WINDOW_MS = 24 * 3_600_000;
/** M-Pesa's record is read from a little before the oldest credit checked. */
const CREDIT_CHECK_LOOKBACK_MS = 10 * 60_000;

/**
 * Whether the run scheduled at `at` pulls: the first five-minute run of each quarter hour (hh:00, :15, :30, :45).
 * A run that is lost is covered by the next pull, whose hour overlaps it by three quarters.
 */
export function isPullRun(at: Date, runEveryMs = 5 * 60_000): boolean {
  return at.getTime() % PULL_EVERY_MS < runEveryMs;
}

/** Pull Transactions' transaction types in the words a confirmation's TransactionType uses. */
const TRANSACTION_TYPES: Readonly<Record<string, string>> = {
  "c2b-pay-bill-debit": "Pay Bill",
  "c2b-buy-goods-debit": "Buy Goods",
};

/**
 * A pulled payment as the confirmation it stands for. The payer's number, which Pull Transactions gives in clear, is
 * kept hashed as a v1 confirmation carries it: it is for reading, never a key (mpesa.md §9.A B.8 #5).
 */
export function confirmationOf(payment: PulledPayment, shortCode: string): C2bPayment {
  return {
    transId: payment.transId,
    transTime: nairobiWallClock(payment.completedAt).replace(/[-:T]/g, "").slice(0, 14),
    amountCents: payment.amountCents,
    billRefNumber: payment.billRefNumber,
    businessShortCode: shortCode,
    transactionType: TRANSACTION_TYPES[payment.transactionType] ?? payment.transactionType,
    msisdn: payment.msisdn ? createHash("sha256").update(payment.msisdn).digest("hex") : "",
    payerName: payment.payerName,
  };
}

export interface PaybillReconciliationDeps {
  daraja: Pick<PaybillDarajaPort, "pullTransactions">;
  receipts: PaybillReconciliationRepository;
  /** The settle of a confirmation (services/paybill.ts). */
  settle: (payment: C2bPayment) => Promise<PaybillSettlement>;
  /** Keeps and counts a payment M-Pesa's record contradicts (services/paybill.ts). */
  recordMismatch: PaybillDeposits["recordMismatch"];
  /** Our Paybill (MPESA_PAYBILL_SHORTCODE). */
  shortCode: string;
  clock: { now(): Date };
  log: Log;
  metrics: MetricsPort;
}

export interface PaybillPullSummary {
  /** Payments Pull Transactions listed for the window. */
  pulled: number;
  /** Of them, already settled (their receipt marker exists). */
  alreadySettled: number;
  /** Left to the STK reconciliation: payments an STK prompt made. */
  stkPayments: number;
  credited: number;
  /** Above the limit, held until M-Pesa's record shows them (normally this very pull: they are in it). */
  held: number;
  unmatched: number;
  /** Settled by a confirmation between the marker read and this run's settle. */
  duplicates: number;
  /** Rows that named no payment, and settles that failed. */
  errors: number;
  stoppedEarly: boolean;
}

export function createPaybillReconciliation(deps: PaybillReconciliationDeps) {
  const { daraja, receipts, settle, recordMismatch, shortCode, clock, log, metrics } = deps;
  return {
    /**
     * Pulls the last hour and settles what no confirmation settled. A failing pull throws (the caller counts it); a
     * failing settle is counted and logged, and the rest carry on. Stops before the time left runs out.
     */
    async pull({ timeLeftMs }: { timeLeftMs: () => number }): Promise<PaybillPullSummary> {
      const to = clock.now();
      const from = new Date(to.getTime() - PULL_WINDOW_MS);
      const { payments, unreadableRows } = await daraja.pullTransactions({ shortCode, from, to });
      const summary: PaybillPullSummary = {
        pulled: payments.length,
        alreadySettled: 0,
        stkPayments: 0,
        credited: 0,
        held: 0,
        unmatched: 0,
        duplicates: 0,
        errors: unreadableRows,
        stoppedEarly: false,
      };
      if (unreadableRows > 0) {
        metrics.count("ReconciliationErrors", "paybill-pull-row");
        log("error", "Pull Transactions rows that name no payment were left out", { unreadableRows });
      }
      const taken = await receipts.takenReceipts(payments.map((payment) => payment.transId));
      for (const payment of payments) {
        if (taken.has(payment.transId)) {
          summary.alreadySettled++;
          continue;
        }
        if (timeLeftMs() <= 0) {
          summary.stoppedEarly = true;
          break;
        }
        const context = { transId: payment.transId, amountCents: payment.amountCents };
        try {
          const outcome = await settle(confirmationOf(payment, shortCode));
          if (outcome === "duplicate") {
            summary.duplicates++;
            continue;
          }
          // The settle leaves a payment with our STK reference to the STK deposit's own checks, writing nothing.
          if (outcome === "stk-payment") {
            summary.stkPayments++;
            continue;
          }
          if (outcome === "credited") summary.credited++;
          else if (outcome === "confirming") summary.held++;
          else summary.unmatched++;
          metrics.count("ReconciliationFound", "paybill");
          log("warn", "Paybill payment with no confirmation settled from Pull Transactions", { ...context, outcome });
        } catch (error) {
          reconciliationError(
            { summary, metrics, log },
            {
              reason: "paybill-settle",
              message: "A pulled Paybill payment could not be settled",
              details: { ...context, error },
            },
          );
        }
      }
      return summary;
    },

    /**
     * The other way round: each Paybill credit of the last day against M-Pesa's record. A credit the record lists with
     * another amount, or does not list once MPESA_RECORD_GRACE_MS have passed, is kept for admins and counted once.
     * A failing read throws (the caller counts it).
     */
    async checkCredits({ timeLeftMs }: { timeLeftMs: () => number }) {
      const now = clock.now();
      const credits = await receipts.creditsSince(
        new Date(now.getTime() - CREDIT_CHECK_WINDOW_MS),
        PAYBILL_LINE_DESCRIPTION,
      );
      const summary = { checked: 0, mismatches: 0, stoppedEarly: false };
      if (credits.length === 0) return summary;
      const oldest = Math.min(...credits.map((credit) => Date.parse(credit.createdAt)));
      const { payments } = await daraja.pullTransactions({
        shortCode,
        from: new Date(oldest - CREDIT_CHECK_LOOKBACK_MS),
        to: now,
      });
      const known = new Map(payments.map((payment) => [normalizeMpesaReceipt(payment.transId), payment]));
      for (const credit of credits) {
        if (timeLeftMs() <= 0) {
          summary.stoppedEarly = true;
          break;
        }
        summary.checked++;
        const record = known.get(credit.receipt);
        const mismatch = mpesaRecordMismatch(record, credit, now);
        if (!mismatch) continue;
        summary.mismatches++;
        await recordMismatch({
          receipt: credit.receipt,
          mismatch,
          amountCents: credit.amountCents,
          billRefNumber: record?.billRefNumber ?? "",
          msisdn: "",
          transTime: "",
          businessShortCode: shortCode,
          transactionType: "",
          payerName: "",
          userId: credit.userId,
        });
      }
      return summary;
    },

    /** Counts the unmatched payments older than a day and records the figure (a quiet run records its zero). */
    async countStaleUnmatched(): Promise<number> {
      const before = new Date(clock.now().getTime() - UNMATCHED_STALE_AFTER_MS).toISOString();
      const stale = await receipts.countUnmatchedBefore(before);
      metrics.record("UnmatchedPaymentsStale", stale);
      if (stale > 0) {
        log("warn", "Unmatched Paybill payments waiting for an admin for more than a day", { stale, before });
      }
      return stale;
    },
  };
}

export type PaybillReconciliation = ReturnType<typeof createPaybillReconciliation>;
