import { toCsv } from "../../../kernel/csv.js";
import type { Statement } from "./statement-builder.js";
import { statementTime } from "./statement-format.js";

const HEADER = ["Date", "Description", "Reference", "M-Pesa receipt", "Money in", "Money out", "Balance"];

/**
 * The wallet statement as CSV (design.md §12.6): the opening balance first, every row, the closing balance last, in
 * KES with two decimals (plain numbers, so a spreadsheet sums them). Trial money is not in it.
 */
export function statementCsv(statement: Statement): string {
  const kes = (cents: number) => (cents / 100).toFixed(2);
  return toCsv([
    HEADER,
    [statementTime(statement.from), "Opening balance", "", "", "", "", kes(statement.openingCents)],
    ...statement.rows.map((row) => [
      statementTime(row.at),
      row.description,
      row.reference,
      row.receipt ?? "",
      row.inCents ? kes(row.inCents) : "",
      row.outCents ? kes(row.outCents) : "",
      kes(row.balanceCents),
    ]),
    [statementTime(lastMinuteOf(statement.to)), "Closing balance", "", "", "", "", kes(statement.closingCents)],
  ]);
}

/** The last minute a period covers: its end is exclusive (the next day's midnight). */
export function lastMinuteOf(end: string): string {
  return new Date(Date.parse(end) - 60_000).toISOString();
}
