import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function TransactionsPanel() {
  return <PlaceholderPanel title="Transaction Management" description="Platform transactions will be listed here." />;
}
