import { NAIROBI_UTC_OFFSET_HOURS } from "./constants.js";

const HOUR_MS = 3_600_000;

/**
 * The Africa/Nairobi wall-clock time of an instant, `YYYY-MM-DDTHH:mm:ss.sss`. A fixed offset is exact: Kenya keeps
 * UTC+3 all year, so no time-zone database is needed (nor shipped in a Lambda bundle).
 */
export function nairobiWallClock(instant: Date): string {
  return new Date(instant.getTime() + NAIROBI_UTC_OFFSET_HOURS * HOUR_MS).toISOString().slice(0, 23);
}

/** The Africa/Nairobi calendar day of an instant, `YYYY-MM-DD`: the day of daily rewards and "new users today". */
export function nairobiDay(instant: Date): string {
  return nairobiWallClock(instant).slice(0, 10);
}

/**
 * An instant as ISO 8601 in Nairobi time with its offset, `YYYY-MM-DDTHH:mm:ss+03:00`: what an admin's spreadsheet
 * shows reads as the Nairobi clock, and the offset keeps it one exact instant for anything that parses it.
 */
export function nairobiIsoTime(instant: Date): string {
  const offset = `+${String(NAIROBI_UTC_OFFSET_HOURS).padStart(2, "0")}:00`;
  return `${nairobiWallClock(instant).slice(0, 19)}${offset}`;
}

/**
 * The instant a Nairobi wall-clock time names, `YYYY-MM-DDTHH:mm[:ss[.sss]]`: the inverse of `nairobiWallClock`, for
 * times written on Nairobi's clock without an offset (Daraja's TransTime, the start of a Nairobi day). An invalid
 * time gives an Invalid Date.
 */
export function nairobiInstant(wallClock: string): Date {
  return new Date(Date.parse(`${wallClock}Z`) - NAIROBI_UTC_OFFSET_HOURS * HOUR_MS);
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** A calendar month, `YYYY-MM`, as statements name it: "2026-10" → "October 2026". */
export function monthName(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

/**
 * An instant as a Nairobi wall-clock time in date-fns' "MMM dd, HH:mm", e.g. "Dec 03, 14:05": when a new payout
 * number starts receiving payouts (design.md §13.2).
 */
export function nairobiShortDateTime(instant: Date): string {
  const wall = nairobiWallClock(instant);
  const month = MONTH_NAMES[Number(wall.slice(5, 7)) - 1]?.slice(0, 3) ?? wall.slice(5, 7);
  return `${month} ${wall.slice(8, 10)}, ${wall.slice(11, 16)}`;
}
