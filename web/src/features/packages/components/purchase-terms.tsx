import { DataList, Stack, Text } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { formatKes } from "../../../lib/format";
import { dailyRewardFor, maturityDateOfPurchase } from "../lib/purchase-terms";

interface PurchaseTermsProps {
  pkg: Pick<Package, "maturityDate" | "dailyReturnRate" | "price">;
  /** The amount as typed in the dialog. */
  amount: string;
  trial: boolean;
}

/**
 * What happens to the capital at maturity (design.md §13.6): on the maturity day (Nairobi) the server pays it back,
 * by itself, into the balance it was bought with (modules/investing/maturities.ts), and rewards stop.
 */
const CAPITAL_AT_MATURITY = {
  real:
    "On the maturity day the daily rewards stop and the amount you invest is paid back into your wallet balance " +
    "automatically.",
  trial:
    "On the maturity day the daily rewards stop and the trial money you invest is paid back into your trial " +
    "balance automatically. Trial money can never be withdrawn.",
} as const;

/**
 * The terms before the money (design.md §12.7): when the investment matures, what one daily claim pays for the amount
 * typed, and what happens to the capital then.
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
