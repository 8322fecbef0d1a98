import type { PACKAGE_MONEY_TERMS, PackageChange, PackageInput } from "@jengafund/shared";
import type { Decision } from "../../../components/admin/decision-form";
import { formatKes, formatNairobiDate, formatNairobiDateTime, formatRate } from "../../../lib/format";

export const statusOptions = [
  { value: "", label: "All changes" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "expired", label: "Expired" },
] as const;

/**
 * The list's filter by status, named apart from the adjustments' "Status" filter below it on the same tab, so that
 * neither name contains the other.
 */
export const STATUS_FILTER_LABEL = "Changes";

export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

export function kindLabel(change: PackageChange): string {
  return change.kind === "create" ? "New package" : "Change of terms";
}

/** "Jan 05, 2026 14:05" in Nairobi time: a pending change lasts 72 hours, so the hour matters as much as the day. */
export function formatMoment(iso: string): string {
  return formatNairobiDateTime(iso);
}

type MoneyTerm = (typeof PACKAGE_MONEY_TERMS)[number];

const termLabels: Record<MoneyTerm, string> = {
  price: "Price",
  dailyReturnRate: "Daily return",
  monthlyReturnRate: "Monthly return",
  maturityDate: "Maturity",
};

/** The order the terms are read in: what it costs, what it pays, until when. */
const termOrder: readonly MoneyTerm[] = ["price", "dailyReturnRate", "monthlyReturnRate", "maturityDate"];

function termText(term: MoneyTerm, input: PackageInput): string {
  if (term === "price") return formatKes(input.price);
  if (term === "maturityDate") return formatNairobiDate(input.maturityDate);
  return formatRate(input[term]);
}

function sameTerm(term: MoneyTerm, before: PackageInput, after: PackageInput): boolean {
  return term === "maturityDate"
    ? Date.parse(before.maturityDate) === Date.parse(after.maturityDate)
    : before[term] === after[term];
}

/** One money term of a change: its new value, and its old one when an update changes it. */
export interface TermLine {
  label: string;
  value: string;
  before?: string;
}

/** The four money terms a second admin approves: a new package's values, or an update's with what each replaces. */
export function termLines(change: PackageChange): TermLine[] {
  const { before, fields } = change;
  return termOrder.map((term) => ({
    label: termLabels[term],
    value: termText(term, fields),
    ...(before && !sameTerm(term, before, fields) ? { before: termText(term, before) } : {}),
  }));
}

/** "KES 500.00 → KES 750.00" for a changed term, the value alone otherwise. */
export function termValue(line: TermLine): string {
  return line.before ? `${line.before} → ${line.value}` : line.value;
}

export function isPending(change: PackageChange): boolean {
  return change.status === "pending";
}

/** A pending change the signed-in admin made: the server refuses their decision (403), so the console says so first. */
export function awaitsAnotherAdmin(change: PackageChange, adminId: string | undefined): boolean {
  return isPending(change) && change.requestedBy._id === adminId;
}

export function isDecidableBy(change: PackageChange, adminId: string | undefined): boolean {
  return isPending(change) && !awaitsAnotherAdmin(change, adminId);
}

/** The pending changes first (they ask for something), each group newest first as the server sends them. */
export function pendingFirst(changes: readonly PackageChange[]): PackageChange[] {
  return [...changes.filter(isPending), ...changes.filter((change) => !isPending(change))];
}

/** The body of PUT /admin/package-changes/{id}: the reason as typed (trimmed), empty when none was given. */
export interface PackageChangeDecision {
  decision: "approve" | "reject";
  reason: string;
}

/** The decision form's choice in the words of PUT /admin/package-changes/{id}. */
export function decisionInput({ status, reason }: { status: Decision; reason: string }): PackageChangeDecision {
  return { decision: status === "approved" ? "approve" : "reject", reason };
}
