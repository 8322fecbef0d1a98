import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function OverviewPanel() {
  return <PlaceholderPanel title="Platform Overview" description="Platform statistics will appear here." />;
}
