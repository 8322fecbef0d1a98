/**
 * Paybill (C2B) deposits (design.md §12.3): what the Deposit dialog shows, and what the validation endpoint answers
 * Daraja. Types and constants only, no schema: the Paybill route reads no input, so its bundle carries no zod.
 */

/** GET /mpesa/paybill: the numbers a customer types in Lipa na M-PESA → Pay Bill. */
export interface PaybillDetails {
  /** The Paybill short code. */
  businessNumber: string;
  /** The caller's registered phone number in 07/01 form. */
  accountNumber: string;
}

/** A Paybill payment is accepted from 1 to 250,000 KES (design.md §12.3), both included. */
export const PAYBILL_MIN_KES = 1;
export const PAYBILL_MAX_KES = 250_000;

/**
 * A Paybill confirmation above this is credited only once M-Pesa's own record (Pull Transactions) shows its receipt,
 * amount and business number; at or below it, at once, and checked afterwards (design.md §13.3).
 */
export const PAYBILL_CONFIRM_ABOVE_KES = 10_000;

/** Daraja's validation result codes (mpesa.md §9.A): accept, unknown account number, amount out of bounds. */
export const C2B_RESULT_CODES = { accepted: "0", invalidAccount: "C2B00012", invalidAmount: "C2B00013" } as const;

/** The validation endpoint's answer, in the shape Daraja reads. */
export type PaybillValidationAnswer =
  | { ResultCode: typeof C2B_RESULT_CODES.accepted; ResultDesc: "Accepted" }
  | {
      ResultCode: typeof C2B_RESULT_CODES.invalidAccount | typeof C2B_RESULT_CODES.invalidAmount;
      ResultDesc: "Rejected";
    };
