import { formatDay, formatKes } from "../../lib/format";

/** How a chart's figures are read out: money in KES with 2 decimals, or a plain count. */
export type ChartUnit = "kes" | "count";

const countFormat = new Intl.NumberFormat("en-US");
const compactFormat = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

export function formatFigure(value: number, unit: ChartUnit): string {
  return unit === "kes" ? formatKes(value) : countFormat.format(value);
}

/** An axis tick: short enough for a 360 px screen ("1.2K", "KES 1.2K" would not fit beside the plot). */
export function formatTick(value: number, unit: ChartUnit): string {
  return unit === "count" && !Number.isInteger(value) ? "" : compactFormat.format(value);
}

const span = (days: number) => `over ${days} ${days === 1 ? "day" : "days"}`;

/** A level over time: "Value rose from KES 1,000.00 to KES 1,250.00 over 30 days". */
export function describeTrend(label: string, values: readonly number[], unit: ChartUnit): string {
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  const over = span(values.length);
  if (first === last) return `${label} stayed at ${formatFigure(last, unit)} ${over}`;
  const direction = last > first ? "rose" : "fell";
  return `${label} ${direction} from ${formatFigure(first, unit)} to ${formatFigure(last, unit)} ${over}`;
}

/** Amounts per day: "Deposits: KES 1,500.00 in total over 30 days, most on Nov 20, 2026 (KES 1,000.00)". */
export function describeDaily(
  label: string,
  days: readonly string[],
  values: readonly number[],
  unit: ChartUnit,
): string {
  const total = values.reduce((sum, value) => sum + value, 0);
  const over = span(values.length);
  if (total === 0) return `${label}: none ${over}`;
  // Cents first, so a sum of KES amounts reads as the ledger's own total.
  const rounded = unit === "kes" ? Math.round(total * 100) / 100 : total;
  let best = 0;
  values.forEach((value, index) => {
    if (value > (values[best] ?? 0)) best = index;
  });
  const bestDay = days[best];
  const most = bestDay ? `, most on ${formatDay(bestDay)} (${formatFigure(values[best] ?? 0, unit)})` : "";
  return `${label}: ${formatFigure(rounded, unit)} in total ${over}${most}`;
}
