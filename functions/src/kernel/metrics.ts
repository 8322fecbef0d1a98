/**
 * Business metrics as CloudWatch embedded metric format (EMF) lines, through Powertools Metrics: namespace `JengaFund`
 * (POWERTOOLS_METRICS_NAMESPACE), dimensions `service` (POWERTOOLS_SERVICE_NAME, which Powertools adds to every
 * metric) and `stage` (STAGE, `local` by default). The names, their kinds and the namespace come from
 * shared/src/metrics.ts, which the alarms and the dashboard (infra/) read too. Locally the lines go to stdout with the
 * logs.
 */

import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import {
  BUSINESS_METRICS,
  type BusinessMetric,
  METRICS_NAMESPACE,
  type MetricOfKind,
  SERVICE_NAME,
} from "@jengafund/shared";

import type { Log, LogDetails } from "./log.js";

export type MetricName = BusinessMetric;

/** The port services receive: they count through it and know nothing of Powertools or EMF. */
export interface MetricsPort {
  /** Adds one. With a reason, the count is also published in a series of its own per reason. */
  count(name: MetricOfKind<"count">, reason?: string): void;
  /** Records a value counted elsewhere (a run's total or level), so a quiet run publishes its zero. */
  record(name: MetricOfKind<"count" | "gauge">, value: number): void;
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
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || METRICS_NAMESPACE,
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || SERVICE_NAME,
    defaultDimensions: { stage: process.env.STAGE || "local" },
  });
  return buffered;
}

/** A figure's unit follows from its kind: shillings have none, events and levels are counts. */
const unitOf = (name: MetricName) => (BUSINESS_METRICS[name] === "kes" ? MetricUnit.NoUnit : MetricUnit.Count);

/** Adds a figure to the invocation's line, or (`line`) to a line of its own. */
function add(name: MetricName, value: number, line: Pick<Metrics, "addMetric"> = invocationMetrics()): void {
  line.addMetric(name, unitOf(name), value);
}

export const metrics: MetricsPort = {
  count(name, reason) {
    add(name, 1);
    if (reason) {
      // A line of its own, written at once: a `reason` dimension on the shared line would split every metric by it.
      add(name, 1, invocationMetrics().singleMetric().addDimension("reason", reason));
    }
  },
  record(name, value) {
    add(name, value);
  },
  adjusted({ direction, approval, kes }) {
    // Lines of their own, written at once, with two dimensions of a few fixed values each. A single metric is
    // published (and its dimensions cleared) by its addMetric, so each figure takes a line.
    const line = () => invocationMetrics().singleMetric().addDimensions({ direction, approval });
    add("BalanceAdjusted", 1, line());
    add("BalanceAdjustedKes", kes, line());
  },
  depositCredited(channel, kes) {
    metrics.count("DepositsCredited", channel === "paybill" ? "paybill" : undefined);
    add("DepositsCreditedKes", kes);
  },
  rewardPaid(kes) {
    add("RewardsPaidKes", kes);
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

/**
 * A reconciliation item that could not be checked or settled: counted in its run's summary and as
 * ReconciliationErrors (by `reason` where one is given), and logged as an error with what names it.
 */
export function reconciliationError(
  tools: { summary: { errors: number }; metrics: MetricsPort; log: Log },
  what: { reason?: string; message: string; details: LogDetails },
): void {
  tools.summary.errors++;
  tools.metrics.count("ReconciliationErrors", ...(what.reason ? ([what.reason] as const) : ([] as const)));
  tools.log("error", what.message, what.details);
}
