/**
 * The business metrics (design.md §10), named once for both ends: the functions emit them through their metrics port
 * (functions/src/kernel/metrics.ts) and the alarms and dashboard read them (infra/). A name changed here changes on
 * both; a name spelled out anywhere else fails the infra suite (infra/test/operability.test.ts, "metric names").
 */

/** The CloudWatch namespace of every business metric (POWERTOOLS_METRICS_NAMESPACE). */
export const METRICS_NAMESPACE = "JengaFund";

/** The `service` dimension Powertools adds to every metric (POWERTOOLS_SERVICE_NAME), also the logs' service. */
export const SERVICE_NAME = "jengafund";

/**
 * What a figure is, which decides how it is written and read:
 * - `count`: events, in the Count unit, summed over a period;
 * - `gauge`: a level each scheduled run reports (Count unit), read by its Maximum, as summing runs means nothing;
 * - `kes`: an amount of shillings (no unit), summed over a period.
 */
export type MetricKind = "count" | "gauge" | "kes";

/**
 * Every business metric, by name, with its kind. Each carries the dimensions `service` and `stage`; some are also
 * published by `reason`, and the admin adjustments by `direction` and `approval`.
 */
export const BUSINESS_METRICS = {
  DepositsStarted: "count",
  DepositsCredited: "count",
  /** The KES of the deposits credited, and of the daily rewards paid (the rewards-against-deposits alarm, §13.1). */
  DepositsCreditedKes: "kes",
  RewardsPaidKes: "kes",
  DepositsFailed: "count",
  /** Every refused callback or result, whatever the reason; also by `reason`. */
  CallbacksRejected: "count",
  AmountMismatches: "count",
  DuplicateReceipts: "count",
  /** A Paybill receipt delivered again with another amount, account number or business number (design.md §13.3). */
  /** A Paybill payment kept for an admin because it would take an unverified account past its deposit limit. */
  KycLimitPayments: "count",
  ReceiptConflict: "count",
  /**
   * A Paybill payment M-Pesa's own record (Pull Transactions) lists with another amount, or not at all after two
   * hours; also by `reason` ("amount", "no-record"), design.md §13.3.
   */
  ReceiptMismatch: "count",
  PayoutsCompleted: "count",
  PayoutsRefunded: "count",
  /** M-Pesa paid a payout after we refunded it: the user holds the amount twice until an admin recovers it. */
  PayoutPaidAfterRefund: "count",
  /** Outcomes that reconciliation found (their callback never came). */
  ReconciliationFound: "count",
  ReconciliationErrors: "count",
  /** Approved payouts with no result for 30 minutes, per reconciliation run. */
  StuckPayouts: "gauge",
  /** Pending deposits too old for Daraja's STK query, per reconciliation run (an operator must look). */
  StaleDeposits: "gauge",
  /** Paybill payments unmatched for more than a day, per reconciliation run (an admin must resolve them). */
  UnmatchedPaymentsStale: "gauge",
  LoginsThrottled: "count",
  ReferralCodeChecksThrottled: "count",
  StkPromptsRefused: "count",
  PasswordResetsThrottled: "count",
  /** Heavy reads refused past an account's hourly budget (statements, charts); also by `reason`, the budget. */
  ReadsThrottled: "count",
  /** Security notices (design.md §12.2) not sent, or with no one to go to; also by `reason`, the notice's kind. */
  SecurityNoticesFailed: "count",
  /** Admin balance adjustments that moved money (design.md §12.1), by `direction` and `approval`: how many. */
  BalanceAdjusted: "count",
  /** The same adjustments' KES, by the same dimensions (the solo-credits alarm). */
  BalanceAdjustedKes: "kes",
  /** Alerts (SMS and e-mail) handed to the provider; also by `reason`, the channel (sms, email). */
  NotificationsSent: "count",
  /** Alerts the provider refused for good (an invalid number, no credit) or that ran out of tries. */
  NotificationsFailed: "count",
  /** Alerts whose send timed out after the request left: perhaps delivered, never resent. */
  NotificationsUncertain: "count",
  /** Outbox events still open 15 minutes after they were written, per sweep. */
  OutboxStuck: "gauge",
  /** Monthly statements mailed, as a run's total (issue 23). */
  StatementsSent: "count",
  /** Monthly statements that could not be built or mailed, as a run's total (the next run retries them). */
  StatementsFailed: "count",
  /** Accounts of the month still without their statement when a run stopped. */
  StatementsPending: "gauge",
  /** Content-Security-Policy violations browsers reported; also by `reason`, the directive (CSP_REPORTED_DIRECTIVES). */
  CspViolations: "count",
} as const satisfies Record<string, MetricKind>;

export type BusinessMetric = keyof typeof BUSINESS_METRICS;

/** The business metrics of one kind. */
export type MetricOfKind<K extends MetricKind> = {
  [Name in BusinessMetric]: (typeof BUSINESS_METRICS)[Name] extends K ? Name : never;
}[BusinessMetric];

/** Every business metric's name, in the order above. */
export const BUSINESS_METRIC_NAMES = Object.keys(BUSINESS_METRICS) as BusinessMetric[];
