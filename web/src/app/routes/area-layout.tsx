import { lazy, type ReactNode, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { AppFrame } from "../../components/layout/app-frame";
import { type Tab, TabNav } from "../../components/layout/tab-nav";
import { PageSpinner } from "../../components/ui/page-spinner";
import { DepositDialog } from "../../features/deposit/components/deposit-dialog";
import { PendingDepositStatus } from "../../features/deposit/components/pending-deposit-status";
import { HeaderKycStatus } from "../../features/kyc/components/kyc-status-badge";

/** The Paybill tab of the Deposit modal: loaded with the modal's own code, when the tab is first shown. */
const PayWithPaybill = lazy(async () => ({
  default: (await import("../../features/paybill/components/pay-with-paybill")).PayWithPaybill,
}));

/**
 * The signed-in frame with an area's tab bar; the active tab's panel loads inside, keeping the frame on screen.
 * `children`, when given, wraps or stands in for the panel (the admin console's two-factor requirement).
 */
export function AreaLayout({ label, tabs, children }: { label: string; tabs: readonly Tab[]; children?: ReactNode }) {
  return (
    <AppFrame
      identity={<HeaderKycStatus />}
      deposit={
        <>
          <PendingDepositStatus />
          <DepositDialog paybill={<PayWithPaybill />} />
        </>
      }
    >
      <TabNav label={label} tabs={tabs} />
      <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
    </AppFrame>
  );
}
