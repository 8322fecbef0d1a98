/**
 * The names the functions' Powertools Logger and Metrics are configured with (design.md §10). The functions read the
 * first two from POWERTOOLS_SERVICE_NAME and POWERTOOLS_METRICS_NAMESPACE, which every AppFunction gets.
 */
export const SERVICE_NAME = "jengafund";
export const METRICS_NAMESPACE = "JengaFund";

/**
 * The business metrics the functions emit (EMF, Count unit), each with the dimensions `service` (Powertools adds the
 * service name to every metric) and `stage`. Alarms and the dashboard are built on exactly these names: a metric
 * renamed in the functions must be renamed here, or its alarm silently watches nothing.
 */
export const BUSINESS_METRICS = [
  "DepositsStarted",
  "DepositsCredited",
  /** The KES of the deposits credited, and of the daily rewards paid (the rewards-against-deposits alarm). */
  "DepositsCreditedKes",
  "RewardsPaidKes",
  "DepositsFailed",
  "CallbacksRejected",
  "AmountMismatches",
  "DuplicateReceipts",
  /** A Paybill receipt delivered again with another amount, account number or business number (design.md §13.3). */
  "ReceiptConflict",
  /**
   * A Paybill payment M-Pesa's own record lists with another amount, or not at all after two hours; also by `reason`
   * ("amount", "no-record"), design.md §13.3.
   */
  "ReceiptMismatch",
  "PayoutsCompleted",
  "PayoutsRefunded",
  /** M-Pesa paid a payout after we refunded it: the user holds the amount twice until an admin recovers it. */
  "PayoutPaidAfterRefund",
  "ReconciliationFound",
  "ReconciliationErrors",
  /** Approved payouts with no result for 30 minutes, as counted by each reconciliation run (a gauge, not events). */
  "StuckPayouts",
  /** Pending deposits too old for Daraja's STK query, as counted by each reconciliation run (a gauge). */
  "StaleDeposits",
  /** Paybill payments unmatched for more than a day, as counted by each reconciliation run (a gauge). */
  "UnmatchedPaymentsStale",
  "LoginsThrottled",
  "ReferralCodeChecksThrottled",
  "StkPromptsRefused",
  "PasswordResetsThrottled",
  /** Password reset emails the mailer could not send (SES refusing or unreachable). */
  "PasswordResetEmailsFailed",
  /** Security notices to an account's owner (design.md §12.2) that could not be sent; also by `reason`, the kind. */
  "SecurityNoticesFailed",
  /**
   * Admin balance adjustments that moved money, by `direction` (credit, debit) and `approval` (solo, approved): a
   * count, and BalanceAdjustedKes their KES (dimensions beyond service and stage; Monitoring.soloCreditsMetric).
   */
  "BalanceAdjusted",
  "BalanceAdjustedKes",
  /** Alerts (SMS and e-mail) handed to the provider; also by `reason`, the channel (sms, email). */
  "NotificationsSent",
  /** Alerts the provider refused for good (an invalid number, no credit) or that ran out of tries. */
  "NotificationsFailed",
  /** Alerts whose send timed out after the request left: perhaps delivered, never resent. */
  "NotificationsUncertain",
  /** Outbox events still open 15 minutes after they were written, as counted by each sweep (a gauge). */
  "OutboxStuck",
  /** Monthly statements mailed. */
  "StatementsSent",
  /** Monthly statements that could not be built or mailed. */
  "StatementsFailed",
  /** Accounts whose monthly statement is still to be sent, as counted at the end of each run of the job (a gauge). */
  "StatementsPending",
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];
