import { type BalanceKind, HELD_WITHDRAWAL_LABELS, type HeldWithdrawalStage } from "@jengafund/shared";
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
  /** A withdrawal not paid yet: its amount is held, out of the balance, awaiting approval or M-Pesa's payout. */
  held?: HeldWithdrawalStage;
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
  /**
   * What is still held, as the statement is made, for withdrawals asked for by the period's end (in it or before it)
   * and not paid yet: money out on the day each was asked for, so in no balance here; it comes back if refused or
   * not paid.
   */
  heldCents: number;
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
 *
 * A debit still held (a withdrawal not paid yet) says so: its row is marked and named "Pending approval (amount
 * held): …" or, for the lines in `payoutsUnderway` (approved, awaiting M-Pesa), "Payout in progress (amount held): …",
 * and `heldCents` adds them up.
 */
export function buildStatement(
  lines: readonly StatementSourceLine[],
  period: { from: string; to: string; balance: BalanceKind; payoutsUnderway?: ReadonlySet<string> },
): Statement {
  const { from, to, balance, payoutsUnderway } = period;
  const movements = lines
    .filter((line) => line.balance === balance)
    .flatMap((line) => movementsOf(line, payoutsUnderway))
    .filter((movement) => movement.at < to)
    .sort((a, b) => a.at.localeCompare(b.at) || a.lineId.localeCompare(b.lineId) || a.outCents - b.outCents);

  let runningCents = 0;
  let openingCents = 0;
  let totalInCents = 0;
  let totalOutCents = 0;
  let heldCents = 0;
  const rows: StatementRow[] = [];
  for (const movement of movements) {
    runningCents += movement.inCents - movement.outCents;
    if (movement.held) heldCents += movement.outCents;
    if (movement.at < from) {
      openingCents = runningCents;
      continue;
    }
    totalInCents += movement.inCents;
    totalOutCents += movement.outCents;
    rows.push({ ...movement, balanceCents: runningCents });
  }
  return { balance, from, to, openingCents, totalInCents, totalOutCents, closingCents: runningCents, heldCents, rows };
}

/** A debit still pending holds its amount: only a withdrawal does, out of the balance and not paid yet. */
export function holdsMoney(line: Pick<StatementSourceLine, "amountCents" | "status">): boolean {
  return line.amountCents < 0 && line.status === "pending";
}

/**
 * The money one ledger line moved, and when (see buildStatement): the one account of a line's effects, which the
 * portfolio history (portfolio-history.ts) replays too, so a chart and a statement can never disagree.
 * `payoutsUnderway`: the held lines whose withdrawal is approved and awaiting M-Pesa (the others await approval).
 */
export function movementsOf(line: StatementSourceLine, payoutsUnderway?: ReadonlySet<string>): Movement[] {
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
  if (line.status === "completed") return [out];
  if (holdsMoney(line)) {
    const held: HeldWithdrawalStage = payoutsUnderway?.has(line.id) ? "payout" : "approval";
    return [{ ...out, held, description: `${HELD_WITHDRAWAL_LABELS[held]} (amount held): ${line.description}` }];
  }
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
