import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function AdminPackagesPanel() {
  return (
    <PlaceholderPanel
      title="Package Management"
      description="Investment packages you can add and edit will be listed here."
    />
  );
}
