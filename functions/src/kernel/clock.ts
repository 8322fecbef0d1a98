/** Injected into services so the Nairobi day boundary can be tested. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

// The day's maths is shared with the web app; services keep reaching it next to their clock.
export { nairobiDay } from "@jengafund/shared";

const HOUR_MS = 3_600_000;

/**
 * The hourly abuse counters' window for an attempt at `now`: its UTC hour (`yyyy-mm-ddThh`, the counter's key) and
 * when the counter may go (two hours on: it outlives its hour by at least one).
 */
export function hourlyCounterWindow(now: Date): { hour: string; expiresAtEpochSeconds: number } {
  return { hour: now.toISOString().slice(0, 13), expiresAtEpochSeconds: Math.floor(now.getTime() / 1000) + 2 * 3600 };
}

/** Whole minutes (at least 1) until the next UTC clock hour, when the hourly abuse counters start again. */
export function minutesToNextHour(now: Date): number {
  return Math.max(1, Math.ceil((HOUR_MS - (now.getTime() % HOUR_MS)) / 60_000));
}

const DAY_MS = 86_400_000;

/** The `count` calendar days ending with `lastDay` (`YYYY-MM-DD`, included), oldest first: a chart's window. */
export function daysEndingOn(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}
