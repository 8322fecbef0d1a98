import { type AuthResponse, type LoginInput, MESSAGES, type RegisterCommand, type User } from "@jengafund/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, startTransition, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../config/paths";
import { earlyOr } from "../early-reads";
import { clearLastKnown } from "../last-known";
import { queryKeys } from "../query-keys";
import { sessionEnded } from "../session-ended";
import { toast } from "../toast/toast";
import { tokenStorage } from "../token-storage";
import { AuthContext, type AuthContextValue } from "./auth-context";

// The API client (and Amplify with it) loads on first use, so a visitor without a session never downloads it.
const getCurrentUser = () => earlyOr("me", async () => (await import("./api/get-current-user")).getCurrentUser());
const loginRequest = async (input: LoginInput) => (await import("./api/login")).login(input);
const registerRequest = async (input: RegisterCommand) => (await import("./api/register")).register(input);
const logoutRequest = async () => (await import("./api/logout")).logout();

/** The spec's logout toast. */
const LOGGED_OUT_MESSAGE = "Logged out successfully";

/**
 * The session of spec §4. The user is the GET /auth/me query, so a mutation whose answer carries the user puts it
 * straight into the cache and every screen showing a balance follows. Must sit inside the router (logout navigates
 * to the landing page) and inside the QueryClientProvider. Logout ends the session on the server first (design.md
 * §12.2), then forgets the token here whatever the server said.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [hasSession, setHasSession] = useState(() => tokenStorage.get() !== null);
  /** A second click on Logout while the first is on its way sends nothing more. */
  const loggingOut = useRef(false);
  // Read again on focus and every 30 s while signed in (query-client.ts), so the header's balance follows the server.
  const me = useQuery({ queryKey: queryKeys.me, queryFn: getCurrentUser, enabled: hasSession });

  // Spec §4: a failed current-user fetch on app load ends the session. A failed re-read later (offline, a 500) keeps
  // the user and what the header shows, silently; a 401 on it is a session that has ended, and the API client sends
  // the browser to the login page as on any other call. With no network at all (status 0, or the read waiting for
  // the browser to be online) the session is kept (issue 24): the user last seen on this device is shown, restored
  // (lib/last-known.ts), or, with nothing kept, the offline state with a Retry.
  const noNetwork = me.fetchStatus === "paused" || (me.isError && isNetworkFailure(me.error));
  const unreachable = hasSession && me.data === undefined && noNetwork;
  const failedToLoad = hasSession && me.isError && me.data === undefined && !noNetwork;
  useEffect(() => {
    if (!failedToLoad) return;
    tokenStorage.clear();
    void clearLastKnown();
    setHasSession(false);
  }, [failedToLoad]);

  // Nothing one user read may be shown to the next one who signs in on this device, nor kept on it once their
  // session has ended here (a visitor who never had one has nothing kept: the restore already forgot any).
  const hadSession = useRef(hasSession);
  useEffect(() => {
    if (hasSession) {
      hadSession.current = true;
      return;
    }
    queryClient.removeQueries();
    if (hadSession.current) void clearLastKnown();
    hadSession.current = false;
  }, [hasSession, queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    function startSession({ token, user }: AuthResponse): User {
      loggingOut.current = false;
      queryClient.clear();
      // Another user's last-known data never waits on this device for a session that is not theirs.
      if (tokenStorage.userId() !== user._id) void clearLastKnown();
      tokenStorage.set(token);
      queryClient.setQueryData(queryKeys.me, user);
      setHasSession(true);
      return user;
    }
    function forgetSession(message: string | undefined, to: string): void {
      tokenStorage.clear();
      void clearLastKnown();
      if (message) toast.success(message);
      // The router applies navigations as transitions. Ending the session in the same transition keeps the
      // dashboard guard from seeing "no user" on the old page and redirecting to /login first.
      startTransition(() => {
        setHasSession(false);
        navigate(to);
      });
    }
    return {
      user: hasSession && !failedToLoad ? (me.data ?? null) : null,
      userUpdatedAt: me.dataUpdatedAt,
      loading: hasSession && me.isPending && !failedToLoad && !unreachable,
      unreachable,
      retry: () => void me.refetch(),
      login: async (input: LoginInput) => {
        const answer = await loginRequest(input);
        const { recoveryCodesLeft } = answer;
        return { user: startSession(answer), ...(recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft }) };
      },
      register: async (input: RegisterCommand) => startSession(await registerRequest(input)),
      logout: () => {
        if (loggingOut.current) return;
        loggingOut.current = true;
        void logoutRequest()
          .catch(() => undefined)
          .then(() => forgetSession(LOGGED_OUT_MESSAGE, paths.landing));
      },
      sessionsEnded: (message: string) => forgetSession(message, paths.login),
      idleSignOut: () => {
        if (loggingOut.current) return;
        loggingOut.current = true;
        // Said by the login page (lib/session-ended.ts), as for a session the server ended.
        sessionEnded.note(MESSAGES.adminIdleSignedOut);
        void logoutRequest()
          .catch(() => undefined)
          .then(() => forgetSession(undefined, paths.login));
      },
      refreshUser: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      setUser: (user: User) => queryClient.setQueryData(queryKeys.me, user),
    };
  }, [
    hasSession,
    failedToLoad,
    unreachable,
    me.data,
    me.dataUpdatedAt,
    me.isPending,
    me.refetch,
    navigate,
    queryClient,
  ]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** No answer at all from the server (offline, DNS, a dropped connection): the API client's status 0. */
function isNetworkFailure(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === 0;
}
