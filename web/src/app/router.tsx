import { KEPT_SCREEN_PATH } from "@jengafund/shared";
import { Suspense, useEffect } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { PageSpinner } from "../components/ui/page-spinner";
import { paths } from "../config/paths";
import { releaseKeptScreen } from "../lib/kept-screen";
import { lazyNamed } from "./lazy-screen";
import { RequireAdmin, RequireAuth } from "./routes/guards";
import { LandingRoute } from "./routes/landing";

/**
 * Only the landing page ships in the entry bundle. Everything else is a route-level chunk (lazyNamed), so visitors do
 * not download the dashboard and investors never download admin code.
 */
const LoginRoute = lazyNamed(() => import("./routes/login"), "LoginRoute");
const RegisterRoute = lazyNamed(() => import("./routes/register"), "RegisterRoute");
const ForgotPasswordRoute = lazyNamed(() => import("./routes/forgot-password"), "ForgotPasswordRoute");
const ResetPasswordRoute = lazyNamed(() => import("./routes/reset-password"), "ResetPasswordRoute");
const BlockPayoutNumberRoute = lazyNamed(() => import("./routes/block-payout-number"), "BlockPayoutNumberRoute");
const TermsRoute = lazyNamed(() => import("./routes/terms"), "TermsRoute");
const DashboardLayout = lazyNamed(() => import("./routes/dashboard-layout"), "DashboardLayout");
const AdminLayout = lazyNamed(() => import("./routes/admin-layout"), "AdminLayout");

const PackagesPanel = lazyNamed(() => import("../features/packages/components/packages-panel"), "PackagesPanel");
/** The Investments tab with the portfolio chart under its summary, composed here (features never import each other). */
const InvestmentsPanel = lazyNamed(async () => {
  const [{ InvestmentsPanel: Panel }, { PortfolioChart }] = await Promise.all([
    import("../features/investments/components/investments-panel"),
    import("../features/portfolio-chart/components/portfolio-chart"),
  ]);
  // Made once, when the modules first load (lazyNamed keeps it), as the Account tab's composition is.
  return { screen: () => <Panel chart={<PortfolioChart />} /> };
}, "screen");
const ReferralsPanel = lazyNamed(() => import("../features/referrals/components/referrals-panel"), "ReferralsPanel");
/** The Account tab hosts controls of other features; they meet here because features never import each other. */
const AccountPanel = lazyNamed(async () => {
  const [
    { AccountPanel: Panel },
    { DepositDialog },
    { PayWithPaybill },
    { WithdrawalDialog },
    { TransactionHistoryDialog },
    { StatementDialog },
    { NotificationsDialog },
    { IdentityCard },
  ] = await Promise.all([
    import("../features/account/components/account-panel"),
    import("../features/deposit/components/deposit-dialog"),
    import("../features/paybill/components/pay-with-paybill"),
    import("../features/withdrawals/components/withdrawal-dialog"),
    import("../features/history/components/transaction-history-dialog"),
    import("../features/statements/components/statement-dialog"),
    import("../features/notifications/components/notifications-dialog"),
    import("../features/kyc/components/identity-card"),
  ]);
  return {
    screen: () => (
      <Panel
        deposit={<DepositDialog paybill={<PayWithPaybill />} />}
        withdraw={<WithdrawalDialog />}
        history={<TransactionHistoryDialog />}
        statement={<StatementDialog />}
        settings={<NotificationsDialog />}
        identity={<IdentityCard />}
      />
    ),
  };
}, "screen");
/** Account → Verify identity (design.md §13.5). */
const VerifyIdentityScreen = lazyNamed(
  () => import("../features/kyc/components/verify-identity-screen"),
  "VerifyIdentityScreen",
);

