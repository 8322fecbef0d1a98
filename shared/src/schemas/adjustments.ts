/**
 * Balance adjustments that need a second admin (design.md §12.1): one admin alone adjusts up to the solo limits;
 * anything larger waits, as a pending adjustment, for a different admin to approve or reject it.
 */
import * as z from "zod/mini";
import { ADJUSTMENT_STATUSES, type AdjustmentStatus } from "../records.js";
import { optionalFilter, pageQuery } from "./admin-queries.js";
import { optionalReason } from "./decision.js";

export const ADJUSTMENT_MESSAGES = {
  sentForApproval: "Sent to a second admin for approval",
  secondAdminRequired: "A second admin must approve this adjustment",
  ownAccount: "You cannot decide an adjustment of your own balance",
  notFound: "Adjustment not found",
  alreadyDecided: "This adjustment has already been decided",
  expired: "This adjustment has expired. Ask again if it is still needed.",
  reasonRequired: "A reason is required to reject an adjustment",
  approved: "Adjustment approved",
  rejected: "Adjustment rejected",
} as const;

/** A person as an adjustment names them. */
export interface AdjustmentPerson {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A pending (or decided) adjustment, as the API answers it; `amount` in KES. */
export interface BalanceAdjustment {
  _id: string;
  user: AdjustmentPerson;
  type: "credit" | "debit";
  amount: number;
  reason: string;
  status: AdjustmentStatus;
  requestedBy: AdjustmentPerson;
  decidedBy?: AdjustmentPerson;
  decisionReason?: string;
  createdAt: string;
  decidedAt?: string;
  /** When a pending adjustment stops being decidable. */
  expiresAt: string;
  /** The unmatched Paybill payment it credits (its TransID): approving it credits that payment to the user. */
  unmatchedPaymentId?: string;
}

export const AdminAdjustmentsQuerySchema = z.object({
  page: pageQuery.page,
  limit: pageQuery.limit,
  status: optionalFilter(ADJUSTMENT_STATUSES, "adjustment status"),
});

export const DecideAdjustmentInputSchema = z
  .object({
    status: z.enum(["approved", "rejected"], "Choose to approve or reject"),
    reason: optionalReason,
  })
  .check(
    z.refine((input) => input.status !== "rejected" || !!input.reason, {
      message: ADJUSTMENT_MESSAGES.reasonRequired,
      path: ["reason"],
    }),
  );
export type DecideAdjustmentInput = z.infer<typeof DecideAdjustmentInputSchema>;
