import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function WithdrawalsPanel() {
  return (
    <PlaceholderPanel title="Withdrawal Management" description="Withdrawal requests to review will be listed here." />
  );
}
