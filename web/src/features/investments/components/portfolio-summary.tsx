import { Box, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { Investment } from "@jengafund/shared";
import { StatCard } from "../../../components/ui/stat-card";
import { formatKes, formatSignedKes } from "../../../lib/format";
import { splitPortfolioTotals } from "../lib/investment-status";

/**
 * The spec's four totals, for real money; what trial investments hold follows each as "+ KES … demo" (design.md
 * §12.7), the same words the header uses, so demo money is never added to real money.
 */
export function PortfolioSummary({ investments }: { investments: readonly Investment[] }) {
  const { real, demo, hasDemo } = splitPortfolioTotals(investments);
  // The stat's value box lays its children in a row: the demo figure goes in a column under the real one.
  const withDemo = (value: string, demoKes: number) =>
    hasDemo ? (
      <Box as="span" display="flex" flexDirection="column">
        <span>{value}</span>
        <DemoFigure kes={demoKes} />
      </Box>
    ) : (
      value
    );
  return (
    <Stack as="section" aria-label="Portfolio summary" gap="2">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatCard label="Total Invested" value={withDemo(formatKes(real.invested), demo.invested)} />
        <StatCard label="Current Value" value={withDemo(formatKes(real.currentValue), demo.currentValue)} />
        <StatCard label="Total Rewards" value={withDemo(formatKes(real.rewards), demo.rewards)} />
        <StatCard
          label="Total Gains"
          value={withDemo(formatSignedKes(real.gains), demo.gains)}
          tone={real.gains > 0 ? "positive" : real.gains < 0 ? "negative" : "neutral"}
        />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        Claimed rewards are already paid into your balance. Current Value and Total Gains count them too: they show what
        your investments have earned, not money waiting to be added.
      </Text>
      {investments.some((investment) => investment.maturedAt) && (
        <Text fontSize="sm" color="fg.muted">
          A matured investment's capital is back in the balance it was bought with; it stays in these figures as what
          you invested and earned.
        </Text>
      )}
      {hasDemo && (
        <Text fontSize="sm" color="fg.muted">
          The figures are real money. Each "demo" line is what your trial investments hold: trial money, with rewards
          paid into your trial balance, that can never be withdrawn.
        </Text>
      )}
    </Stack>
  );
}

/** "+ KES 300.00 demo": the trial investments' share of a total, shown beside the real-money figure, never in it. */
function DemoFigure({ kes }: { kes: number }) {
  return (
    <Box as="span" fontSize="xs" fontWeight="normal" color="fg.muted" data-testid="demo-total">
      {kes < 0 ? "− " : "+ "}
      <Box as="span" fontWeight="semibold">
        {formatKes(Math.abs(kes))}
      </Box>{" "}
      demo
    </Box>
  );
}
