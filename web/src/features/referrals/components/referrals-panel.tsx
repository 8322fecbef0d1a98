import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function ReferralsPanel() {
  return (
    <PlaceholderPanel title="Referrals" description="Your referral code, link and referred friends will appear here." />
  );
}
