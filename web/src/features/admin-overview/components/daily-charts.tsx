import { Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import type { AdminDailyStatsDay } from "@jengafund/shared";
import { useMemo } from "react";
import { type ChartUnit, describeDaily } from "../../../components/charts/chart-summary";
import { TimeSeriesChart } from "../../../components/charts/time-series-chart";
import { QueryState } from "../../../components/ui/query-state";
import { OVERVIEW_CHART_DAYS, useAdminDailyStats } from "../hooks/use-admin-daily-stats";

interface DailyChart {
  title: string;
  label: string;
  unit: ChartUnit;
  color: string;
  pick: (day: AdminDailyStatsDay) => number;
}

const CHARTS: readonly DailyChart[] = [
  { title: "Deposits", label: "Deposits (KES)", unit: "kes", color: "brand.solid", pick: (day) => day.depositsAmount },
  { title: "Payouts", label: "Payouts (KES)", unit: "kes", color: "blue.600", pick: (day) => day.payoutsAmount },
  { title: "New users", label: "New users", unit: "count", color: "purple.600", pick: (day) => day.newUsers },
  { title: "Rewards", label: "Rewards (KES)", unit: "kes", color: "orange.600", pick: (day) => day.rewards },
];

/**
 * Four small charts under the Overview's stat cards (issue 23): deposits, payouts, new users and rewards per day over
 * 30 days, from the daily counters the money transactions keep, in one request.
 */
export function DailyCharts() {
  const stats = useAdminDailyStats();
  return (
    <Stack as="section" aria-labelledby="daily-charts-title" gap="3">
      <Heading as="h2" size="md" id="daily-charts-title">
        Last {OVERVIEW_CHART_DAYS} days
      </Heading>
      <QueryState query={stats} what="the daily figures">
        {(answer) => <ChartGrid days={answer.days} />}
      </QueryState>
    </Stack>
  );
}

function ChartGrid({ days }: { days: readonly AdminDailyStatsDay[] }) {
  const charts = useMemo(() => {
    const dayList = days.map((day) => day.day);
    return CHARTS.map((chart) => {
      const values = days.map(chart.pick);
      return {
        ...chart,
        dayList,
        series: [{ label: chart.label, values, kind: "bars" as const, color: chart.color }],
        summary: describeDaily(chart.title, dayList, values, chart.unit),
      };
    });
  }, [days]);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {charts.map((chart) => (
        <Stack key={chart.title} gap="2" borderWidth="1px" borderRadius="lg" bg="bg" p="4" minW="0">
          <Heading as="h3" size="sm">
            {chart.title}
          </Heading>
          <TimeSeriesChart
            title={`${chart.label} per day, last ${days.length} days`}
            days={chart.dayList}
            series={chart.series}
            unit={chart.unit}
            summary={chart.summary}
            height={{ base: 160, wide: 180 }}
          />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
