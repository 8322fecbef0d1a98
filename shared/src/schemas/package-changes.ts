/**
 * A package's money terms are a money action (design.md §13.1): creating a package, or changing an existing one's
 * price, rates or maturity, waits as a package change until a different admin approves it. Name, company,
 * description, image, category and risk are words, not money, and change at once.
 */
import * as z from "zod/mini";
import { ADJUSTMENT_STATUSES } from "../records.js";
import type { AdjustmentPerson } from "./adjustments.js";
import type { PackageInput } from "./admin.js";
import { optionalFilter } from "./admin-queries.js";
import { decisionInputSchema } from "./decision.js";

/** A package change is decided like an adjustment: pending, then approved, rejected, or expired unanswered. */
export const PACKAGE_CHANGE_STATUSES = ADJUSTMENT_STATUSES;
export type PackageChangeStatus = (typeof PACKAGE_CHANGE_STATUSES)[number];

export const PACKAGE_CHANGE_KINDS = ["create", "update"] as const;
export type PackageChangeKind = (typeof PACKAGE_CHANGE_KINDS)[number];

/** The fields whose change moves money, and so waits for a second admin. */
export const PACKAGE_MONEY_TERMS = ["price", "monthlyReturnRate", "dailyReturnRate", "maturityDate"] as const;

/** True when `after` changes any money term of `before` (dates compared as instants). */
export function changesMoneyTerms(before: PackageInput, after: PackageInput): boolean {
  return (
    before.price !== after.price ||
    before.monthlyReturnRate !== after.monthlyReturnRate ||
    before.dailyReturnRate !== after.dailyReturnRate ||
    Date.parse(before.maturityDate) !== Date.parse(after.maturityDate)
  );
}

export const PACKAGE_CHANGE_MESSAGES = {
  sentForApproval: "Sent to a second admin for approval",
  secondAdminRequired: "Another admin must approve this change",
  notFound: "Package change not found",
  alreadyDecided: "This package change has already been decided",
  expired: "This package change has expired. Make it again if it is still needed.",
  reasonRequired: "A reason is required to reject a package change",
  packageGone: "The package this change is for no longer exists",
  approved: "Package change approved",
  rejected: "Package change rejected",
} as const;

/** A package change as the API answers it: `fields` are the new values in the form's units (KES, percents). */
export interface PackageChange {
  _id: string;
  packageId: string;
  kind: PackageChangeKind;
  status: PackageChangeStatus;
  requestedBy: AdjustmentPerson;
  requestedAt: string;
  /** When a pending change stops being decidable. */
  expiresAt: string;
  fields: PackageInput;
  /** An update's terms before it, to show beside the new ones. */
  before?: PackageInput;
  decidedBy?: AdjustmentPerson;
  decidedAt?: string;
  decisionReason?: string;
}

export const PackageChangesQuerySchema = z.object({
  status: optionalFilter(PACKAGE_CHANGE_STATUSES, "package change status"),
});

export const DecidePackageChangeInputSchema = decisionInputSchema(["approve", "reject"], {
  choose: "Choose to approve or reject",
  reasonRequired: PACKAGE_CHANGE_MESSAGES.reasonRequired,
});
export type DecidePackageChangeInput = z.infer<typeof DecidePackageChangeInputSchema>;
