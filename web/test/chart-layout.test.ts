/**
 * Where a chart's ticks and bars go (components/charts/chart-layout.ts): the day axis's ticks anchored on the last
 * day, the chart's last point (today), stepping back by the step uPlot chose, never before the first day; and a day's
 * bars, one centred or two side by side.
 */
import { describe, expect, it } from "vitest";
import { barLayout, daySplits } from "../src/components/charts/chart-layout";

describe("day axis ticks", () => {
  it("ends on the last day of 30, a week apart, where counting from the first would stop at yesterday", () => {
    expect(daySplits(29, 0, 7)).toEqual([1, 8, 15, 22, 29]);
  });

  it("steps back from the last of 90 days by 14 and by 30", () => {
    expect(daySplits(89, 0, 14)).toEqual([5, 19, 33, 47, 61, 75, 89]);
    expect(daySplits(89, 0, 30)).toEqual([29, 59, 89]);
  });

  it("keeps the first day when the step lands on it, and every day at a step of one", () => {
    expect(daySplits(28, 0, 7)).toEqual([0, 7, 14, 21, 28]);
    expect(daySplits(3, 0, 1)).toEqual([0, 1, 2, 3]);
  });

  it("puts no tick before the first day when a bar chart's scale starts half a day earlier", () => {
    expect(daySplits(29, -0.5, 2)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29]);
    expect(daySplits(0, -0.5, 7)).toEqual([0]);
  });

  it("treats a fractional or zero step as whole days, and has no tick for no days", () => {
    expect(daySplits(6, 0, 2.6)).toEqual([0, 3, 6]);
    expect(daySplits(2, 0, 0)).toEqual([0, 1, 2]);
    expect(daySplits(-1, -0.5, 7)).toEqual([]);
  });
});

describe("bars per day", () => {
  it("centres a lone bar, and puts two side by side in the same width, the first left of the day", () => {
    expect(barLayout(0, 1)).toEqual({ size: [0.7, 24], align: 0 });
    expect(barLayout(0, 2)).toEqual({ size: [0.35, 12], align: -1 });
    expect(barLayout(1, 2)).toEqual({ size: [0.35, 12], align: 1 });
  });
});
