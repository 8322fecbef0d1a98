import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { AppFrame } from "../../components/layout/app-frame";
import { type Tab, TabNav } from "../../components/layout/tab-nav";
import { PageSpinner } from "../../components/ui/page-spinner";
import { DepositDialog } from "../../features/deposit/components/deposit-dialog";
import { PendingDepositStatus } from "../../features/deposit/components/pending-deposit-status";

/** The signed-in frame with an area's tab bar; the active tab's panel loads inside, keeping the frame on screen. */
export function AreaLayout({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  return (
    <AppFrame
      deposit={
        <>
          <PendingDepositStatus />
          <DepositDialog />
        </>
      }
    >
      <TabNav label={label} tabs={tabs} />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  );
}
