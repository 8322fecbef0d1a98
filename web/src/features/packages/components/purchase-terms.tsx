import { DataList, Stack, Text } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { formatKes } from "../../../lib/format";
import { dailyRewardFor, maturityDateOfPurchase } from "../lib/purchase-terms";

interface PurchaseTermsProps {
  pkg: Pick<Package, "maturityDate" | "dailyReturnRate">;
  /** The amount as typed in the dialog. */
  amount: string;
  trial: boolean;
}

/** What the server does with the capital at maturity: nothing. Rewards stop; no repayment is ever made by itself. */
const CAPITAL_AT_MATURITY = {
  real:
    "At maturity the daily rewards stop. Your capital is not paid back into your wallet automatically: " +
    "investment withdrawals are handled by our admins.",
  trial:
    "At maturity the daily rewards stop. The trial money you invest is not paid back into your trial balance, " +
    "and trial money can never be withdrawn.",
} as const;

/**
 * The terms before the money (design.md §12.7): when the investment matures, what one daily claim pays for the amount
 * typed, and what happens to the capital then. The server pays rewards until maturity and never pays the capital
 * back by itself (services/investments.ts), so that is what the sentence says.
 */
export function PurchaseTerms({ pkg, amount, trial }: PurchaseTermsProps) {
  const maturity = maturityDateOfPurchase(pkg);
  const reward = dailyRewardFor(amount, pkg);
  return (
    <Stack as="section" aria-label="Terms of this investment" gap="2" borderWidth="1px" borderRadius="md" p="3">
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <DataList.Item justifyContent="space-between">
          <DataList.ItemLabel>Matures on</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="end" fontWeight="semibold" color="fg" data-testid="maturity-date">
            {maturity}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item justifyContent="space-between">
          <DataList.ItemLabel>Daily reward{trial ? " (trial money)" : ""}</DataList.ItemLabel>
          <DataList.ItemValue
            justifyContent="end"
            fontWeight="semibold"
            color="fg"
            data-testid="daily-reward"
            aria-live="polite"
          >
            {reward === undefined ? "—" : formatKes(reward)}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Text fontSize="sm" color="fg.muted">
        Claim it once a day (Nairobi time) until {maturity}.
      </Text>
      <Text fontSize="sm" data-testid="capital-at-maturity">
        {trial ? CAPITAL_AT_MATURITY.trial : CAPITAL_AT_MATURITY.real}
      </Text>
    </Stack>
  );
}
