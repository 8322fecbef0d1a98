import type { AuditAction, AuditEntry } from "@jengafund/shared";
import { formatKes } from "../../../lib/format";

/** The list's filters; an empty string means "any". */
export interface AuditFilters {
  action: string;
  search: string;
}

/** Every action of the audit trail (shared AUDIT_ACTIONS) as an admin would name it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "user.status": "User status changed",
  "user.balance": "Balance adjusted",
  "package.create": "Package created",
  "package.update": "Package updated",
  "package.delete": "Package deleted",
  "withdrawal.approve": "Withdrawal approved",
  "withdrawal.reject": "Withdrawal rejected",
  "withdrawal.fail": "Payout failed",
  "adjustment.request": "Adjustment sent for approval",
  "adjustment.approve": "Adjustment approved",
  "adjustment.reject": "Adjustment rejected",
  "package.change.requested": "Package change requested",
  "package.change.approved": "Package change approved",
  "package.change.rejected": "Package change rejected",
  "unmatched-payment.assign": "Paybill payment credited",
  "unmatched-payment.return": "Paybill payment returned",
  "kyc.verify": "Identity verified",
  "kyc.reject": "Identity verification rejected",
  "admin.create": "Admin account created",
  "users.search": "Users searched",
  "transactions.search": "Transactions searched",
  "transactions.export": "Transactions exported",
};

export const AUDIT_TEXTS = {
  title: "Audit Trail",
  description: "Every admin action: who did what, to what, when and why",
  searchLabel: "Search",
  searchPlaceholder: "Search by target or admin...",
  actionLabel: "Action",
  allActions: "All Actions",
  clear: "Clear Filters",
  emptyTitle: "No audit entries found",
  emptyFiltered: "Try adjusting your filters to see more results.",
  emptyAll: "Admin actions will appear here as they happen.",
  what: "the audit trail",
} as const;

export const actionOptions = [
  { value: "", label: AUDIT_TEXTS.allActions },
  ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
];

/** An action the server added after this build shows as it is named there. */
export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

export function hasActiveFilter({ action, search }: AuditFilters): boolean {
  return action !== "" || search !== "";
}

/** One changed field: "Active: Yes → No", or only one side for a creation or a deletion. */
export interface DetailChange {
  field: string;
  before?: string;
  after?: string;
}

/**
 * What changed, field by field, from the entry's `before` and `after`; fields equal on both sides are left out, so a
 * package update lists only what the admin changed.
 */
export function detailChanges({ details }: Pick<AuditEntry, "details">): DetailChange[] {
  const before = details.before ?? {};
  const after = details.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      field: fieldLabel(field),
      ...(field in before ? { before: valueText(field, before[field]) } : {}),
      ...(field in after ? { after: valueText(field, after[field]) } : {}),
    }));
}

/** "walletBalance" → "Wallet balance", "isActive" → "Active". */
function fieldLabel(field: string): string {
  const words = field
    .replace(/^is(?=[A-Z])/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Amounts in the entry are KES (the server writes the units people read). */
const MONEY_FIELD = /balance|amount|price/i;

function valueText(field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return MONEY_FIELD.test(field) ? formatKes(value) : String(value);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
