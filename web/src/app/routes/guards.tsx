import { Navigate, Outlet } from "react-router-dom";
import { PageSpinner } from "../../components/ui/page-spinner";
import { paths } from "../../config/paths";
import { useAuth } from "../../lib/auth/use-auth";

/** Signed-in users only; everyone else goes to /login (spec §2). */
export function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  return user ? <Outlet /> : <Navigate to={paths.login} replace />;
}

/** Admins only; nest inside RequireAuth. Signed-in non-admins go to their dashboard (spec §2). */
export function RequireAdmin() {
  const { user } = useAuth();
  return user?.role === "admin" ? <Outlet /> : <Navigate to={paths.dashboard.root} replace />;
}
