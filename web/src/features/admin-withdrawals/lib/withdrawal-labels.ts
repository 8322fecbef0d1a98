import type { Withdrawal } from "@jengafund/shared";
import { formatKes, formatNairobiLongDateTime } from "../../../lib/format";

export const statusOptions = [
  { value: "", label: "All Status" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "completed", label: "Completed" },
  { value: "rejected", label: "Rejected" },
] as const;

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

/** The dialog's precise request time, e.g. "January 05, 2026 14:05" (spec §2), in Nairobi time. */
export function formatRequestTime(iso: string): string {
  return formatNairobiLongDateTime(iso);
}

export function isPending(withdrawal: Withdrawal): boolean {
  return withdrawal.status === "pending";
}

/**
 * What the Process dialog says of the request it has open once another admin has decided it (design.md §13.6): who,
 * and which way. `latest` is the request as last read, null when it could not be found; null while still pending.
 */
export function decidedElsewhereNote(latest: Withdrawal | null): string | null {
  if (latest && isPending(latest)) return null;
  if (!latest) return "Another admin has already decided this withdrawal.";
  const by = latest.processedBy ? personName(latest.processedBy) : "another admin";
  return latest.status === "rejected" ? `Already rejected by ${by}.` : `Already approved by ${by}.`;
}

/** Approved and sent to M-Pesa, with no result yet: the one state an admin can still fail (a stuck payout). */
export function isAwaitingPayout(withdrawal: Withdrawal): boolean {
  return withdrawal.status === "approved";
}

/** What admins are told of a payout M-Pesa paid after it was refunded (design.md §12.1): money to recover. */
export function paidAfterRefundNote(withdrawal: Withdrawal): string | null {
  const paid = withdrawal.paidAfterRefund;
  return paid ? `Paid after refund — recover ${formatKes(paid.amount)}` : null;
}

/** M-Pesa gets this long from approval to report a result before an admin may call the payout failed. */
export const PAYOUT_FAILURE_AFTER_HOURS = 24;

/** When an approved payout may be marked failed; null when it may be now. */
export function markableAsFailedFrom(withdrawal: Withdrawal, now: Date): Date | null {
  if (!withdrawal.processedAt) return null;
  const from = new Date(Date.parse(withdrawal.processedAt) + PAYOUT_FAILURE_AFTER_HOURS * 3_600_000);
  return from > now ? from : null;
}
