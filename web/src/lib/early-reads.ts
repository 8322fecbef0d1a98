import { tokenStorage } from "./token-storage";

/**
 * Reads that a signed-in page's first screen is sure to make, started as the page starts (app/first-reads.ts)
 * instead of once the screen that makes them has rendered: a reload of the dashboard then asks for the session and
 * the packages together, while the app's code is still loading, instead of one after the other at its end.
 */
const started = new Map<string, { token: string; at: number; answer: Promise<unknown> }>();

/** An early answer is used only this soon after it was asked for, so no screen shows older data than before. */
const USABLE_FOR_MS = 10_000;

/** Starts `read` now, for the stored session; nothing without one. */
export function startEarly(name: string, read: () => Promise<unknown>): void {
  const token = tokenStorage.get();
  if (token === null) return;
  const answer = read();
  // A failure reaches the screen that takes the answer; until then it is no unhandled rejection.
  answer.catch(() => {});
  started.set(name, { token, at: Date.now(), answer });
}

/**
 * The answer of the read started early under `name`, taken once, if it was asked for by the same session and
 * recently; otherwise `read`, made now.
 */
export function earlyOr<T>(name: string, read: () => Promise<T>): Promise<T> {
  const early = started.get(name);
  started.delete(name);
  if (early && early.token === tokenStorage.get() && Date.now() - early.at <= USABLE_FOR_MS) {
    return early.answer as Promise<T>;
  }
  return read();
}
