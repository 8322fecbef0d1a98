/** An unmatched Paybill payment as the API answers it (design.md §12.3): `_id`s, KES, ISO instants. */
import { centsToKes, type UnmatchedPayment, type UnmatchedPaymentPerson } from "@jengafund/shared";
import { transTimeInstant } from "../../adapters/daraja/callbacks.js";
import type { AdjustmentPerson } from "../four-eyes/index.js";
import type { StoredUnmatchedPayment } from "./unmatched-payments-port.js";

const personView = ({ id, firstName, lastName, email }: AdjustmentPerson): UnmatchedPaymentPerson => ({
  _id: id,
  firstName,
  lastName,
  email,
});

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
