import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function UsersPanel() {
  return <PlaceholderPanel title="User Management" description="Registered users will be listed here." />;
}
