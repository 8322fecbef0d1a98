/** Injected into services so the Nairobi day boundary can be tested. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

// The day's maths is shared with the web app; services keep reaching it next to their clock.
export { nairobiDay } from "@jengafund/shared";

const HOUR_MS = 3_600_000;

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
