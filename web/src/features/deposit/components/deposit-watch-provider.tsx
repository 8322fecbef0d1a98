import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useAuth } from "../../../lib/auth/use-auth";
import { DepositWatchContext, type DepositWatchValue, type PendingDeposit } from "../lib/deposit-watch-context";
import { DepositWatcher } from "./deposit-watcher";

interface Watched extends PendingDeposit {
  startedAt: number;
}

/**
 * Watches deposits after their modal has closed (design §5), so the new balance and the outcome arrive on whichever
 * page the depositor has moved to. Must sit inside the AuthProvider. A watch belongs to the session that started it:
 * logout or another sign-in drops it, and unmounting its watcher stops the polling.
 */
export function DepositWatchProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?._id;
  const [session, setSession] = useState(userId);
  const [watched, setWatched] = useState<readonly Watched[]>([]);
  if (session !== userId) {
    setSession(userId);
    setWatched([]);
  }

  const watch = useCallback((deposit: PendingDeposit) => {
    setWatched((list) =>
      list.some((item) => item.checkoutRequestId === deposit.checkoutRequestId)
        ? list
        : [...list, { ...deposit, startedAt: Date.now() }],
    );
  }, []);
  const end = useCallback((checkoutRequestId: string) => {
    setWatched((list) => list.filter((item) => item.checkoutRequestId !== checkoutRequestId));
  }, []);

  const value = useMemo<DepositWatchValue>(() => ({ pending: watched, watch }), [watched, watch]);
  return (
    <DepositWatchContext value={value}>
      {children}
      {watched.map((deposit) => (
        <DepositWatcher
          key={deposit.checkoutRequestId}
          checkoutRequestId={deposit.checkoutRequestId}
          startedAt={deposit.startedAt}
          onEnd={end}
        />
      ))}
    </DepositWatchContext>
  );
}
