import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { useIsFetching } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { LastUpdated } from "../../../components/ui/last-updated";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { useAuth } from "../../../lib/auth/use-auth";
import { formatKes } from "../../../lib/format";
import { releaseKeptScreen } from "../../../lib/kept-screen";
import { isRestored } from "../../../lib/last-known";
import { queryKeys } from "../../../lib/query-keys";
import { prefetchWhenIdle, whenIdle } from "../../../lib/when-idle";
import { usePackages } from "../hooks/use-packages";
import { availableBalance } from "../lib/available-balance";
import { PackageCard } from "./package-card";

// The purchase modal's code (its form, the terms and the reward rules) loads when the browser is idle or on the first
// Invest, not with the investor's home screen.
const loadBuyDialog = () => import("./buy-package-dialog");
const loadKeepScreen = () => import("../../../lib/keep-screen");
const BuyPackageDialog = lazy(async () => ({ default: (await loadBuyDialog()).BuyPackageDialog }));

export function PackagesPanel() {
  const { user, userUpdatedAt } = useAuth();
  const packages = usePackages();
  const [selected, setSelected] = useState<Package | null>(null);
  useEffect(() => prefetchWhenIdle(loadBuyDialog), []);
  // The kept screen the shell painted (lib/kept-screen.ts) gives way once the packages' read and the user's have settled:
  // fresh, failed or waiting for a network, the screen below is then the one the investor acts on. Waiting for the user
  // too keeps a restored balance's "Updated HH:mm" from showing and then going, which would move the cards.
  const readingUser = useIsFetching({ queryKey: queryKeys.me }) > 0;
  const settled = user !== null && !readingUser && packages.status !== "pending" && packages.fetchStatus !== "fetching";
  useEffect(() => {
    if (settled) void releaseKeptScreen({ waitForImages: true });
  }, [settled]);
  // Drawn with fresh answers only: kept for the next open once the browser is idle, again after each fresh answer. The
  // code that keeps it loads then, not with the page (lib/keep-screen.ts).
  const userId = user?._id;
  const freshAt =
    packages.isSuccess &&
    packages.fetchStatus === "idle" &&
    !isRestored(packages.dataUpdatedAt) &&
    !isRestored(userUpdatedAt)
      ? Math.max(packages.dataUpdatedAt, userUpdatedAt)
      : 0;
  useEffect(() => {
    if (userId === undefined || freshAt === 0) return;
    return whenIdle(
      () =>
        void loadKeepScreen()
          .then(({ keepScreen }) => keepScreen(userId))
          // Its code unreachable (a release since replaced): the next open draws as it did before the kept screen.
          .catch(() => undefined),
    );
  }, [userId, freshAt]);
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
          <LastUpdated at={userUpdatedAt} />
        </Stack>
      </PanelHeader>
      <LastUpdated at={packages.dataUpdatedAt} data-testid="packages-last-updated" />
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
        <Suspense fallback={null}>
          <BuyPackageDialog
            key={selected._id}
            pkg={selected}
            balance={availableBalance(user)}
            trial={user.isTrialAccount}
            onClose={() => setSelected(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
