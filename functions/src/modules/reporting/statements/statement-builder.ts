import type { BalanceKind } from "@jengafund/shared";
import type { StatementSourceLine } from "../statement-port.js";

export type { StatementSourceLine };

/** One row of a statement: money in or out at one instant, and the balance after it. */
export interface StatementRow {
  at: string;
  lineId: string;
  description: string;
  reference: string;
  receipt?: string;
  inCents: number;
  outCents: number;
  balanceCents: number;
}

export interface Statement {
  balance: BalanceKind;
  /** ISO instants: `from` inclusive, `to` exclusive. */
  from: string;
  to: string;
  openingCents: number;
  totalInCents: number;
  totalOutCents: number;
  closingCents: number;
  rows: StatementRow[];
}

/** A movement of one balance at one instant, before the running balance is known. */
export type Movement = Omit<StatementRow, "balanceCents">;

/**
 * The statement of one balance (the wallet, or the trial's demo money) over `[from, to)`, from every ledger line of
 * that balance created before `to`. Opening balance = every movement before `from`, so a statement opens where the
 * one before it closed, and one that ends now closes at the stored balance (each balance equals its ledger's lines
 * that moved it: completed ones, and pending holds).
 *
 * A line moves money at the instant it moved the balance:
 * - a credit once completed, at `settledAt` (a deposit waits for M-Pesa) or else at `createdAt`;
 * - a debit from its creation, whether completed or still held (a withdrawal awaiting its payout);
 * - a held debit that was cancelled or failed went out at `createdAt` and came back at `settledAt`: two rows, so a
 *   withdrawal requested on Oct 31 and refused on Nov 1 is money out in October and money in in November.
 * A pending, failed or cancelled credit (a deposit M-Pesa never confirmed) moved nothing and has no row.
 */
export function buildStatement(
  lines: readonly StatementSourceLine[],
  period: { from: string; to: string; balance: BalanceKind },
): Statement {
  const { from, to, balance } = period;
  const movements = lines
    .filter((line) => line.balance === balance)
    .flatMap(movementsOf)
    .filter((movement) => movement.at < to)
    .sort((a, b) => a.at.localeCompare(b.at) || a.lineId.localeCompare(b.lineId) || a.outCents - b.outCents);

  let runningCents = 0;
  let openingCents = 0;
  let totalInCents = 0;
  let totalOutCents = 0;
  const rows: StatementRow[] = [];
  for (const movement of movements) {
    runningCents += movement.inCents - movement.outCents;
    if (movement.at < from) {
      openingCents = runningCents;
      continue;
    }
    totalInCents += movement.inCents;
    totalOutCents += movement.outCents;
    rows.push({ ...movement, balanceCents: runningCents });
  }
  return { balance, from, to, openingCents, totalInCents, totalOutCents, closingCents: runningCents, rows };
}

/**
 * The money one ledger line moved, and when (see buildStatement): the one account of a line's effects, which the
 * portfolio history (portfolio-history.ts) replays too, so a chart and a statement can never disagree.
 */
export function movementsOf(line: StatementSourceLine): Movement[] {
  const base = {
    lineId: line.id,
    description: line.description,
    reference: line.reference,
    ...(line.mpesaTransactionId ? { receipt: line.mpesaTransactionId } : {}),
  };
  const amount = Math.abs(line.amountCents);
  if (line.amountCents > 0) {
    return line.status === "completed"
      ? [{ ...base, at: line.settledAt ?? line.createdAt, inCents: amount, outCents: 0 }]
      : [];
  }
  if (line.amountCents === 0) return [];
  const out: Movement = { ...base, at: line.createdAt, inCents: 0, outCents: amount };
  if (line.status === "completed" || line.status === "pending") return [out];
  return [
    out,
    {
      ...base,
      at: line.settledAt ?? line.createdAt,
      description: `Returned: ${line.description}`,
      inCents: amount,
      outCents: 0,
    },
  ];
}
