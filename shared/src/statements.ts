/** Statements' limits and words (design.md §12.6), apart from their query schema so the service reads them alone. */

/** The longest period one statement covers (design.md §12.6): a year, leap day included. */
export const STATEMENT_MAX_DAYS = 366;

/** The most rows one statement carries: past it the PDF's base64 nears Lambda's 6 MB answer. */
export const STATEMENT_MAX_ROWS = 20_000;

export const STATEMENT_FORMATS = ["pdf", "csv"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * A withdrawal whose amount is held (design.md §12.6): its ledger line is still pending, the amount out of the balance
 * but not yet paid, awaiting an admin's approval or, once approved, M-Pesa's payout. The statement and the investor's
 * history say which; paid, it is a plain money-out, and refused or not paid, it comes back.
 */
export const HELD_WITHDRAWAL_LABELS = {
  approval: "Pending approval",
  payout: "Payout in progress",
} as const;
export type HeldWithdrawalStage = keyof typeof HELD_WITHDRAWAL_LABELS;

export const STATEMENT_MESSAGES = {
  badDate: "Dates must be real days written YYYY-MM-DD",
  format: 'format must be "pdf" or "csv"',
  toBeforeFrom: "The end date must not be before the start date",
  tooLong: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
  future: "The statement cannot start after today",
  tooManyRows: "This period has too many transactions for one statement. Choose a shorter period.",
} as const;
