/**
 * What the balance adjustments (modules/admin-controls/adjustments.ts) read and write: an admin's hand on a wallet, moved at once
 * within the solo limits, or kept as a pending adjustment until a second admin decides it (design.md §12.1).
 */
import type { AdjustmentStatus } from "@jengafund/shared";
import type { AuditRecord, KeptAnswer, LedgerLine, UserRecord, UserSummary } from "../../kernel/records.js";

/** A person an adjustment names: the adjusted user, the admin who asked, the admin who decided. */
export type AdjustmentPerson = UserSummary & { id: string };

/** The person a user is as an adjustment, an unmatched payment or a package change names them. */
export const adjustmentPerson = ({ id, firstName, lastName, email }: UserRecord): AdjustmentPerson => ({
  id,
  firstName,
  lastName,
  email,
});

export interface AdjustmentRecord {
  id: string;
  userId: string;
  user: AdjustmentPerson;
  type: "credit" | "debit";
  /** Always positive; `type` says which way it moves. */
  amountCents: number;
  reason: string;
  /** As stored: a pending one past `expiresAt` reads as expired (modules/admin-controls/adjustments.ts, currentStatus). */
  status: AdjustmentStatus;
  requestedBy: AdjustmentPerson;
  decidedBy?: AdjustmentPerson;
  decisionReason?: string;
  createdAt: string;
  decidedAt?: string;
  /** After this, a pending adjustment can no longer be decided; nothing moves. */
  expiresAt: string;
  /** The request that asked for it: a retry with the same request finds it instead of asking twice. */
  requestId: string;
  /** The request that decided it: a retry of that decision after a lost answer finds it made. */
  decisionId?: string;
  /**
   * The unmatched Paybill payment (its TransID) this credit assigns (modules/admin-controls/unmatched-payments.ts): approving it
   * credits the payment as a Paybill deposit; rejecting it, or its expiry, leaves the payment open again.
   */
  unmatchedPaymentId?: string;
}

/** An admin's solo adjustments in one Nairobi day, counted in the money move's own transaction. */
export interface SoloBudget {
  adminId: string;
  /** The Nairobi day, yyyy-mm-dd. */
  day: string;
  /** This adjustment, as an absolute amount. */
  cents: number;
  /** The day's ceiling: the move is refused ("solo-limit") when the day's total would pass it. */
  dailyMaxCents: number;
}

export interface AdjustmentDecision {
  decidedBy: AdjustmentPerson;
  decisionReason?: string;
  at: string;
  /** The deciding request: a retry after a lost answer finds its own decision already made. */
  requestId: string;
}

export interface AdjustmentPage {
  items: AdjustmentRecord[];
  total: number;
}

export interface AdjustmentRepository {
  /**
   * Moves the money of an adjustment within the solo limits, with its ledger line, audit entry and the admin's day
   * total. MoveRefusedError("solo-limit") when the day's total would pass its ceiling (another adjustment of the
   * same admin got there first), ("insufficient-balance") for a debit past zero.
   */
  applySolo(plan: BalanceAdjustmentPlan & { budget: SoloBudget }, audit: AuditRecord): Promise<void>;
  /** Keeps a pending adjustment with the audit entry of the asking; nothing moves. */
  request(adjustment: AdjustmentRecord, audit: AuditRecord, answer?: KeptAnswer): Promise<void>;
  get(id: string): Promise<AdjustmentRecord | null>;
  /** Newest first; `expired` covers pending ones past their time, `pending` leaves them out. */
  list(request: { status?: AdjustmentStatus; page: number; limit: number; now: Date }): Promise<AdjustmentPage>;
  /**
   * Approves a pending adjustment that has not expired and moves its money, in one transaction: the status change,
   * the ledger line, the balance, the audit entry. MoveRefusedError("not-pending") when it was decided or expired
   * meanwhile, ("insufficient-balance") for a debit past zero (it stays pending). One naming an unmatched payment
   * credits that payment instead, with `paymentAudit` as well.
   */
  approve(
    adjustment: AdjustmentRecord,
    plan: BalanceAdjustmentPlan,
    decision: AdjustmentDecision,
    audit: AuditRecord,
    paymentAudit?: AuditRecord,
  ): Promise<void>;
  /**
   * Rejects a pending adjustment that has not expired; nothing moves (an unmatched payment it named is open again).
   * MoveRefusedError("not-pending") otherwise.
   */
  reject(
    adjustment: AdjustmentRecord,
    decision: AdjustmentDecision,
    audit: AuditRecord,
    answer?: KeptAnswer,
  ): Promise<void>;
}

export interface BalanceAdjustmentPlan {
  answer?: KeptAnswer;
  subject: UserRecord;
  line: LedgerLine & { requestId: string };
  /** The reason the admin typed: the owner is told it with the amount, by SMS and email (design.md §13.6). */
  reason: string;
}

export interface AdjustmentLimits {
  /** The most one admin may move alone in one adjustment (KES). */
  soloMaxKes: number;
  /** The most one admin may move alone in one Nairobi day, credits and debits as absolute amounts (KES). */
  soloDailyMaxKes: number;
}
