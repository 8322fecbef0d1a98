import { NAIROBI_UTC_OFFSET_HOURS } from "@jengafund/shared";

/** Injected into services so the Nairobi day boundary can be tested. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The Africa/Nairobi calendar day (UTC+3, no daylight saving) of an instant, as YYYY-MM-DD. */
export function nairobiDay(instant: Date): string {
  return new Date(instant.getTime() + NAIROBI_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}
