import { SimpleGrid, Stack } from "@chakra-ui/react";
import { LastUpdated } from "../../../components/ui/last-updated";
import { PanelHeader } from "../../../components/ui/panel-header";
import { StatCard } from "../../../components/ui/stat-card";
import { useAuth } from "../../../lib/auth/use-auth";
import { formatKes } from "../../../lib/format";
import { useReferrals } from "../hooks/use-referrals";
import { referralTotals } from "../lib/referral-totals";
import { HowReferralsWork } from "./how-referrals-work";
import { ReferralLinkCard } from "./referral-link-card";
import { ReferralList } from "./referral-list";

export function ReferralsPanel() {
  const { user } = useAuth();
  const referrals = useReferrals();
  if (!user) return null;
  // Until the list is in, the totals are unknown rather than zero; once it is, all four come from that one answer.
  const totals = referrals.data ? referralTotals(referrals.data) : undefined;
  const unknown = "—";

  return (
    <Stack gap="6">
      <PanelHeader title="Referral Program" description="Invite friends to JengaFund and earn when they invest.">
        <LastUpdated at={referrals.dataUpdatedAt} />
      </PanelHeader>
      <SimpleGrid as="section" aria-label="Referral totals" columns={{ base: 2, md: 4 }} gap="3">
        <StatCard label="Total Referrals" value={totals?.total ?? unknown} />
        <StatCard label="Paid" value={totals?.paid ?? unknown} />
        <StatCard label="Pending" value={totals?.pending ?? unknown} />
        <StatCard
          label="Earnings"
          value={totals ? formatKes(totals.earnings) : unknown}
          tone={totals && totals.earnings > 0 ? "positive" : "neutral"}
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ReferralLinkCard code={user.referralCode} />
        <HowReferralsWork />
      </SimpleGrid>
      <ReferralList referrals={referrals} />
    </Stack>
  );
}
