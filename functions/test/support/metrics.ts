import type { MetricName, MetricsPort } from "../../src/kernel/metrics.js";

/** A metrics port that keeps what it was given, for services built by hand in tests. */
export function recordingMetrics(): MetricsPort & {
  total(name: MetricName): number;
  values(name: MetricName): number[];
  reasons(name: MetricName): string[];
} {
  const values: { name: MetricName; value: number; reason?: string }[] = [];
  return {
    count: (name, reason) => values.push({ name, value: 1, ...(reason ? { reason } : {}) }),
    record: (name, value) => values.push({ name, value }),
    adjusted: ({ direction, approval, kes }) => {
      const reason = `${direction}/${approval}`;
      values.push({ name: "BalanceAdjusted", value: 1, reason }, { name: "BalanceAdjustedKes", value: kes, reason });
    },
    depositCredited: (channel, kes) => {
      values.push(
        { name: "DepositsCredited", value: 1, ...(channel === "paybill" ? { reason: "paybill" } : {}) },
        { name: "DepositsCreditedKes", value: kes },
      );
    },
    rewardPaid: (kes) => {
      values.push({ name: "RewardsPaidKes", value: kes });
    },
    total: (name) => values.filter((v) => v.name === name).reduce((sum, v) => sum + v.value, 0),
    values: (name) => values.filter((v) => v.name === name).map((v) => v.value),
    reasons: (name) => values.filter((v) => v.name === name && v.reason).map((v) => v.reason as string),
  };
}
