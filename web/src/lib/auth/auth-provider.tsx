import type { AuthResponse, LoginInput, RegisterCommand, User } from "@jengafund/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, startTransition, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { earlyOr } from "../early-reads";
import { queryKeys } from "../query-keys";
import { toast } from "../toast/toast";
import { tokenStorage } from "../token-storage";
import { AuthContext, type AuthContextValue } from "./auth-context";

// The API client (and Amplify with it) loads on first use, so a visitor without a session never downloads it.
const getCurrentUser = () => earlyOr("me", async () => (await import("./api/get-current-user")).getCurrentUser());
const loginRequest = async (input: LoginInput) => (await import("./api/login")).login(input);
const registerRequest = async (input: RegisterCommand) => (await import("./api/register")).register(input);

/**
 * The session of spec §4. The user is the GET /auth/me query, so a mutation whose answer carries the user puts it
 * straight into the cache and every screen showing a balance follows. Must sit inside the router (logout navigates
 * to the landing page) and inside the QueryClientProvider.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [hasSession, setHasSession] = useState(() => tokenStorage.get() !== null);
  const me = useQuery({ queryKey: queryKeys.me, queryFn: getCurrentUser, enabled: hasSession });

  // Spec §4: a failed current-user fetch on app load ends the session. A failed re-read later keeps the user.
  const failedToLoad = hasSession && me.isError && me.data === undefined;
  useEffect(() => {
    if (!failedToLoad) return;
    tokenStorage.clear();
    setHasSession(false);
  }, [failedToLoad]);

  // Nothing one user read may be shown to the next one who signs in on this device.
  useEffect(() => {
    if (!hasSession) queryClient.removeQueries();
  }, [hasSession, queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    function startSession({ token, user }: AuthResponse): User {
      queryClient.clear();
      tokenStorage.set(token);
      queryClient.setQueryData(queryKeys.me, user);
      setHasSession(true);
      return user;
    }
    return {
      user: hasSession && !failedToLoad ? (me.data ?? null) : null,
      loading: hasSession && me.isPending && !failedToLoad,
      login: async (input: LoginInput) => startSession(await loginRequest(input)),
      register: async (input: RegisterCommand) => startSession(await registerRequest(input)),
      logout: () => {
        tokenStorage.clear();
        toast.success("Logged out successfully");
        // The router applies navigations as transitions. Ending the session in the same transition keeps the
        // dashboard guard from seeing "no user" on the old page and redirecting to /login first.
        startTransition(() => {
          setHasSession(false);
          navigate(paths.landing);
        });
      },
      refreshUser: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      setUser: (user: User) => queryClient.setQueryData(queryKeys.me, user),
    };
  }, [hasSession, failedToLoad, me.data, me.isPending, navigate, queryClient]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
