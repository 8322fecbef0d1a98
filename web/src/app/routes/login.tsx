import { AuthLayout } from "../../features/auth/components/auth-layout";
import { LoginForm } from "../../features/auth/components/login-form";

export function LoginRoute() {
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your JengaFund account">
      <LoginForm />
    </AuthLayout>
  );
}
