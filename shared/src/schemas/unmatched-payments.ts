/**
 * Unmatched Paybill payments (design.md §12.3): a confirmed payment whose account number named no active account is
 * kept, never lost, until an admin credits it to a user (four eyes above the solo limits, §12.1) or records that it
 * was sent back to the payer.
 */
import * as z from "zod/mini";
import { kesToCents } from "../money.js";
import { MPESA_RECEIPT_PATTERN } from "../mpesa-receipt.js";
import { pageQuery } from "./admin-queries.js";
import { PAYBILL_MAX_KES, PAYBILL_MIN_KES } from "./paybill.js";

export const UNMATCHED_PAYMENT_STATUSES = ["unmatched", "pending", "assigned", "returned"] as const;
export type UnmatchedPaymentStatus = (typeof UNMATCHED_PAYMENT_STATUSES)[number];

/**
 * Why a payment was kept: no account, a deactivated one, a confirmation for a business number not ours, an amount
 * Paybill does not take, a receipt that is not M-Pesa's shape, a receipt already taken by a payment with another
 * amount, account number or business number, or a payment M-Pesa's own record lacks or gives another amount
 * (design.md §13.3).
 */
export const UNMATCHED_PAYMENT_REASONS = [
  "unknown-account",
  "inactive-account",
  "other-short-code",
  "amount-out-of-bounds",
  "invalid-receipt",
  "receipt-conflict",
  "receipt-mismatch",
  /** The account is unverified and the payment would take it past its deposit limit (design.md §13.5). */
  "kyc-limit",
] as const;
export type UnmatchedPaymentReason = (typeof UNMATCHED_PAYMENT_REASONS)[number];

export const UNMATCHED_PAYMENT_MESSAGES = {
  notFound: "Payment not found",
  alreadyResolved: "This payment has already been resolved",
  accountDeactivated: "This account is deactivated",
  credited: (firstName: string, lastName: string) => `Payment credited to ${firstName} ${lastName}`,
  returned: "Payment marked as returned",
  unknownStatus: "Unknown payment status",
  receiptFormat: "Receipt must be the reversal's M-Pesa receipt: 10 upper-case letters and digits",
  outsidePaybillAmounts: "A payment outside KES 1 to 250,000 cannot be credited; it can only be returned to the payer",
  receiptConflict: "This receipt was already taken by another payment; it cannot be credited again",
  receiptMismatch: "M-Pesa's record does not show this payment as received; it cannot be credited",
} as const;

/**
 * Why a kept payment may not be credited to anyone, only returned (design.md §13.3): an amount Paybill never takes,
 * a repeat of a receipt already taken (the money, if any, came once), or a payment M-Pesa's record contradicts. Null
 * when it may be credited.
 */
export function notCreditable(payment: { amount: number; reason: UnmatchedPaymentReason }): string | null {
  if (payment.reason === "receipt-conflict") return UNMATCHED_PAYMENT_MESSAGES.receiptConflict;
  if (payment.reason === "receipt-mismatch") return UNMATCHED_PAYMENT_MESSAGES.receiptMismatch;
  const cents = kesToCents(payment.amount);
  return cents < kesToCents(PAYBILL_MIN_KES) || cents > kesToCents(PAYBILL_MAX_KES)
    ? UNMATCHED_PAYMENT_MESSAGES.outsidePaybillAmounts
    : null;
}

/** A person an unmatched payment names: the account credited (or named), the admin who resolved it. */
export interface UnmatchedPaymentPerson {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * An unmatched payment as the API answers it; `amount` in KES. `_id` and `receipt` are M-Pesa's TransID, but for a
 * receipt conflict, whose `_id` is its own (the receipt and a digest of what the repeat said).
 */
export interface UnmatchedPayment {
  _id: string;
  receipt: string;
  amount: number;
  /** The account number as the payer typed it. */
  accountNumber: string;
  /** As Daraja gave it; may be "". */
  payerName: string;
  /** When the payer paid (TransTime, read as Nairobi time), ISO. */
  paidAt: string;
  /** When the confirmation reached us, ISO. */
  receivedAt: string;
  reason: UnmatchedPaymentReason;
  status: UnmatchedPaymentStatus;
  /** The account credited (assigned, or waiting for a second admin), or the deactivated account the number named. */
  user?: UnmatchedPaymentPerson;
  /** The adjustment waiting for a second admin, while pending. */
  adjustmentId?: string;
  resolvedBy?: UnmatchedPaymentPerson;
  /** The admin's reason; `receipt` is the reversal's M-Pesa receipt when the payment was returned. */
  resolution?: { reason: string; receipt?: string };
  resolvedAt?: string;
}

export const UnmatchedPaymentsQuerySchema = z.object({
  page: pageQuery.page,
  limit: pageQuery.limit,
  status: z._default(
    z.enum([...UNMATCHED_PAYMENT_STATUSES, "all"], UNMATCHED_PAYMENT_MESSAGES.unknownStatus),
    "unmatched",
  ),
});
export type UnmatchedPaymentsQuery = z.infer<typeof UnmatchedPaymentsQuerySchema>;

/** The payment's id is M-Pesa's TransID; one that names no payment is answered 404 by the lookup. */
export const UnmatchedPaymentIdPathSchema = z.object({
  id: z.string("id is required").check(z.regex(/^[A-Za-z0-9]{1,40}$/, UNMATCHED_PAYMENT_MESSAGES.notFound)),
});

const resolutionReason = z
  .string("Reason is required")
  .check(z.trim(), z.minLength(1, "Reason is required"), z.maxLength(500, "Reason must be at most 500 characters"));

/** Credit the payment to a user: at once within the solo limits, else after a second admin's approval. */
export const AssignUnmatchedPaymentSchema = z.strictObject({
  userId: z.string("User is required").check(z.trim(), z.minLength(1, "User is required"), z.maxLength(100)),
  reason: resolutionReason,
});

/** Record that the payment was sent back to the payer, with the reversal's M-Pesa receipt; no money moves here. */
export const ReturnUnmatchedPaymentSchema = z.strictObject({
  status: z.literal("returned", "Status must be returned"),
  receipt: z
    .string("Receipt is required")
    .check(z.trim(), z.regex(MPESA_RECEIPT_PATTERN, UNMATCHED_PAYMENT_MESSAGES.receiptFormat)),
  reason: resolutionReason,
});

export const ResolveUnmatchedPaymentSchema = z.union([AssignUnmatchedPaymentSchema, ReturnUnmatchedPaymentSchema]);
export type ResolveUnmatchedPaymentInput = z.infer<typeof ResolveUnmatchedPaymentSchema>;
