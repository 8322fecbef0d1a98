import { Button } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { PackageSummaryCard } from "../../../components/ui/package-summary-card";
import { formatKes, formatRate } from "../../../lib/format";
import { useOnline } from "../../../lib/use-online";
import { maturityDateOfPurchase } from "../lib/purchase-terms";

export function PackageCard({ pkg, onInvest, firstRow }: { pkg: Package; onInvest: () => void; firstRow?: boolean }) {
  // Offline, no purchase starts (issue 24): the offline banner says why.
  const online = useOnline();
  const figures = [
    { label: "Minimum investment", value: formatKes(pkg.price) },
    { label: "Monthly return", value: formatRate(pkg.monthlyReturnRate) },
    { label: "Daily claimable", value: formatRate(pkg.dailyReturnRate) },
    // Terms before money (design.md §12.7): the day a purchase made today matures.
    { label: "Matures on", value: maturityDateOfPurchase(pkg) },
  ];
  return (
    <PackageSummaryCard pkg={pkg} figures={figures} firstRow={firstRow}>
      <Button w="full" onClick={onInvest} disabled={!online} aria-label={`Invest Now in ${pkg.name}`}>
        Invest Now
      </Button>
    </PackageSummaryCard>
  );
}
