import type { Withdrawal } from "@jengafund/shared";
import { format } from "date-fns";

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

/** The dialog's precise request time, e.g. "January 05, 2026 14:05" (spec §2). */
export function formatRequestTime(iso: string): string {
  return format(new Date(iso), "MMMM dd, yyyy HH:mm");
}

export function isPending(withdrawal: Withdrawal): boolean {
  return withdrawal.status === "pending";
}

/** Approved and sent to M-Pesa, with no result yet: the one state an admin can still fail (a stuck payout). */
export function isAwaitingPayout(withdrawal: Withdrawal): boolean {
  return withdrawal.status === "approved";
}
