/**
 * Every amount and date the investor screens show goes through here, so "KES 1,234.50" and "Jan 05, 2026" look
 * the same on every tab. Money formatting itself lives in @jengafund/shared so the API and the web agree.
 */
import { formatAmount, formatKes } from "@jengafund/shared";
import { format } from "date-fns";

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
