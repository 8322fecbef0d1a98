/**
 * Business metrics as CloudWatch embedded metric format (EMF) lines, through Powertools Metrics: namespace `JengaFund`
 * (POWERTOOLS_METRICS_NAMESPACE), dimensions `service` (POWERTOOLS_SERVICE_NAME, which Powertools adds to every
 * metric) and `stage` (STAGE, `local` by default). The alarms and the dashboard read these names and dimensions
 * (infra/lib/observability.ts); change one only together with infra/. Locally the lines go to stdout with the logs.
 */
import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";

export type MetricName =
  | "DepositsStarted"
  | "DepositsCredited"
  // The KES of the deposits credited, and of the daily rewards paid: the rewards-against-deposits alarm reads both
  // (design.md §13.1: a package's rate set too high mints rewards no deposits pay for).
  | "DepositsCreditedKes"
  | "RewardsPaidKes"
  | "DepositsFailed"
  // Every refused callback or result, whatever the reason; also published by reason.
  | "CallbacksRejected"
  | "AmountMismatches"
  | "DuplicateReceipts"
  // A Paybill receipt delivered again with another amount, account number or business number (design.md §13.3).
  | "ReceiptConflict"
  // A Paybill payment M-Pesa's own record (Pull Transactions) lists with another amount, or not at all after two
  // hours: by reason ("amount", "no-record"); design.md §13.3.
  | "ReceiptMismatch"
  | "PayoutsCompleted"
  | "PayoutsRefunded"
  // M-Pesa paid a payout after we refunded it: the user holds the money twice until an admin recovers it.
  | "PayoutPaidAfterRefund"
  // Outcomes that reconciliation found (their callback never came).
  | "ReconciliationFound"
  | "ReconciliationErrors"
  // Per reconciliation run: approved payouts without a result for 30 minutes.
  | "StuckPayouts"
  // Per reconciliation run: pending deposits too old to ask Daraja about any more (an operator must look).
  | "StaleDeposits"
  // Per reconciliation run: Paybill payments kept as unmatched for more than a day (an admin must resolve them).
  | "UnmatchedPaymentsStale"
  | "LoginsThrottled"
  | "ReferralCodeChecksThrottled"
  | "StkPromptsRefused"
  | "PasswordResetsThrottled"
  // A reset email the mailer could not send (SES or SMTP failing): the user was still told to look for it.
  | "PasswordResetEmailsFailed"
  // A security notice (design.md §12.2) the mailer could not send or that had no one to go to: also by notice kind.
  | "SecurityNoticesFailed"
  // Notifications (SMS and email) from the outbox, by channel: sent; refused or out of attempts (alarmed); sent with
  // its answer lost, never resent (alarmed); and, per sweep, the events still open after 15 minutes (alarmed).
  | "NotificationsSent"
  | "NotificationsFailed"
  | "NotificationsUncertain"
  | "OutboxStuck"
  // Admin balance adjustments that moved money (design.md §12.1): by direction and by solo or approved.
  | "BalanceAdjusted"
  | "BalanceAdjustedKes"
  // Per monthly statement run (issue 23): emails sent, sends that failed (retried by the next run), and the accounts
  // of the month still without their email when the run stopped.
  | "StatementsSent"
  | "StatementsFailed"
  | "StatementsPending";

/** The port services receive: they count through it and know nothing of Powertools or EMF. */
export interface MetricsPort {
  /** Adds one. With a reason, the count is also published in a series of its own per reason. */
  count(name: MetricName, reason?: string): void;
  /** Records a value counted elsewhere (a run's total), so a quiet run publishes its zero. */
  record(name: MetricName, value: number): void;
  /**
   * An admin adjustment that moved money: `BalanceAdjusted` (1) and `BalanceAdjustedKes` (its amount), each by
   * `direction` and `approval`, the series the admin-credit alarm reads.
   */
  adjusted(adjustment: { direction: "credit" | "debit"; approval: "solo" | "approved"; kes: number }): void;
  /** A deposit credited: `DepositsCredited` (also by `reason: paybill` for Paybill) and its KES. */
  depositCredited(channel: "stk" | "paybill", kes: number): void;
  /** A daily reward paid: its KES (`RewardsPaidKes`). */
  rewardPaid(kes: number): void;
}

let buffered: Metrics | undefined;

/** Counts collected during an invocation, published together by `flushMetrics` when it ends. Built on first use. */
function invocationMetrics(): Metrics {
  buffered ??= new Metrics({
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || "JengaFund",
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || "jengafund",
    defaultDimensions: { stage: process.env.STAGE || "local" },
  });
  return buffered;
}

export const metrics: MetricsPort = {
  count(name, reason) {
    invocationMetrics().addMetric(name, MetricUnit.Count, 1);
    if (reason) {
      // A line of its own, written at once: a `reason` dimension on the shared line would split every metric by it.
      invocationMetrics().singleMetric().addDimension("reason", reason).addMetric(name, MetricUnit.Count, 1);
    }
  },
  record(name, value) {
    invocationMetrics().addMetric(name, MetricUnit.Count, value);
  },
  adjusted({ direction, approval, kes }) {
    // Lines of their own, written at once, with two dimensions of a few fixed values each. A single metric is
    // published (and its dimensions cleared) by its addMetric, so each figure takes a line.
    const line = () => invocationMetrics().singleMetric().addDimensions({ direction, approval });
    line().addMetric("BalanceAdjusted", MetricUnit.Count, 1);
    line().addMetric("BalanceAdjustedKes", MetricUnit.NoUnit, kes);
  },
  depositCredited(channel, kes) {
    metrics.count("DepositsCredited", channel === "paybill" ? "paybill" : undefined);
    invocationMetrics().addMetric("DepositsCreditedKes", MetricUnit.NoUnit, kes);
  },
  rewardPaid(kes) {
    invocationMetrics().addMetric("RewardsPaidKes", MetricUnit.NoUnit, kes);
  },
};

/** Writes the invocation's counts as one EMF line; nothing when there are none. Called when every invocation ends. */
export function flushMetrics(): void {
  if (buffered?.hasStoredMetrics()) buffered.publishStoredMetrics();
}

/** A port that counts nothing: for one-off scripts whose figures go to the console, and test fixtures. */
export const silentMetrics: MetricsPort = {
  count: () => {},
  record: () => {},
  adjusted: () => {},
  depositCredited: () => {},
  rewardPaid: () => {},
};
