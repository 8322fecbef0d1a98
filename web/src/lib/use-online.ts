import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { onAnswersChange, requestsUnanswered } from "./network-answers";

/**
 * Whether the page is online as it sees it: the browser's `navigator.onLine` and its online/offline events, and its
 * own requests (lib/network-answers.ts: a request with no answer at all means offline, whatever the browser says). It
 * can be wrong the other way (a captive portal reads as online), so a money action is still refused at once on a
 * failed request (mutations run with networkMode "always", lib/query-client.ts); this draws the offline state and
 * pauses the queries.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

export function isOnline(): boolean {
  if (requestsUnanswered()) return false;
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  const stop = onAnswersChange(onChange);
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    stop();
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * TanStack starts out "online" until an event arrives; the page's first state comes from the browser and its requests
 * instead, and follows the requests from then on: queries pause while nothing answers, instead of failing one after
 * another, and pick up again when something does.
 */
export function syncOnlineManager(): void {
  onlineManager.setOnline(isOnline());
  onAnswersChange(() => onlineManager.setOnline(isOnline()));
}
