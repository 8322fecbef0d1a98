import { useCallback, useRef, useState } from "react";
import { isOnline, useOnline } from "./use-online";

export interface OneAtATime<A extends unknown[]> {
  /**
   * Starts the action, unless the one an earlier tap started is still on its way, or the browser is offline: then
   * nothing happens.
   */
  run: (...args: A) => void;
  /** From the tap until the action is over: its button shows it and is disabled. */
  busy: boolean;
  /** The browser has no network: the button is disabled (the offline banner says why) and `run` does nothing. */
  offline: boolean;
}

/**
 * One request per tap on a money button (design.md §12.7). A double tap lands its second click before React has
 * drawn the button disabled, and before a mutation's own isPending has changed (TanStack tells its observers on a
 * later task), so the guard is a ref, set in the tap's own event; `busy` draws the button disabled at once.
 * `action` returns the promise of the whole action (a mutation's mutateAsync, answer handled); its failure is the
 * action's own to report (its onError toast), so it is not thrown again here. Offline, no money action starts at all:
 * nothing is queued to run later (issue 24).
 */
export function useOneAtATime<A extends unknown[]>(action: (...args: A) => Promise<unknown>): OneAtATime<A> {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const latest = useRef(action);
  latest.current = action;

  const run = useCallback((...args: A) => {
    if (running.current || !isOnline()) return;
    running.current = true;
    setBusy(true);
    const release = () => {
      running.current = false;
      setBusy(false);
    };
    let started: Promise<unknown>;
    try {
      started = latest.current(...args);
    } catch (error) {
      release();
      throw error;
    }
    started.then(release, release);
  }, []);

  const offline = !useOnline();
  return { run, busy, offline };
}
