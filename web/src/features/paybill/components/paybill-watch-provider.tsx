import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAuth } from "../../../lib/auth/use-auth";
import { usePageVisible } from "../hooks/use-page-visible";
import { createPaybillLedger, PAYBILL_WATCH } from "../lib/paybill-watch";
import { PaybillWatchContext, type PaybillWatchValue } from "../lib/paybill-watch-context";
import { PaybillWatcher } from "./paybill-watcher";

/**
 * Awaits a Paybill payment once its numbers have been shown (design.md §12.3), beside the deposit watch and for the
 * same reason: the customer pays from the phone's menu, often after closing the dialog, and the new balance and its
 * toast must still arrive without a reload, on whichever page they are. The ledger is read only while a payment is
 * awaited (up to PAYBILL_WATCH.windowMs after the numbers were last shown) and the tab is in view; a payment that
 * lands while the tab is hidden is announced when it comes back. Must sit inside the AuthProvider; logout or another
 * sign-in ends the wait.
 */
export function PaybillWatchProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?._id;
  const [session, setSession] = useState(userId);
  const [awaitedUntil, setAwaitedUntil] = useState<number | undefined>();
  const [ledger] = useState(createPaybillLedger);
  const visible = usePageVisible();
  if (session !== userId) {
    setSession(userId);
    setAwaitedUntil(undefined);
    ledger.reset();
  }

  // How many views show the numbers right now: while one does, a payment is still awaited after another has landed.
  const showing = useRef(0);
  const showingDetails = useCallback(() => {
    showing.current += 1;
    setAwaitedUntil(Date.now() + PAYBILL_WATCH.windowMs);
    return () => {
      showing.current -= 1;
      setAwaitedUntil(Date.now() + PAYBILL_WATCH.windowMs);
    };
  }, []);
  const endWait = useCallback(() => {
    setAwaitedUntil(undefined);
    // A later showing learns the ledger afresh rather than announce what landed while nothing was awaited.
    ledger.reset();
  }, [ledger]);
  const landed = useCallback(() => {
    if (showing.current === 0) endWait();
  }, [endWait]);

  useEffect(() => {
    if (awaitedUntil === undefined) return;
    const timer = setTimeout(endWait, Math.max(0, awaitedUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [awaitedUntil, endWait]);

  const value = useMemo<PaybillWatchValue>(() => ({ showingDetails }), [showingDetails]);
  return (
    <PaybillWatchContext value={value}>
      {children}
      {userId !== undefined && awaitedUntil !== undefined && visible && (
        <PaybillWatcher key={userId} userId={userId} ledger={ledger} onLanded={landed} />
      )}
    </PaybillWatchContext>
  );
}
