import { PlaceholderPanel } from "../../../components/ui/placeholder-panel";

export function PackagesPanel() {
  return (
    <PlaceholderPanel
      title="Investment Packages"
      description="Packages from top Kenyan companies will be listed here soon."
    />
  );
}
