import type { BalanceAdjustment } from "@jengafund/shared";
import { formatNairobiDateTime } from "../../../lib/format";

export const statusOptions = [
  { value: "", label: "All Status" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "expired", label: "Expired" },
] as const;

export { WAITING_FOR_ANOTHER_ADMIN } from "../../../components/admin/four-eyes";

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

export function typeLabel(adjustment: BalanceAdjustment): string {
  return adjustment.type === "credit" ? "Credit" : "Debit";
}

/** "Jan 05, 2026 14:05" in Nairobi time: a pending adjustment lasts 72 hours, so the hour matters as much as the day. */
export function formatMoment(iso: string): string {
  return formatNairobiDateTime(iso);
}

/** An adjustment that credits an unmatched Paybill payment says which one (its receipt is the M-Pesa TransID). */
export function paybillPaymentLine(adjustment: BalanceAdjustment): string | undefined {
  return adjustment.unmatchedPaymentId && `This is the Paybill payment ${adjustment.unmatchedPaymentId}`;
}

export function isPending(adjustment: BalanceAdjustment): boolean {
  return adjustment.status === "pending";
}

/**
 * A pending adjustment the signed-in admin may not decide: one they asked for, or one of their own balance. The
 * server refuses both with a 403; the console says so before anyone tries.
 */
export function awaitsAnotherAdmin(adjustment: BalanceAdjustment, adminId: string | undefined): boolean {
  return isPending(adjustment) && (adjustment.requestedBy._id === adminId || adjustment.user._id === adminId);
}

/** A pending adjustment this admin can approve or reject. */
export function isDecidableBy(adjustment: BalanceAdjustment, adminId: string | undefined): boolean {
  return isPending(adjustment) && !awaitsAnotherAdmin(adjustment, adminId);
}
