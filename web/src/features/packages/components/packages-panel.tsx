import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { useState } from "react";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { useAuth } from "../../../lib/auth/use-auth";
import { formatKes } from "../../../lib/format";
import { usePackages } from "../hooks/use-packages";
import { availableBalance } from "../lib/available-balance";
import { BuyPackageDialog } from "./buy-package-dialog";
import { PackageCard } from "./package-card";

export function PackagesPanel() {
  const { user } = useAuth();
  const packages = usePackages();
  const [selected, setSelected] = useState<Package | null>(null);
  if (!user) return null;

  return (
    <Stack gap="6">
      <PanelHeader
        title="Investment Packages"
        description="Invest in Kenya's top companies and claim a reward every day."
      >
        <Stack gap="0" textAlign={{ base: "start", sm: "end" }}>
          <Text fontSize="sm" color="fg.muted">
            {user.isTrialAccount ? "Available trial balance" : "Available balance"}
          </Text>
          <Text fontSize="xl" fontWeight="bold" color="brand.fg" data-testid="available-balance">
            {formatKes(availableBalance(user))}
          </Text>
        </Stack>
      </PanelHeader>
      <QueryState
        query={packages}
        what="the packages"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyPanel title="No packages available" description="New investment packages will appear here soon." />
        }
      >
        {(list) => (
          <SimpleGrid as="ul" listStyle="none" columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {list.map((pkg, index) => (
              <li key={pkg._id}>
                {/* Three columns at most: the first three cards are the first row on any screen. */}
                <PackageCard pkg={pkg} onInvest={() => setSelected(pkg)} firstRow={index < 3} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      {/* Keyed so every opening starts from the chosen package's price. */}
      {selected && (
        <BuyPackageDialog
          key={selected._id}
          pkg={selected}
          balance={availableBalance(user)}
          trial={user.isTrialAccount}
          onClose={() => setSelected(null)}
        />
      )}
    </Stack>
  );
}
