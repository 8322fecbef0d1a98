import { Box, Button, Flex, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { PORTFOLIO_HISTORY_DAYS, type PortfolioDay } from "@jengafund/shared";
import { useMemo, useState } from "react";
import { describeDaily, describeTrend } from "../../../components/charts/chart-summary";
import { type ChartSeries, TimeSeriesChart } from "../../../components/charts/time-series-chart";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { QueryState } from "../../../components/ui/query-state";
import type { HistoryDays } from "../api/get-portfolio-history";
import { usePortfolioHistory } from "../hooks/use-portfolio-history";
import { hasDemoMoney, hasDemoRewards, isEmptyHistory } from "../lib/portfolio-series";

/**
 * The Investments tab's picture of the portfolio (issue 23): its value per day over 30 or 90 days (wallet plus
 * money invested, real money only; demo money as its own dashed line), and the rewards claimed per day (trial rewards
 * as grey bars beside the real ones). Every figure is the server's, replayed from the ledger; nothing is summed here
 * from the lists on screen.
 */
export function PortfolioChart() {
  const [period, setPeriod] = useState<HistoryDays>(30);
  const history = usePortfolioHistory(period);
  return (
    <Stack
      as="section"
      aria-labelledby="portfolio-chart-title"
      gap="4"
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
      p="4"
    >
      <Flex wrap="wrap" justify="space-between" align="center" gap="3">
        <Heading as="h2" size="md" id="portfolio-chart-title">
          Portfolio over time
        </Heading>
        <HStack role="group" aria-label="Period" gap="1">
          {PORTFOLIO_HISTORY_DAYS.map((days) => (
            <Button
              key={days}
              size="xs"
              variant={days === period ? "solid" : "outline"}
              aria-pressed={days === period}
              onClick={() => setPeriod(days)}
            >
              {days} days
            </Button>
          ))}
        </HStack>
      </Flex>
      <QueryState
        query={history}
        what="your portfolio history"
        loading={<ChartSkeleton />}
        isEmpty={(answer) => isEmptyHistory(answer.days)}
        empty={
          <EmptyPanel
            title="Nothing to chart yet"
            description="Once money is in your wallet or invested, its value shows here day by day."
          />
        }
      >
        {(answer) => <PortfolioCharts days={answer.days} />}
      </QueryState>
    </Stack>
  );
}

function PortfolioCharts({ days }: { days: readonly PortfolioDay[] }) {
  const charts = useMemo(() => {
    const dayList = days.map((day) => day.day);
    const value = days.map((day) => day.value);
    const rewards = days.map((day) => day.rewards);
    const valueSeries: ChartSeries[] = [
      { label: "Value", values: value, kind: "area", color: "brand.solid", fill: "brand.subtle" },
      {
        label: "Invested",
        values: days.map((day) => day.invested),
        kind: "area",
        color: "blue.600",
        fill: "blue.100",
      },
      ...(hasDemoMoney(days)
        ? [
            {
              label: "Demo money",
              values: days.map((day) => day.demo),
              kind: "line",
              color: "gray.500",
              muted: true,
            } satisfies ChartSeries,
          ]
        : []),
    ];
    const demoRewards = hasDemoRewards(days) ? days.map((day) => day.demoRewards) : undefined;
    const rewardSeries: ChartSeries[] = [
      { label: "Rewards", values: rewards, kind: "bars", color: "orange.600" },
      ...(demoRewards
        ? [
            {
              label: "Demo rewards",
              values: demoRewards,
              kind: "bars",
              color: "gray.500",
              muted: true,
            } satisfies ChartSeries,
          ]
        : []),
    ];
    return {
      dayList,
      valueSeries,
      rewardSeries,
      valueSummary: describeTrend("Value", value, "kes"),
      rewardSummary: [
        describeDaily("Rewards claimed", dayList, rewards, "kes"),
        ...(demoRewards ? [describeDaily("Demo rewards claimed", dayList, demoRewards, "kes")] : []),
      ].join(". "),
      demo: hasDemoMoney(days),
      demoRewards: demoRewards !== undefined,
    };
  }, [days]);
  const span = `last ${days.length} days`;
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Value
        </Heading>
        <TimeSeriesChart
          title={`Portfolio value per day, ${span}`}
          days={charts.dayList}
          series={charts.valueSeries}
          unit="kes"
          summary={charts.valueSummary}
        />
        <Text fontSize="sm" color="fg.muted">
          Value is your wallet plus the money you have invested, at the end of each day (Nairobi time). Claimed rewards
          are already in your wallet, so they are not added again: they are shown per day below.
          {charts.demo && " Demo money is trial money you cannot withdraw, drawn apart as a dashed line."}
        </Text>
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Rewards per day
        </Heading>
        <TimeSeriesChart
          title={`Rewards claimed per day, ${span}`}
          days={charts.dayList}
          series={charts.rewardSeries}
          unit="kes"
          summary={charts.rewardSummary}
          height={{ base: 140, wide: 160 }}
        />
        {charts.demoRewards && (
          <Text fontSize="sm" color="fg.muted">
            Demo rewards are claimed on trial investments and paid into your trial balance: they cannot be withdrawn, so
            they stand in grey beside your real rewards.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

/** The charts' shape while the first answer is on its way. */
function ChartSkeleton() {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label="Loading your portfolio history">
      <Skeleton h={{ base: "200px", sm: "280px" }} borderRadius="md" />
      <Skeleton h="4" w="3/4" />
      <Box>
        <Skeleton h={{ base: "140px", sm: "160px" }} borderRadius="md" />
      </Box>
    </Stack>
  );
}
