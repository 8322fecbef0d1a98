import { ADMIN_IDLE_MINUTES } from "@jengafund/shared";
import { useEffect, useRef } from "react";
import { useAuth } from "./use-auth";

/** What counts as the admin being there: input, not the console's own background refreshes. */
const INPUT_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/** How often the page looks at the time since the last input (and at once when it is shown again). */
const CHECK_INTERVAL_MS = 15_000;

/**
 * Signs an admin out after ADMIN_IDLE_MINUTES without input (design.md §12.2; ADR 18). The server ends an admin
 * session after as long without a request, but the console refreshes its lists in the background every few seconds,
 * which would keep an unattended console signed in: the page itself watches for input, and ends the session (on the
 * server too) when there has been none.
 */
export function useIdleSignOut(): void {
  const { idleSignOut } = useAuth();
  // Kept across renders: the auth value (and with it idleSignOut) changes with every refresh of the user.
  const signOut = useRef(idleSignOut);
  signOut.current = idleSignOut;
  useEffect(() => {
    let lastInput = Date.now();
    const noteInput = () => {
      lastInput = Date.now();
    };
    const check = () => {
      if (Date.now() - lastInput >= ADMIN_IDLE_MINUTES * 60_000) signOut.current();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") check();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, noteInput, { passive: true });
    document.addEventListener("visibilitychange", onVisible);
    const timer = setInterval(check, CHECK_INTERVAL_MS);
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, noteInput);
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(timer);
    };
  }, []);
}
