import { Outlet } from "react-router-dom";
import { paths } from "../../config/paths";
import { AdminTwoFactorGate } from "../../features/account/components/admin-two-factor-gate";
import { usePendingAdjustmentCount } from "../../features/admin-adjustments/hooks/use-pending-adjustment-count";
import { usePendingKycCount } from "../../features/admin-kyc/hooks/use-pending-kyc-count";
import { usePendingPackageChangeCount } from "../../features/admin-package-changes/hooks/use-pending-package-change-count";
import { useUnmatchedPaymentCount } from "../../features/admin-unmatched/hooks/use-unmatched-payment-count";
import { StepUpDialog } from "../../features/step-up/components/step-up-dialog";
import { useIdleSignOut } from "../../lib/auth/use-idle-sign-out";
import { AreaLayout } from "./area-layout";

export function AdminLayout() {
  // An unattended console signs out after 30 minutes without input, however often its lists refresh.
  useIdleSignOut();
  const pendingAdjustments = usePendingAdjustmentCount();
  const pendingPackageChanges = usePendingPackageChangeCount();
  /** Everything waiting for a second admin on the Approvals tab. */
  const pendingApprovals = (pendingAdjustments ?? 0) + (pendingPackageChanges ?? 0);
  const unmatchedPayments = useUnmatchedPaymentCount();
  const pendingVerifications = usePendingKycCount();
  const tabs = [
    { to: paths.admin.overview, label: "Overview" },
    { to: paths.admin.users, label: "Users" },
    { to: paths.admin.packages, label: "Packages" },
    { to: paths.admin.transactions, label: "Transactions" },
    { to: paths.admin.withdrawals, label: "Withdrawals" },
    { to: paths.admin.approvals, label: "Approvals", count: { value: pendingApprovals, noun: "pending" } },
    {
      to: paths.admin.unmatchedPayments,
      label: "Unmatched",
      count: { value: unmatchedPayments ?? 0, noun: "to resolve" },
    },
    {
      to: paths.admin.verifications,
      label: "Verifications",
      count: { value: pendingVerifications ?? 0, noun: "pending" },
    },
    { to: paths.admin.audit, label: "Audit" },
  ];

  return (
    <AreaLayout label="Admin Panel" tabs={tabs}>
      <AdminTwoFactorGate>
        <Outlet />
      </AdminTwoFactorGate>
      {/* The console's money actions may ask for a fresh authenticator code (design.md §12.1). */}
      <StepUpDialog />
    </AreaLayout>
  );
}
