import { formatAmount, nairobiWallClock } from "@jengafund/shared";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An instant in the spec's date format, 'MMM dd, yyyy HH:mm', on the Nairobi clock (statements are Kenyan papers). */
export function statementTime(instant: string): string {
  const wall = nairobiWallClock(new Date(instant));
  return `${statementDay(wall.slice(0, 10))} ${wall.slice(11, 16)}`;
}

/** A Nairobi day `YYYY-MM-DD` as 'MMM dd, yyyy'. */
export function statementDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${MONTHS[Number(month) - 1]} ${date}, ${year}`;
}

/** Cents as KES with two decimals and thousands separators, no currency word: "1,500.00". */
export function statementAmount(cents: number): string {
  return formatAmount(cents / 100);
}
