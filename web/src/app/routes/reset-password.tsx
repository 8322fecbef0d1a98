import { useSearchParams } from "react-router-dom";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { RECOVERY_TEXTS } from "../../features/auth/lib/auth-texts";

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title={RECOVERY_TEXTS.resetTitle} subtitle={RECOVERY_TEXTS.resetSubtitle}>
      <ResetPasswordForm token={searchParams.get("token")} />
    </AuthLayout>
  );
}
