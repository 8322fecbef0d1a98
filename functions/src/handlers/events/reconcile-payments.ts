import type { Context } from "aws-lambda";
import { systemClock } from "../../kernel/clock.js";
import { observeInvocation } from "../../kernel/invocation.js";
import { log } from "../../kernel/log.js";
import { metrics } from "../../kernel/metrics.js";
import { stats } from "../../modules/admin-controls/index.js";
import { notifications, SWEEP_AFTER_MS } from "../../modules/messaging/index.js";
import { deposits, isPullRun, paybillDeposits, paybillReconciliation } from "../../modules/money-in/index.js";
import { payouts } from "../../modules/money-out/index.js";

/** Checks a run starts with Daraja, each of deposits and payouts. */
export const RECONCILE_BATCH = 50;
/** Open notification events a run sends at most. */
export const NOTIFICATION_BATCH = 100;
/**
 * No check is started with less than this left before the function's timeout: one check can wait for a Daraja token,
 * the query itself (10 s each at most) and a write.
 */
export const STOP_MARGIN_MS = 30_000;
/** Pending deposits older than this are no longer asked about, but counted for an operator (StaleDeposits). */
export const MAX_DEPOSIT_AGE_MS = 24 * 3_600_000;

/**
 * Scheduled: deposits still pending after a few minutes are asked about with the STK query (a lost callback is
 * found this way); approved payouts without a result are asked about with Transaction Status. Oldest first, in
 * bounded batches, stopping before the timeout. It also keeps the active-investments statistic current by retiring
 * investments whose maturity day has passed.
 *
 * Paybill (design.md §12.3): every 15 minutes (the run scheduled at hh:00, :15, :30 or :45, by the schedule event's
 * `time`) it pulls the last hour of Paybill payments from Pull Transactions and settles those no confirmation settled,
 * and checks each Paybill credit of the last day against the same record (ReceiptMismatch, alarmed); a run invoked by
 * hand pulls when its event says `{ "paybillPull": true }`. Every run checks the Paybill payments above KES 10,000
 * held until M-Pesa's record shows them, and counts the unmatched payments older than a day (UnmatchedPaymentsStale,
 * alarmed) (design.md §12.3, §13.3).
 *
 * Notifications (issue 23): outbox events still open a minute after they were written (the stream's delivery failed
 * or a channel waits to be tried again, or a sender's claim ran out) are sent by the same module the stream feeds,
 * and the events open for more than 15 minutes are counted (OutboxStuck, alarmed).
 *
 * A failure is counted (ReconciliationErrors, alarmed) and logged at error level, and the run carries on with the
 * rest; the handler does not throw for it. A scheduled invocation that throws is retried by Lambda at once, asking
 * Daraja about everything again, while the next run comes within minutes anyway. Only a crash (a timeout, running out
 * of memory) fails the invocation, which the function's own error alarm reports.
 */
export async function handler(event: unknown, context: Context) {
  return observeInvocation(context, { correlation_id: context.awsRequestId }, () =>
    reconcile(context, pullsPaybill(event)),
  );
}

/** The schedule's event carries the time it was scheduled for; a hand-made one may ask for the pull. */
function pullsPaybill(event: unknown): boolean {
  if (typeof event !== "object" || event === null) return false;
  const { time, paybillPull } = event as { time?: unknown; paybillPull?: unknown };
  if (paybillPull === true) return true;
  const scheduledAt = typeof time === "string" ? new Date(time) : undefined;
  return scheduledAt !== undefined && !Number.isNaN(scheduledAt.getTime()) && isPullRun(scheduledAt);
}

async function reconcile(context: Context, pullPaybill: boolean) {
  const timeLeftMs = () => context.getRemainingTimeInMillis() - STOP_MARGIN_MS;
  const failedParts: string[] = [];
  async function part<T>(name: string, work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      failedParts.push(name);
      metrics.count("ReconciliationErrors");
      log("error", `Reconciliation of ${name} failed`, { error });
      return null;
    }
  }

  const yesterday = new Date(systemClock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
  const maturedInvestmentsRetired = await part("matured investments", () => stats().retireMatured(yesterday));
  const depositRun = await part("deposits", () =>
    deposits().reconcile({ limit: RECONCILE_BATCH, maxAgeMs: MAX_DEPOSIT_AGE_MS, timeLeftMs }),
  );
  const payoutRun = await part("payouts", () => payouts().reconcile({ limit: RECONCILE_BATCH, timeLeftMs }));
  // After the STK and B2C checks: a Pull Transactions outage fails this part alone.
  const paybillRun = pullPaybill
    ? await part("Paybill payments", () => paybillReconciliation().pull({ timeLeftMs }))
    : undefined;
  // Two-way: the Paybill credits of the last day against M-Pesa's record, with each pull that could read it
  // (design.md §13.3); when Pull Transactions is down, one failure is counted, not two.
  const paybillCreditCheck = paybillRun
    ? await part("Paybill credits against M-Pesa's record", () => paybillReconciliation().checkCredits({ timeLeftMs }))
    : undefined;
  // Every run: a Paybill payment above the limit waits for M-Pesa's record, normally a minute (design.md §13.3).
  const heldPaybillRun = await part("held Paybill payments", () => paybillDeposits().confirmHeld({ timeLeftMs }));
  const unmatchedPaymentsStale = await part("stale unmatched payments", () =>
    paybillReconciliation().countStaleUnmatched(),
  );
  const notificationRun = await part("notifications", () =>
    notifications().sweep({ olderThanMs: SWEEP_AFTER_MS, limit: NOTIFICATION_BATCH, timeLeftMs, countStuck: true }),
  );

  const errors =
    failedParts.length +
    (depositRun?.errors ?? 0) +
    (payoutRun?.errors ?? 0) +
    (paybillRun?.errors ?? 0) +
    (heldPaybillRun?.errors ?? 0) +
    (notificationRun?.errors ?? 0);
  const summary = {
    deposits: depositRun,
    payouts: payoutRun,
    ...(paybillRun !== undefined ? { paybill: paybillRun } : {}),
    heldPaybill: heldPaybillRun,
    ...(paybillCreditCheck !== undefined ? { paybillCredits: paybillCreditCheck } : {}),
    unmatchedPaymentsStale,
    notifications: notificationRun,
    maturedInvestmentsRetired,
    errors,
    failedParts,
    stoppedEarly: Boolean(
      depositRun?.stoppedEarly ||
        payoutRun?.stoppedEarly ||
        paybillRun?.stoppedEarly ||
        heldPaybillRun?.stoppedEarly ||
        paybillCreditCheck?.stoppedEarly,
    ),
  };
  if (errors > 0) {
    log("error", "Payment reconciliation finished with errors", summary);
  } else if (summary.stoppedEarly) {
    log("warn", "Payment reconciliation stopped before its timeout; the next run continues", summary);
  } else if (
    depositRun?.checked ||
    payoutRun?.checked ||
    paybillRun?.credited ||
    paybillRun?.unmatched ||
    heldPaybillRun?.confirmed ||
    heldPaybillRun?.refused ||
    notificationRun?.processed ||
    maturedInvestmentsRetired
  ) {
    // Quiet when there was nothing to do: it runs every few minutes.
    log("info", "Payment reconciliation finished", summary);
  }
  return summary;
}
