import type { DepositStatusView } from "@jengafund/shared";
import { useIsFetching, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";
import { DepositWatchContext, type DepositWatchValue, type PendingDeposit } from "../lib/deposit-watch-context";
import { DepositWatcher } from "./deposit-watcher";

// The provider sits above every route, landing page included: the API client loads with the first signed-in read.
const fetchPendingDeposits = async () => (await import("../api/list-pending-deposits")).listPendingDeposits();

/** A deposit the server reports pending, as a watch: its prompt went out when the server recorded it. */
const watchOf = (deposit: DepositStatusView) => ({
  checkoutRequestId: deposit.checkoutRequestId,
  amount: deposit.amount,
  // Never later than now, should this device's clock be behind the server's.
  startedAt: Math.min(Date.parse(deposit.createdAt) || Date.now(), Date.now()),
  ...(deposit.channel ? { channel: deposit.channel } : {}),
});

/**
 * Watches deposits after their modal has closed (design §5), so the new balance and the outcome arrive on whichever
 * page the depositor has moved to. On every page load it also asks the server for the user's deposits still pending
 * and watches those (design.md §12.7), so a reload keeps the header's indicator and still brings the outcome. Must sit
 * inside the AuthProvider. A watch belongs to the session that started it: logout or another sign-in drops it, and
 * unmounting its watcher stops the polling.
 */
export function DepositWatchProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?._id;
  const [session, setSession] = useState(userId);
  const [watched, setWatched] = useState<readonly PendingDeposit[]>([]);
  // Deposits whose outcome this page has shown: an older answer of the pending list must not bring them back.
  const ended = useRef(new Set<string>());
  if (session !== userId) {
    setSession(userId);
    setWatched([]);
  }

  const watch = useCallback<DepositWatchValue["watch"]>((deposit) => {
    if (ended.current.has(deposit.checkoutRequestId)) return;
    setWatched((list) =>
      list.some((item) => item.checkoutRequestId === deposit.checkoutRequestId)
        ? list
        : [...list, { ...deposit, startedAt: deposit.startedAt ?? Date.now() }].sort(
            (a, b) => a.startedAt - b.startedAt,
          ),
    );
  }, []);
  const end = useCallback((checkoutRequestId: string) => {
    ended.current.add(checkoutRequestId);
    setWatched((list) => list.filter((item) => item.checkoutRequestId !== checkoutRequestId));
  }, []);

  // Read once per page load and sign-in, after the first screen's own reads have answered, so that on a slow network
  // it does not compete with them (and the banner images they bring); the watches follow each deposit from there.
  const firstScreenRead = useFirstScreenRead(userId);
  const { data: serverPending } = useQuery({
    queryKey: queryKeys.pendingDeposits(userId ?? ""),
    queryFn: fetchPendingDeposits,
    enabled: userId !== undefined && firstScreenRead,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useEffect(() => {
    for (const deposit of serverPending ?? []) if (deposit.status === "pending") watch(watchOf(deposit));
  }, [serverPending, watch]);

  const value = useMemo<DepositWatchValue>(() => ({ pending: watched, watch }), [watched, watch]);
  return (
    <DepositWatchContext value={value}>
      {children}
      {watched.map((deposit) => (
        <DepositWatcher
          key={deposit.checkoutRequestId}
          checkoutRequestId={deposit.checkoutRequestId}
          startedAt={deposit.startedAt}
          {...(deposit.channel ? { paybill: { amount: deposit.amount } } : {})}
          onEnd={end}
        />
      ))}
    </DepositWatchContext>
  );
}

/**
 * Whether the signed-in user's first screen has had its reads answered: true once no read is in flight with a user
 * known, and from then on (a later refetch does not take it back).
 */
function useFirstScreenRead(userId: string | undefined): boolean {
  const fetching = useIsFetching();
  const [done, setDone] = useState(false);
  if (!done && userId !== undefined && fetching === 0) setDone(true);
  return done;
}
