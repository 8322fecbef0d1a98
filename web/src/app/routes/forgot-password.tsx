import { AuthLayout } from "../../features/auth/components/auth-layout";
import { ForgotPasswordForm } from "../../features/auth/components/forgot-password-form";
import { RECOVERY_TEXTS } from "../../features/auth/lib/auth-texts";

export function ForgotPasswordRoute() {
  return (
    <AuthLayout title={RECOVERY_TEXTS.forgotTitle} subtitle={RECOVERY_TEXTS.forgotSubtitle}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
