/**
 * The names the functions' Powertools Logger and Metrics are configured with (design.md §10), and the business
 * metrics the alarms and dashboard read. They live in shared/src/metrics.ts, which the functions' metrics port reads
 * too, so a metric renamed there is renamed on both ends; the functions read the first two from
 * POWERTOOLS_SERVICE_NAME and POWERTOOLS_METRICS_NAMESPACE, which every AppFunction gets.
 */
export {
  BUSINESS_METRIC_NAMES,
  BUSINESS_METRICS,
  type BusinessMetric,
  METRICS_NAMESPACE,
  type MetricKind,
  SERVICE_NAME,
} from "@jengafund/shared";
