/**
 * Statements (design.md §12.6): the caller's ledger over a period of Nairobi days, as a PDF or a CSV. The period's
 * rules live here; the arithmetic in statements/statement-builder.ts, the paper in statement-csv.ts and
 * statement-pdf.ts. The PDF renderer is handed in (`renderPdf`), so the handler can load pdfkit only when a PDF is
 * asked for: a CSV never pays for it.
 */
import {
  nairobiDay,
  nairobiInstant,
  STATEMENT_MAX_DAYS,
  STATEMENT_MAX_ROWS,
  STATEMENT_MESSAGES,
  type StatementFormat,
} from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import { InvalidInputError, NotFoundError, RuleViolationError } from "../../kernel/errors.js";
import type { KeptStatements, StatementSource } from "./statement-port.js";
import { buildStatement, holdsMoney } from "./statements/statement-builder.js";
import { statementCsv } from "./statements/statement-csv.js";
import type { StatementPaper } from "./statements/statement-pdf.js";

const DAY_MS = 86_400_000;

export interface StatementRequest {
  userId: string;
  /** Nairobi days `YYYY-MM-DD`, `to` inclusive; absent: the current month so far. */
  from?: string;
  to?: string;
  format: StatementFormat;
}

/**
 * A statement file: its period (for its name), the wallet's figures (the monthly email quotes them), and the PDF's
 * bytes or the CSV's text.
 */
export type StatementFile = {
  fromDay: string;
  toDay: string;
  wallet: { openingCents: number; totalInCents: number; totalOutCents: number; closingCents: number };
} & ({ format: "pdf"; bytes: Uint8Array } | { format: "csv"; text: string });

export interface StatementServiceDeps {
  source: StatementSource;
  clock: Clock;
  renderPdf: (paper: StatementPaper) => Promise<Uint8Array>;
  /** Where a closed month's PDF is kept (the route's); without it every PDF is rendered. */
  kept?: KeptStatements;
}

/**
 * The month (`yyyy-mm`) a period is exactly, if that month has ended by `today`: the first to the last of it. A
 * statement of anything else (part of a month, the current month, several months) is rendered each time.
 */
export function closedMonthOf(fromDay: string, toDay: string, today: string): string | undefined {
  const month = fromDay.slice(0, 7);
  if (!fromDay.endsWith("-01") || toDay.slice(0, 7) !== month || nextDay(toDay).slice(0, 7) === month) return;
  return toDay < today ? month : undefined;
}

/** Nairobi midnight at the start of a day, as an instant (Kenya keeps UTC+3 all year). */
export function nairobiMidnight(day: string): Date {
  return nairobiInstant(`${day}T00:00:00.000`);
}

/** The Nairobi day after `day`. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The period asked for, checked: the current month so far when no day is given (a missing `from` is the first of
 * `to`'s month, a missing `to` is today); `to` not before `from`, at most a year long, and not starting after today.
 */
export function statementPeriod(asked: { from?: string; to?: string }, today: string) {
  const toDay = asked.to ?? today;
  const fromDay = asked.from ?? `${toDay.slice(0, 8)}01`;
  if (toDay < fromDay) throw new InvalidInputError(STATEMENT_MESSAGES.toBeforeFrom);
  if (fromDay > today) throw new InvalidInputError(STATEMENT_MESSAGES.future);
  const days = (Date.parse(`${toDay}T00:00:00.000Z`) - Date.parse(`${fromDay}T00:00:00.000Z`)) / DAY_MS + 1;
  if (days > STATEMENT_MAX_DAYS) throw new InvalidInputError(STATEMENT_MESSAGES.tooLong);
  return { fromDay, toDay, start: nairobiMidnight(fromDay), end: nairobiMidnight(nextDay(toDay)) };
}

export function createStatementService({ source, clock, renderPdf, kept }: StatementServiceDeps) {
  return {
    async statement(request: StatementRequest): Promise<StatementFile> {
      const now = clock.now();
      const { fromDay, toDay, start, end } = statementPeriod(request, nairobiDay(now));
      const month = kept && request.format === "pdf" ? closedMonthOf(fromDay, toDay, nairobiDay(now)) : undefined;
      const keptCopy = month ? await kept?.get(request.userId, month) : undefined;
      if (keptCopy) return { format: "pdf", fromDay, toDay, ...keptCopy };
      const read = await source.read(request.userId, end);
      if (!read) throw new NotFoundError("User not found");
      // A held withdrawal says whether it awaits approval or its payout; most statements have none, and skip the read.
      const payoutsUnderway = read.lines.some(holdsMoney)
        ? await source.payoutsUnderway(request.userId)
        : new Set<string>();
      const period = { from: start.toISOString(), to: end.toISOString(), payoutsUnderway };
      const wallet = buildStatement(read.lines, { ...period, balance: "wallet" });
      const demo = buildStatement(read.lines, { ...period, balance: "trial" });
      const hadDemo = demo.rows.length > 0 || demo.openingCents !== 0;
      if (wallet.rows.length + (hadDemo ? demo.rows.length : 0) > STATEMENT_MAX_ROWS) {
        throw new RuleViolationError(STATEMENT_MESSAGES.tooManyRows);
      }
      const { openingCents, totalInCents, totalOutCents, closingCents } = wallet;
      const figures = { fromDay, toDay, wallet: { openingCents, totalInCents, totalOutCents, closingCents } };
      if (request.format === "csv") return { format: "csv", ...figures, text: statementCsv(wallet) };
      const { holder } = read;
      const bytes = await renderPdf({
        holder: {
          name: `${holder.firstName} ${holder.lastName}`,
          email: holder.email,
          phoneNumber: holder.phoneNumber,
        },
        fromDay,
        toDay,
        generatedAt: now.toISOString(),
        wallet,
        ...(hadDemo ? { demo } : {}),
      });
      // A line still pending (a deposit not yet settled, a held withdrawal) may yet change the month: not kept.
      if (month && !read.lines.some((line) => line.status === "pending")) {
        await kept?.keep(request.userId, month, { bytes, wallet: figures.wallet });
      }
      return { format: "pdf", ...figures, bytes };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
