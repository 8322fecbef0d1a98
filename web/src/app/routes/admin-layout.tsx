import { Outlet } from "react-router-dom";
import { paths } from "../../config/paths";
import { AdminTwoFactorGate } from "../../features/account/components/admin-two-factor-gate";
import { AreaLayout } from "./area-layout";

const tabs = [
  { to: paths.admin.overview, label: "Overview" },
  { to: paths.admin.users, label: "Users" },
  { to: paths.admin.packages, label: "Packages" },
  { to: paths.admin.transactions, label: "Transactions" },
  { to: paths.admin.withdrawals, label: "Withdrawals" },
  { to: paths.admin.audit, label: "Audit" },
] as const;

export function AdminLayout() {
  return (
    <AreaLayout label="Admin Panel" tabs={tabs}>
      <AdminTwoFactorGate>
        <Outlet />
      </AdminTwoFactorGate>
    </AreaLayout>
  );
}
