import type { AuthResponse, LoginInput, RegisterCommand, User } from "@jengafund/shared";
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { paths } from "../../config/paths";
import { tokenStorage } from "../token-storage";
import { AuthContext, type AuthContextValue } from "./auth-context";

// The API client (and Amplify with it) loads on first use, so a visitor without a session never downloads it.
const getCurrentUser = async () => (await import("./api/get-current-user")).getCurrentUser();
const loginRequest = async (input: LoginInput) => (await import("./api/login")).login(input);
const registerRequest = async (input: RegisterCommand) => (await import("./api/register")).register(input);

/** The session of spec §4. Must sit inside the router: logout navigates to the landing page. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUserState] = useState<User | null>(null);
  const [loading, setLoading] = useState(() => tokenStorage.get() !== null);

  useEffect(() => {
    if (tokenStorage.get() === null) return;
    let cancelled = false;
    getCurrentUser()
      .then((current) => {
        if (!cancelled) setUserState(current);
      })
      .catch(() => tokenStorage.clear())
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const startSession = useCallback(({ token, user: signedIn }: AuthResponse) => {
    tokenStorage.set(token);
    setUserState(signedIn);
    return signedIn;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      login: async (input: LoginInput) => startSession(await loginRequest(input)),
      register: async (input: RegisterCommand) => startSession(await registerRequest(input)),
      logout: () => {
        tokenStorage.clear();
        toast.success("Logged out successfully");
        // The router applies navigations as transitions. Clearing the user in the same transition keeps the
        // dashboard guard from seeing "no user" on the old page and redirecting to /login first.
        startTransition(() => {
          setUserState(null);
          navigate(paths.landing);
        });
      },
      refreshUser: async () => setUserState(await getCurrentUser()),
      setUser: setUserState,
    }),
    [user, loading, navigate, startSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
