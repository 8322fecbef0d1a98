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
  return toCsv([HEADER, ...statementTable(statement, kes).map((line) => line.cells)]);
}

/**
 * A statement's table, in the columns of HEADER: the opening balance first (`balance`), every row, the closing balance
 * last (`balance`), with amounts written by `amount`. The CSV and the PDF both print it.
 */
export function statementTable(
  statement: Statement,
  amount: (cents: number) => string,
): { cells: string[]; balance: boolean }[] {
  const balanceRow = (at: string, label: string, cents: number) => ({
    cells: [statementTime(at), label, "", "", "", "", amount(cents)],
    balance: true,
  });
  return [
    balanceRow(statement.from, "Opening balance", statement.openingCents),
    ...statement.rows.map((row) => ({
      cells: [
        statementTime(row.at),
        row.description,
        row.reference,
        row.receipt ?? "",
        row.inCents ? amount(row.inCents) : "",
        row.outCents ? amount(row.outCents) : "",
        amount(row.balanceCents),
      ],
      balance: false,
    })),
    balanceRow(lastMinuteOf(statement.to), "Closing balance", statement.closingCents),
  ];
}

/** The last minute a period covers: its end is exclusive (the next day's midnight). */
export function lastMinuteOf(end: string): string {
  return new Date(Date.parse(end) - 60_000).toISOString();
}
