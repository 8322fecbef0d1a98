/** An unmatched Paybill payment as the API answers it (design.md §12.3): `_id`s, KES, ISO instants. */
import { centsToKes, type UnmatchedPayment, type UnmatchedPaymentPerson } from "@jengafund/shared";
import type { AdjustmentPerson } from "../repositories/adjustments-port.js";
import type { StoredUnmatchedPayment } from "../repositories/unmatched-payments-port.js";

const personView = ({ id, firstName, lastName, email }: AdjustmentPerson): UnmatchedPaymentPerson => ({
  _id: id,
  firstName,
  lastName,
  email,
});

/** Daraja's TransTime, `YYYYMMDDHHmmss` on the Nairobi clock, as an ISO instant; null when it is not one. */
export function transTimeInstant(transTime: string): string | null {
  const parts = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(transTime);
  if (!parts) return null;
  const [, y, mo, d, h, mi, s] = parts;
  const instant = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+03:00`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

export function presentUnmatchedPayment(payment: StoredUnmatchedPayment): UnmatchedPayment {
  return {
    _id: payment.transId,
    receipt: payment.receipt ?? payment.transId,
    amount: centsToKes(payment.amountCents),
    accountNumber: payment.billRefNumber,
    payerName: payment.payerName ?? "",
    paidAt: transTimeInstant(payment.transTime) ?? payment.receivedAt,
    receivedAt: payment.receivedAt,
    reason: payment.reason,
    status: payment.status,
    ...(payment.user ? { user: personView(payment.user) } : {}),
    ...(payment.status === "pending" && payment.adjustmentId ? { adjustmentId: payment.adjustmentId } : {}),
    ...(payment.resolvedBy ? { resolvedBy: personView(payment.resolvedBy) } : {}),
    ...(payment.resolution ? { resolution: payment.resolution } : {}),
    ...(payment.resolvedAt ? { resolvedAt: payment.resolvedAt } : {}),
  };
}
