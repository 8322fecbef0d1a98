import { AuthLayout } from "../../features/auth/components/auth-layout";
import { RegisterForm } from "../../features/auth/components/register-form";

export function RegisterRoute() {
  return (
    <AuthLayout title="Create your account" subtitle="Start investing with Kenya's top companies">
      <RegisterForm />
    </AuthLayout>
  );
}
