import { paths } from "../../config/paths";
import { AreaLayout } from "./area-layout";

const tabs = [
  { to: paths.dashboard.packages, label: "Packages" },
  { to: paths.dashboard.investments, label: "Investments" },
  { to: paths.dashboard.referrals, label: "Referrals" },
  { to: paths.dashboard.account, label: "Account" },
] as const;

export function DashboardLayout() {
  return <AreaLayout label="Dashboard" tabs={tabs} />;
}