const OverviewPanel = lazyNamed(() => import("../features/admin-overview/components/overview-panel"), "OverviewPanel");
const UsersPanel = lazyNamed(() => import("../features/admin-users/components/users-panel"), "UsersPanel");
const AdminPackagesPanel = lazyNamed(
  () => import("../features/admin-packages/components/admin-packages-panel"),
  "AdminPackagesPanel",
);
const TransactionsPanel = lazyNamed(
  () => import("../features/admin-transactions/components/transactions-panel"),
  "TransactionsPanel",
);
const WithdrawalsPanel = lazyNamed(
  () => import("../features/admin-withdrawals/components/withdrawals-panel"),
  "WithdrawalsPanel",
);
/** The Approvals tab: package changes above balance adjustments (app/routes/approvals.tsx composes them). */
const ApprovalsPanel = lazyNamed(() => import("./routes/approvals"), "ApprovalsRoute");
const UnmatchedPanel = lazyNamed(
  () => import("../features/admin-unmatched/components/unmatched-panel"),
  "UnmatchedPanel",
);
const VerificationsPanel = lazyNamed(
  () => import("../features/admin-kyc/components/verifications-panel"),
  "VerificationsPanel",
);
const AuditPanel = lazyNamed(() => import("../features/admin-audit/components/audit-panel"), "AuditPanel");

/** The screens a signed-in page opens on, by path: their modules are loaded before the first render. */
const firstScreens: Record<string, readonly { preload: () => Promise<unknown> }[]> = {
  [paths.dashboard.root]: [DashboardLayout, PackagesPanel],
  [paths.dashboard.packages]: [DashboardLayout, PackagesPanel],
  [paths.dashboard.investments]: [DashboardLayout, InvestmentsPanel],
  [paths.dashboard.referrals]: [DashboardLayout, ReferralsPanel],
};

/**
 * Loads the modules of the screen `pathname` opens on (main.tsx, for a stored session, before the first render), so
 * that the screen renders whole as soon as the session is known instead of suspending once per lazy level (the
 * layout, then the panel), each a render and a task more at the end of the critical path. Other paths load nothing.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  // A module that cannot load now is loaded again when its screen renders, which says so if it still cannot.
  return Promise.all((firstScreens[route] ?? []).map((screen) => screen.preload().catch(() => undefined)));
}

/** The route table of spec §2. Router-agnostic so tests can mount it in a MemoryRouter. */
export function AppRoutes() {
  // The kept screen is the packages tab's (lib/kept-screen.ts): any other screen the app lands on takes its place.
  const { pathname } = useLocation();
  useEffect(() => {
    if (!KEPT_SCREEN_PATH.test(pathname)) void releaseKeptScreen();
  }, [pathname]);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path={paths.landing} element={<LandingRoute />} />
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={paths.register} element={<RegisterRoute />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
        <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
        <Route path={paths.blockPayoutNumber} element={<BlockPayoutNumberRoute />} />
        <Route path={paths.terms} element={<TermsRoute />} />
        <Route element={<RequireAuth />}>
          <Route path={paths.dashboard.root} element={<DashboardLayout />}>
            <Route index element={<Navigate to={paths.dashboard.packages} replace />} />
            <Route path={paths.dashboard.packages} element={<PackagesPanel />} />
            <Route path={paths.dashboard.investments} element={<InvestmentsPanel />} />
            <Route path={paths.dashboard.referrals} element={<ReferralsPanel />} />
            <Route path={paths.dashboard.account} element={<AccountPanel />} />
            <Route path={paths.dashboard.verifyIdentity} element={<VerifyIdentityScreen />} />
            <Route path="*" element={<Navigate to={paths.dashboard.packages} replace />} />
          </Route>
          <Route element={<RequireAdmin />}>
            <Route path={paths.admin.root} element={<AdminLayout />}>
              <Route index element={<Navigate to={paths.admin.overview} replace />} />
              <Route path={paths.admin.overview} element={<OverviewPanel />} />
              <Route path={paths.admin.users} element={<UsersPanel />} />
              <Route path={paths.admin.packages} element={<AdminPackagesPanel />} />
              <Route path={paths.admin.transactions} element={<TransactionsPanel />} />
              <Route path={paths.admin.withdrawals} element={<WithdrawalsPanel />} />
              <Route path={paths.admin.approvals} element={<ApprovalsPanel />} />
              <Route path={paths.admin.unmatchedPayments} element={<UnmatchedPanel />} />
              <Route path={paths.admin.verifications} element={<VerificationsPanel />} />
              <Route path={paths.admin.audit} element={<AuditPanel />} />
              <Route path="*" element={<Navigate to={paths.admin.overview} replace />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<Navigate to={paths.landing} replace />} />
      </Routes>
    </Suspense>
  );
}
