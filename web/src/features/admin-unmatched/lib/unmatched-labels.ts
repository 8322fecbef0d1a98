import type { UnmatchedPayment, UnmatchedPaymentReason, UnmatchedPaymentStatus } from "@jengafund/shared";
import { formatNairobiDateTime } from "../../../lib/format";

/** The list's filter: every payment by default, like the console's other lists of requests. */
export const ALL_STATUSES = "all";

export const statusOptions = [
  { value: ALL_STATUSES, label: "All Status" },
  { value: "unmatched", label: "Unmatched" },
  { value: "pending", label: "Pending approval" },
  { value: "assigned", label: "Assigned" },
  { value: "returned", label: "Returned" },
] as const;

const statusLabels: Record<UnmatchedPaymentStatus, string> = {
  unmatched: "Unmatched",
  pending: "Pending approval",
  assigned: "Assigned",
  returned: "Returned",
};

const statusPalettes: Record<UnmatchedPaymentStatus, string> = {
  unmatched: "red",
  pending: "orange",
  assigned: "green",
  returned: "gray",
};

export function statusLabel(status: UnmatchedPaymentStatus): string {
  return statusLabels[status];
}

export function statusPalette(status: UnmatchedPaymentStatus): string {
  return statusPalettes[status];
}

/** Why the payment found no account, in words an admin acts on. */
const reasonLabels: Record<UnmatchedPaymentReason, string> = {
  "unknown-account": "No account has this account number",
  "inactive-account": "The account it names is deactivated",
  "other-short-code": "Paid to a business number that is not ours",
  "amount-out-of-bounds": "The amount is outside KES 1 to 250,000",
  "invalid-receipt": "M-Pesa's receipt is not 10 letters and digits",
  "receipt-conflict": "M-Pesa's receipt was already taken by a payment with other details",
  "receipt-mismatch": "M-Pesa's records show no such payment, or another amount",
  "kyc-limit": "Unverified account: past its KES 100,000 deposit limit",
};

export function reasonLabel(reason: UnmatchedPaymentReason): string {
  return reasonLabels[reason];
}

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

/** Daraja may give no name; an empty cell would read as missing data. */
export function payerLabel(payment: UnmatchedPayment): string {
  return payment.payerName.trim() === "" ? "Not given" : payment.payerName;
}

/** The account number exactly as typed; a blank one says so. */
export function accountNumberLabel(payment: UnmatchedPayment): string {
  return payment.accountNumber === "" ? "(blank)" : payment.accountNumber;
}

/** "Jan 05, 2026 14:05" on Nairobi's clock, as every admin list reads its times. */
export function formatMoment(iso: string): string {
  return formatNairobiDateTime(iso);
}

/** Only an unmatched payment can still be credited or returned; a pending one waits for a second admin. */
export function isResolvable(payment: UnmatchedPayment): boolean {
  return payment.status === "unmatched";
}
