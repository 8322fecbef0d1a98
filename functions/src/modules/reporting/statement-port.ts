/**
 * What a statement is read from (design.md §12.6): a user's ledger lines up to the period's end, as the statement
 * builder needs them, and who the account holder is. Apart from the other ports: this read serves the statement
 * (the route, and later the monthly email) and the portfolio history replayed from the same lines, and writes nothing.
 */
import type { LedgerLine } from "../../kernel/records.js";

/**
 * A ledger line as a statement reads it: the line, and when its status last changed (a deposit's credit, a
 * withdrawal's refund). A line written in its final state has no `settledAt`; its time is its `createdAt`.
 */
export type StatementSourceLine = Pick<
  LedgerLine,
  "id" | "balance" | "amountCents" | "status" | "description" | "reference" | "createdAt" | "mpesaTransactionId"
> & { settledAt?: string };

/**
 * A line as the source reads it: a statement line and what kind of move it is (a purchase, a reward…), by which the
 * portfolio history (GET /portfolio/history) tells principal invested and rewards apart from other moves.
 */
export type LedgerSourceLine = StatementSourceLine & { type: LedgerLine["type"] };

/** The account holder a statement is addressed to. */
export interface StatementHolder {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface StatementSource {
  /**
   * The holder, and every ledger line of theirs written before `end` (both balances, oldest first): the whole history,
   * so the opening balance is exact. Null when there is no such user.
   */
  read(userId: string, end: Date): Promise<{ holder: StatementHolder; lines: LedgerSourceLine[] } | null>;
  /**
   * The ledger lines of the user's withdrawals approved and awaiting M-Pesa's payout: of the held (pending) withdrawal
   * lines, the ones no longer awaiting an admin's approval. Asked only when a statement has a held line; read from an
   * index, so a withdrawal approved a moment ago may still read as awaiting approval.
   */
  payoutsUnderway(userId: string): Promise<Set<string>>;
}

/** A closed month's statement PDF as kept: its bytes and the wallet's figures it shows. */
export interface KeptStatement {
  bytes: Uint8Array;
  wallet: { openingCents: number; totalInCents: number; totalOutCents: number; closingCents: number };
}

/**
 * Where a closed month's PDF is kept once rendered (design.md §12.6): a month that has ended, with no line still
 * pending, never changes, so its next download is the kept copy. One per account and month (`yyyy-mm`).
 */
export interface KeptStatements {
  get(userId: string, month: string): Promise<KeptStatement | undefined>;
  /** Keeps it; a PDF too large to keep is not kept (false), and is rendered again the next time. */
  keep(userId: string, month: string, statement: KeptStatement): Promise<boolean>;
}
