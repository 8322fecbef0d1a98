import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { Investment } from "@jengafund/shared";
import { StatCard } from "../../../components/ui/stat-card";
import { formatKes, formatSignedKes } from "../../../lib/format";
import { portfolioTotals } from "../lib/investment-status";

export function PortfolioSummary({ investments }: { investments: readonly Investment[] }) {
  const totals = portfolioTotals(investments);
  return (
    <Stack as="section" aria-label="Portfolio summary" gap="2">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatCard label="Total Invested" value={formatKes(totals.invested)} />
        <StatCard label="Current Value" value={formatKes(totals.currentValue)} />
        <StatCard label="Total Rewards" value={formatKes(totals.rewards)} />
        <StatCard
          label="Total Gains"
          value={formatSignedKes(totals.gains)}
          tone={totals.gains > 0 ? "positive" : totals.gains < 0 ? "negative" : "neutral"}
        />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        Claimed rewards are already paid into your balance. Current Value and Total Gains count them too: they show what
        your investments have earned, not money waiting to be added.
      </Text>
    </Stack>
  );
}
