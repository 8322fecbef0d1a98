import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef } from "react";
import type uPlot from "uplot";
import { formatShortDay } from "../../lib/format";
import { barLayout, daySplits } from "./chart-layout";
import { type ChartUnit, formatTick } from "./chart-summary";
import { ChartTextAlternative } from "./chart-text-alternative";

export interface ChartSeries {
  label: string;
  /** One figure per day, in the order of `days`. */
  values: readonly number[];
  /** A level over time (a line, optionally filled down to zero) or an amount per day (bars). */
  kind: "line" | "area" | "bars";
  /** A colour token of the design system, e.g. "brand.solid": the canvas is drawn with its value. */
  color: string;
  /** The area's fill token (kind "area"). */
  fill?: string;
  /**
   * A series that is there for reference (demo money): a line is drawn dashed and thin; bars get their muted tone
   * from `color`. Two bar series stand side by side within each day.
   */
  muted?: boolean;
}

interface TimeSeriesChartProps {
  /** The chart's name: the canvas's accessible name and the table's caption. */
  title: string;
  /** Nairobi days, YYYY-MM-DD, oldest first. */
  days: readonly string[];
  series: readonly ChartSeries[];
  unit: ChartUnit;
  /** One line saying what the chart shows (chart-summary.ts). */
  summary: string;
  /** Plot height in px on a phone and from 480 px of width up. */
  height?: { base: number; wide: number };
}

/** Loaded on the first chart drawn: uPlot and its CSS arrive as one chunk only the chart screens fetch. */
let loading: Promise<typeof uPlot> | undefined;
const loadUplot = () => {
  loading ??= import("./uplot").then((module) => module.uPlot);
  return loading;
};

const WIDE_FROM_PX = 480;

/** The y axis's steps for counts: 1, 2, 5, 10, 20, 50 … up to ten million. */
const COUNT_STEPS = Array.from({ length: 7 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/**
 * A chart of figures per day, drawn by uPlot on a canvas as wide as its container (a ResizeObserver follows it), in
 * the design system's colours. The canvas is an image named by the title and described by the summary under it,
 * which comes with the figures as a table behind "Show as table"; the chart itself adds nothing the table lacks.
 */
export function TimeSeriesChart({
  title,
  days,
  series,
  unit,
  summary,
  height = { base: 200, wide: 280 },
}: TimeSeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const summaryId = useId();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    const sizeFor = (width: number) => ({ width, height: width < WIDE_FROM_PX ? height.base : height.wide });

    void loadUplot()
      .then((UPlot) => {
        const width = Math.floor(element.clientWidth);
        // Nothing to draw on (a hidden tab, or a test's DOM without layout): the text alternative says it all.
        if (cancelled || width === 0) return;
        plot = new UPlot(
          chartOptions(UPlot, { days, series, unit, ...sizeFor(width) }),
          [days.map((_, index) => index), ...series.map((one) => [...one.values])],
          element,
        );
        const canvas = plot.ctx.canvas;
        canvas.setAttribute("role", "img");
        canvas.setAttribute("aria-label", title);
        canvas.setAttribute("aria-describedby", summaryId);
        if (typeof ResizeObserver === "undefined") return;
        observer = new ResizeObserver(([entry]) => {
          const next = Math.floor(entry?.contentRect.width ?? 0);
          if (plot && next > 0 && next !== plot.width) plot.setSize(sizeFor(next));
        });
        observer.observe(element);
      })
      .catch(() => {
        // The chunk did not arrive (offline, a new version deployed): the summary and the table still stand.
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days, series, unit, title, summaryId, height.base, height.wide]);

  return (
    <Stack gap="2" minW="0">
      <HStack gap="4" flexWrap="wrap" fontSize="xs" color="fg.muted" aria-hidden="true">
        {series.map((one) => (
          <HStack key={one.label} gap="1.5">
            <Box
              w="3"
              h={one.kind === "bars" ? "3" : "0.5"}
              bg={one.kind === "bars" ? one.color : undefined}
              borderTopWidth={one.kind === "bars" ? undefined : "2px"}
              borderTopStyle={one.muted ? "dashed" : "solid"}
              borderColor={one.color}
            />
            <Text>{one.label}</Text>
          </HStack>
        ))}
      </HStack>
      {/* Holds the plot's height while uPlot loads, so the page does not jump when it appears. */}
      <Box ref={container} w="full" minH={{ base: `${height.base}px`, sm: `${height.wide}px` }} />
      <ChartTextAlternative
        summaryId={summaryId}
        summary={summary}
        caption={title}
        days={days}
        columns={series.map((one) => ({ label: one.label, values: one.values, unit }))}
      />
    </Stack>
  );
}

/** A design-system colour token's value, read from the CSS variable Chakra defines for it. */
function themeColor(token: string): string {
  const name = `--chakra-colors-${token.replaceAll(".", "-")}`;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#4a5568";
}

/** "Nov 05": the spec's month-and-day order, short enough for a tick on a phone (the table's note has the year). */
const tickDay = (day: string | undefined) => (day ? formatShortDay(day) : "");

function chartOptions(
  UPlot: typeof uPlot,
  {
    days,
    series,
    unit,
    width,
    height,
  }: Omit<TimeSeriesChartProps, "title" | "summary" | "height"> & {
    width: number;
    height: number;
  },
): uPlot.Options {
  const axisColor = themeColor("fg.muted");
  const gridColor = themeColor("border.muted");
  const font = "12px system-ui, sans-serif";
  const barSeries = series.filter((one) => one.kind === "bars");
  const hasBars = barSeries.length > 0;
  const barsOf = (one: ChartSeries) => UPlot.paths.bars?.(barLayout(barSeries.indexOf(one), barSeries.length));
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { show: false } },
    scales: {
      // Day numbers, not instants: the days are Nairobi's, whatever the reader's time zone.
      x: { time: false, range: (_u, min, max) => (hasBars ? [min - 0.5, max + 0.5] : [min, max]) },
      // Money and counts start at zero, so a small change does not look like a large one.
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    series: [
      {},
      ...series.map(
        (one): uPlot.Series => ({
          label: one.label,
          stroke: themeColor(one.color),
          width: one.muted ? 1.5 : 2,
          ...(one.muted ? { dash: [6, 4] } : {}),
          ...(one.kind === "area" && one.fill ? { fill: themeColor(one.fill) } : {}),
          ...(one.kind === "bars" ? { fill: themeColor(one.color), paths: barsOf(one), width: 0 } : {}),
          points: { show: false },
        }),
      ),
    ],
    axes: [
      {
        stroke: axisColor,
        font,
        grid: { show: false },
        ticks: { stroke: gridColor },
        space: 64,
        incrs: [1, 2, 7, 14, 30, 60],
        // Anchored on the last day, so the axis ends where the last point is (today).
        splits: (_u, _axis, min, _max, step) => daySplits(days.length - 1, min, step),
        values: (_u, splits) => splits.map((index) => tickDay(days[index])),
      },
      {
        stroke: axisColor,
        font,
        size: 44,
        grid: { stroke: gridColor, width: 1 },
        ticks: { show: false },
        space: 36,
        // Counts step in whole numbers: no "0.5 users" line on a quiet day's chart.
        ...(unit === "count" ? { incrs: COUNT_STEPS } : {}),
        values: (_u, splits) => splits.map((value) => formatTick(value, unit)),
      },
    ],
  };
}
