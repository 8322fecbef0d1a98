import { Button, SimpleGrid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { LastUpdated } from "../../../components/ui/last-updated";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { paths } from "../../../config/paths";
import { useInvestments } from "../hooks/use-investments";
import { useNow } from "../hooks/use-now";
import { InvestmentCard } from "./investment-card";
import { PortfolioSummary } from "./portfolio-summary";

/** `chart` is the portfolio chart, another feature's, composed by the app (features never import each other). */
export function InvestmentsPanel({ chart }: { chart?: ReactNode }) {
  const investments = useInvestments();
  const now = useNow();
  const navigate = useNavigate();

  return (
    <Stack gap="6">
      <PanelHeader title="My Investments" description="Track your portfolio and claim your daily rewards.">
        <LastUpdated at={investments.dataUpdatedAt} />
      </PanelHeader>
      <QueryState
        query={investments}
        what="your investments"
        isEmpty={(list) => list.length === 0}
        empty={
          <>
            <EmptyPanel title="No investments yet" description="Choose a package to start earning daily rewards.">
              <Button onClick={() => navigate(paths.dashboard.packages)}>Browse Packages</Button>
            </EmptyPanel>
            {/* Money in the wallet has a history before the first investment. */}
            {chart}
          </>
        }
      >
        {(list) => (
          <>
            <PortfolioSummary investments={list} />
            {chart}
            <SimpleGrid as="ul" listStyle="none" columns={{ base: 1, lg: 2 }} gap="4">
              {list.map((investment) => (
                <li key={investment._id}>
                  <InvestmentCard investment={investment} now={now} />
                </li>
              ))}
            </SimpleGrid>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
