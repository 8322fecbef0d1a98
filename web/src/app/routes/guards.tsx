import { Navigate, Outlet } from "react-router-dom";
import { OfflineState } from "../../components/layout/offline-state";
import { PageSpinner } from "../../components/ui/page-spinner";
import { paths } from "../../config/paths";
import { useAuth } from "../../lib/auth/use-auth";

/** Signed-in users only; everyone else goes to /login (spec §2). */
export function RequireAuth() {
  const { user, loading, unreachable, retry } = useAuth();
  if (loading) return <PageSpinner />;
  // No network at the start and nothing kept to show: the session stays (issue 24).
  if (unreachable) return <OfflineState retrying={false} onRetry={retry} />;
  return user ? <Outlet /> : <Navigate to={paths.login} replace />;
}

/** Admins only; nest inside RequireAuth. Signed-in non-admins go to their dashboard (spec §2). */
export function RequireAdmin() {
  const { user } = useAuth();
  return user?.role === "admin" ? <Outlet /> : <Navigate to={paths.dashboard.root} replace />;
}
