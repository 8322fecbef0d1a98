import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * Whether the browser says it has a network: `navigator.onLine` and its online/offline events. It can be wrong the
 * other way (a captive portal reads as online), so a money action is still refused at once on a failed request
 * (mutations run with networkMode "always", lib/query-client.ts); this only draws the offline state.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

export function isOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** TanStack starts out "online" until an event arrives; the page's first state comes from the browser instead. */
export function syncOnlineManager(): void {
  onlineManager.setOnline(isOnline());
}
