import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function InvestmentsPanel() {
  return <PlaceholderPanel title="My Investments" description="Your investments and daily rewards will appear here." />;
}
