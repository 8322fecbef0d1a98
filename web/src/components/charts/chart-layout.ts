/* Where a chart's day ticks and bars go: pure, so a test can check them without a canvas. */

/**
 * Where the day axis puts its ticks: on the last day (today, the chart's last point) and every `step` days before it,
 * back to the first day shown. Counting from the first day instead would end the axis a few days short of the last
 * point (on 30 days a week apart: days 0, 7 … 28, yesterday), and read as if today were missing.
 *
 * `lastIndex` is the last day's index (days are numbered 0 … n−1 on the x scale), `scaleMin` the scale's lower end
 * (half a day before the first for bars), `step` the days between ticks uPlot chose from the axis's increments.
 * Oldest first, as uPlot draws them.
 */
export function daySplits(lastIndex: number, scaleMin: number, step: number): number[] {
  if (!(lastIndex >= 0)) return [];
  const every = Math.max(1, Math.round(step));
  const first = Math.max(0, Math.ceil(scaleMin));
  const splits: number[] = [];
  for (let index = lastIndex; index >= first; index -= every) splits.unshift(index);
  return splits;
}

/**
 * Where a day's bars stand: one bar centred on its day, 70% of the day's width (24 px at most); two bars (real and
 * demo rewards) share that width side by side, the first left of the day's centre and the second right of it.
 */
export function barLayout(index: number, count: number): { size: [number, number]; align: -1 | 0 | 1 } {
  if (count < 2) return { size: [0.7, 24], align: 0 };
  return { size: [0.35, 12], align: index === 0 ? -1 : 1 };
}
