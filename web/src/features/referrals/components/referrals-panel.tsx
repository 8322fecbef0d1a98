import { SimpleGrid, Stack } from "@chakra-ui/react";
import { PanelHeader } from "../../../components/ui/panel-header";
import { StatCard } from "../../../components/ui/stat-card";
import { useAuth } from "../../../lib/auth/use-auth";
import { formatKes } from "../../../lib/format";
import { useReferrals } from "../hooks/use-referrals";
import { HowReferralsWork } from "./how-referrals-work";
import { ReferralLinkCard } from "./referral-link-card";
import { ReferralList } from "./referral-list";

export function ReferralsPanel() {
  const { user } = useAuth();
  const referrals = useReferrals();
  if (!user) return null;
  // Until the list is in, the counts are unknown rather than zero.
  const list = referrals.data;
  const paid = list?.filter((referral) => referral.rewardPaid).length;
  const count = (value: number | undefined) => value ?? "—";

  return (
    <Stack gap="6">
      <PanelHeader title="Referral Program" description="Invite friends to JengaFund and earn when they invest." />
      <SimpleGrid as="section" aria-label="Referral totals" columns={{ base: 2, md: 4 }} gap="3">
        <StatCard label="Total Referrals" value={count(list?.length)} />
        <StatCard label="Paid" value={count(paid)} />
        <StatCard label="Pending" value={count(list && paid !== undefined ? list.length - paid : undefined)} />
        <StatCard
          label="Earnings"
          value={formatKes(user.totalReferralEarnings)}
          tone={user.totalReferralEarnings > 0 ? "positive" : "neutral"}
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
