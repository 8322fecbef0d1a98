import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAuth } from "../../../lib/auth/use-auth";
import { DepositWatchContext, type DepositWatchValue, type PendingDeposit } from "../lib/deposit-watch-context";

// This provider sits above every route, landing page included. What a watch runs (the API client with Amplify,
// the messages) loads with the first deposit instead, when the deposit form has already loaded most of it.
const loadFollowDeposit = async () => (await import("../lib/follow-deposit")).followDeposit;

/**
 * Watches deposits after their modal has closed (design §5), so the new balance and the outcome toast arrive on
 * whichever page the depositor has moved to. Must sit inside the AuthProvider. A watch belongs to the session
 * that started it: logout, another sign-in or unmounting stops it.
 */
export function DepositWatchProvider({ children }: { children: ReactNode }) {
  const { user, setUser } = useAuth();
  const userId = user?._id;
  const [pending, setPending] = useState<readonly PendingDeposit[]>([]);
  const stops = useRef(new Map<string, () => void>());

  useEffect(() => {
    if (userId === undefined) return;
    const running = stops.current;
    return () => {
      for (const stop of running.values()) stop();
      running.clear();
      setPending([]);
    };
  }, [userId]);

  const watch = useCallback(
    (deposit: PendingDeposit) => {
      const { checkoutRequestId } = deposit;
      if (stops.current.has(checkoutRequestId)) return;
      const end = () => {
        stops.current.delete(checkoutRequestId);
        setPending((list) => list.filter((item) => item.checkoutRequestId !== checkoutRequestId));
      };
      let stopped = false;
      let stopFollowing: (() => void) | undefined;
      stops.current.set(checkoutRequestId, () => {
        stopped = true;
        stopFollowing?.();
      });
      setPending((list) => [...list, deposit]);
      loadFollowDeposit().then(
        (followDeposit) => {
          if (!stopped) stopFollowing = followDeposit(checkoutRequestId, { setUser, onEnd: end });
        },
        // Offline before the code arrived: nothing can be watched, and the next visit shows the settled balance.
        end,
      );
    },
    [setUser],
  );

  const value = useMemo<DepositWatchValue>(() => ({ pending, watch }), [pending, watch]);
  return <DepositWatchContext value={value}>{children}</DepositWatchContext>;
}
