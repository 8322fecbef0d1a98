import { monthName } from "@jengafund/shared";
/**
 * The periods a statement can cover (design.md §12.6): a calendar month, or a range of Nairobi days of at most 366
 * days that does not start after today. The server checks the same rules and has the last word; these only keep a
 * request that would be refused from being sent.
 */
export const MAX_STATEMENT_DAYS = 366;

export interface StatementPeriod {
  /** Nairobi days, YYYY-MM-DD, `to` inclusive. */
  from: string;
  to: string;
}

/** This month and the eleven before it, newest first: value `YYYY-MM`, label "November 2026". */
export function recentMonths(today: string): { value: string; label: string }[] {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const months: { value: string; label: string }[] = [];
  for (let i = 0; i < 12; i++) {
    months.push({
      value: `${year}-${String(month).padStart(2, "0")}`,
      label: monthName(`${year}-${String(month).padStart(2, "0")}`),
    });
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

/** A month's days: from its 1st to its last day, or to today for this month. */
export function monthPeriod(month: string, today: string): StatementPeriod {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const end = `${month}-${String(lastDay).padStart(2, "0")}`;
  return { from: `${month}-01`, to: end > today ? today : end };
}

/** Why a custom range cannot be asked for, or undefined when it can. */
export function rangeProblem({ from, to }: StatementPeriod, today: string): string | undefined {
  if (!from || !to) return "Choose a start and an end date";
  if (to < from) return "The end date must not be before the start date";
  if (from > today) return "The period must not start after today";
  if (daysBetween(from, to) + 1 > MAX_STATEMENT_DAYS) return `Choose a period of at most ${MAX_STATEMENT_DAYS} days`;
  return undefined;
}

/** The file the server names it: jengafund-statement-<from>-<to>.<ext>. */
export function statementFileName({ from, to }: StatementPeriod, format: "pdf" | "csv"): string {
  return `jengafund-statement-${from}-${to}.${format}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
