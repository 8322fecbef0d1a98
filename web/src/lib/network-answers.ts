import { API_BASE_PATH } from "@jengafund/shared";

/**
 * Whether the page's own requests get answers. Browsers differ on `navigator.onLine`: some keep it true through an
 * offline reload served by the service worker, so a request that got no HTTP answer at all (the API client's status 0)
 * is the page's own evidence that it is offline, until an answer comes back — to one of the app's requests or to the
 * probe below. Kept apart from React (lib/use-online.ts reads it) so the API client carries nothing more.
 */
let unanswered = false;
const listeners = new Set<() => void>();
let probe: ReturnType<typeof setInterval> | undefined;

/** How often a page whose requests went unanswered asks again, since its paused queries would not. */
export const PROBE_INTERVAL_MS = 10_000;

export function requestsUnanswered(): boolean {
  return unanswered;
}

/** A request got no HTTP answer at all. */
export function noteNoAnswer(): void {
  set(true);
}

/** A request got an HTTP answer, whatever its status; or the browser says the network is back, worth a try. */
export function noteAnswer(): void {
  set(false);
}

export function onAnswersChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: boolean): void {
  if (unanswered === next) return;
  unanswered = next;
  if (next) startProbe();
  else stopProbe();
  for (const listener of listeners) listener();
}

/** Any HTTP status from the API's base path (a 404 included) is an answer; the cache is not asked. */
function startProbe(): void {
  if (probe !== undefined || typeof window === "undefined") return;
  probe = setInterval(() => {
    fetch(`${window.location.origin}${API_BASE_PATH}/`, { cache: "no-store" }).then(noteAnswer, () => undefined);
  }, PROBE_INTERVAL_MS);
}

function stopProbe(): void {
  clearInterval(probe);
  probe = undefined;
}

if (typeof window !== "undefined") window.addEventListener("online", noteAnswer);
