import { SimpleGrid } from "@chakra-ui/react";
import { StatCard } from "../../../components/ui/stat-card";

/** Static figures (spec §2): there is no monitoring feed behind them yet. */
export function PlatformHealth() {
  return (
    <SimpleGrid as="section" aria-label="Platform health" columns={2} gap="3">
      <StatCard label="Success Rate" value="98.5%" tone="positive" />
      <StatCard label="Uptime" value="99.9%" tone="positive" />
    </SimpleGrid>
  );
}
