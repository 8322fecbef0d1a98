import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function AccountPanel() {
  return <PlaceholderPanel title="My Account" description="Your profile and wallet details will appear here." />;
}
