/**
 * Every amount and date the investor screens show goes through here, so "KES 1,234.50" and "Jan 05, 2026" look
 * the same on every tab. Money formatting itself lives in @jengafund/shared so the API and the web agree.
 */
import { formatAmount, formatKes } from "@jengafund/shared";
import { format, parseISO } from "date-fns";

export { formatKes };

/** +KES 6.50 / −KES 200.00: a ledger line's direction, with the absolute value (a true minus sign for readers). */
export function formatSignedKes(kes: number): string {
  if (kes === 0) return formatKes(0);
  return `${kes > 0 ? "+" : "−"}${formatKes(Math.abs(kes))}`;
}

/** 2.1666 → "+2.17%", −5 → "−5.00%" */
export function formatSignedPercent(percent: number): string {
  const rounded = Math.round(percent * 100) / 100;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "−" : "";
  return `${sign}${formatAmount(Math.abs(rounded))}%`;
}

/** A rate as the packages define it, e.g. 1.3 → "1.3%". */
export function formatRate(percent: number): string {
  return `${percent}%`;
}

/** "Jan 05, 2026" in the reader's own time zone. */
export function formatDate(iso: string): string {
  return format(new Date(iso), "MMM dd, yyyy");
}

/** A calendar day, YYYY-MM-DD, as "Jan 05, 2026": the same day in every time zone (no instant to shift). */
export function formatDay(day: string): string {
  return format(parseISO(day), "MMM dd, yyyy");
}

/** A calendar day as "Jan 05", where the year is said once nearby (a chart's ticks, its table's rows). */
export function formatShortDay(day: string): string {
  return format(parseISO(day), "MMM dd");
}

/** "14:05" in the reader's own time zone. */
export function formatTime(iso: string): string {
  return format(new Date(iso), "HH:mm");
}

const nairobiDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Nairobi",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * The Africa/Nairobi calendar day of an instant as YYYY-MM-DD. Rewards reset at Nairobi midnight on the server,
 * whatever time zone the reader's phone is set to, so "today" must be asked in Nairobi time.
 */
export function nairobiDay(instant: Date): string {
  return nairobiDayFormat.format(instant);
}

const nairobiClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "Africa/Nairobi",
  year: "numeric",
  month: "long",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The Nairobi wall clock of an instant, by part ("January", "05", "2026", "14", "05"). */
function nairobiClock(iso: string) {
  const parts = Object.fromEntries(
    nairobiClockFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  const { year = "", month = "", day = "", hour = "", minute = "" } = parts;
  return { year, month, day, time: `${hour}:${minute}` };
}

/** The reader's own time zone, as the device names it ("Africa/Nairobi", "Europe/London"). */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An instant on the clock of `timeZone`: its day as YYYY-MM-DD and its time as "HH:mm". */
export function wallClockIn(instant: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/*
 * Admin screens show times on Nairobi's clock whatever the admin's browser is set to (design.md §12.7), in the
 * spec's own formats, so the console and its CSV export read the same hour.
 */

/** "Jan 05, 2026" (the spec's 'MMM dd, yyyy') in Nairobi time. */
export function formatNairobiDate(iso: string): string {
  const { year, month, day } = nairobiClock(iso);
  return `${month.slice(0, 3)} ${day}, ${year}`;
}

/** "14:05" (the spec's 'HH:mm') in Nairobi time. */
export function formatNairobiTime(iso: string): string {
  return nairobiClock(iso).time;
}

/** "Jan 05, 2026 14:05" in Nairobi time. */
export function formatNairobiDateTime(iso: string): string {
  return `${formatNairobiDate(iso)} ${formatNairobiTime(iso)}`;
}

/** "January 05, 2026 14:05" (the spec's 'MMMM dd, yyyy HH:mm') in Nairobi time. */
export function formatNairobiLongDateTime(iso: string): string {
  const { year, month, day, time } = nairobiClock(iso);
  return `${month} ${day}, ${year} ${time}`;
}

/** What the admin lists say of their times. */
export const NAIROBI_TIME_NOTE = "Times are Nairobi time (EAT, UTC+3)";
