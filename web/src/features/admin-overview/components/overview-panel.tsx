import { Grid, Stack } from "@chakra-ui/react";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { useAdminStats } from "../hooks/use-admin-stats";
import { DailyCharts } from "./daily-charts";
import { DepositChannels } from "./deposit-channels";
import { PlatformHealth } from "./platform-health";
import { PlatformStats } from "./platform-stats";
import { QuickActions } from "./quick-actions";
import { RecentActivity } from "./recent-activity";

export function OverviewPanel() {
  const stats = useAdminStats();
  return (
    <Stack gap="6">
      <PanelHeader title="Platform Overview" description="Key figures and activity across JengaFund." />
      <QueryState query={stats} what="the platform statistics">
        {(figures) => (
          <Stack gap="3">
            <PlatformStats stats={figures} />
            <DepositChannels stats={figures} />
          </Stack>
        )}
      </QueryState>
      <DailyCharts />
      <PlatformHealth />
      <Grid templateColumns={{ base: "1fr", lg: "1fr 2fr" }} gap="6" alignItems="start">
        <QuickActions />
        <RecentActivity />
      </Grid>
    </Stack>
  );
}
