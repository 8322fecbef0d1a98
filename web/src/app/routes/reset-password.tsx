import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { RECOVERY_TEXTS } from "../../features/auth/lib/auth-texts";
import { keptResetToken, resetTokenIn } from "../../lib/reset-link";

/**
 * The reset link's page (design.md §11). The token was taken out of the address bar as the app started
 * (lib/reset-link.ts); one still in the route's location (a link followed inside the app, or opened while the page
 * shows) is held in state and replaced away once the page has rendered. The page sends no Referer (CloudFront says so for the path; the meta tag here
 * says it too, wherever the page is served).
 */
export function ResetPasswordRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const inLocation = resetTokenIn(location.search, location.hash);
  const [token, setToken] = useState(() => inLocation ?? keptResetToken() ?? null);
  useEffect(() => {
    if (!inLocation) return;
    // A link opened while the page is already showing (only its fragment changes, so the app does not start again).
    setToken(inLocation);
    navigate(paths.resetPassword, { replace: true });
  }, [inLocation, navigate]);
  return (
    <AuthLayout title={RECOVERY_TEXTS.resetTitle} subtitle={RECOVERY_TEXTS.resetSubtitle}>
      <meta name="referrer" content="no-referrer" />
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
