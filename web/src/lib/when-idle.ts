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

/** Starts loading a lazily loaded module when the browser is idle, so a first click rarely waits for it. */
export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  return whenIdle(() => void load().catch(() => undefined));
}
