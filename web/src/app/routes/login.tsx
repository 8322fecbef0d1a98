import { useState } from "react";
import { SectionSpinner } from "../../components/ui/section-spinner";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { LoginForm } from "../../features/auth/components/login-form";
import { SignedInNotice } from "../../features/auth/components/signed-in-notice";
import { useAuth } from "../../lib/auth/use-auth";

export function LoginRoute() {
  const { user, loading } = useAuth();
  // Decided on arrival: signing in on this page must lead on to the dashboard, not to the notice.
  const [arrivedSignedIn] = useState(user !== null || loading);
  const signedIn = arrivedSignedIn && user !== null;

  return (
    <AuthLayout
      title={signedIn ? "You are signed in" : "Welcome back"}
      subtitle={signedIn ? "Pick up where you left off" : "Sign in to your JengaFund account"}
    >
      {arrivedSignedIn && loading ? <SectionSpinner /> : signedIn ? <SignedInNotice user={user} /> : <LoginForm />}
    </AuthLayout>
  );
}
