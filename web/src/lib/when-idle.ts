/**
 * Runs `task` once the browser has nothing else to do, or after `fallbackMs` where it cannot say (Safari has no
 * requestIdleCallback). Returns a function that cancels it if it has not run.
 */
export function whenIdle(task: () => void, fallbackMs = 2_000): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout: fallbackMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, fallbackMs);
  return () => clearTimeout(timer);
}

/** How long after the page's load event it is left to the user before work nobody asked for yet starts. */
export const SETTLE_MS = 5_000;

/**
 * Runs `task` some seconds after the page's load event, at an idle moment: work the first screen does not need (the
 * service worker's install, code a later tap may need) then never competes with that screen or the first taps (the
 * bench measured both in the dashboard's blocking time when they started at the first idle moment). Returns a
 * function that cancels it if it has not run.
 */
export function whenSettled(task: () => void): () => void {
  let cancelIdle = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    timer = setTimeout(() => {
      cancelIdle = whenIdle(task, SETTLE_MS);
    }, SETTLE_MS);
  };
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
  return () => {
    window.removeEventListener("load", later);
    if (timer !== undefined) clearTimeout(timer);
    cancelIdle();
  };
}

/** Starts loading a lazily loaded module once the page has settled, so a first click rarely waits for it. */
export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  return whenSettled(() => void load().catch(() => undefined));
}
