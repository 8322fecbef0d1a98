/**
 * What the resolution of unmatched Paybill payments (modules/admin-controls/unmatched-payments.ts) reads and writes: the payments a
 * confirmation kept for no (active) account, credited to a user by an admin (alone within the solo limits of
 * design.md §12.1, else through a pending adjustment a second admin decides) or recorded as returned to the payer.
 */
import type { UnmatchedPaymentStatus } from "@jengafund/shared";
import type { AuditRecord, KeptAnswer, LedgerLine, UserRecord } from "../../kernel/records.js";
import type { AdjustmentPerson, AdjustmentRecord, SoloBudget } from "../four-eyes/index.js";
import type { UnmatchedPaymentRecord } from "../money-in/index.js";

/** An unmatched payment with what its resolution added to it. */
export interface StoredUnmatchedPayment extends Omit<UnmatchedPaymentRecord, "status"> {
  /**
   * As stored: a pending one whose adjustment has expired reads as unmatched again (modules/admin-controls/unmatched-payments.ts,
   * readsAs) and may be resolved anew.
   */
  status: UnmatchedPaymentStatus;
  /** The account credited (or waiting for a second admin); for an inactive account, the account the number named. */
  user?: AdjustmentPerson;
  /** The adjustment a second admin decides, while pending (kept once assigned through it). */
  adjustmentId?: string;
  /** The pending adjustment's deadline: past it, the payment is open again. */
  pendingUntil?: string;
  resolvedBy?: AdjustmentPerson;
  resolution?: { reason: string; receipt?: string };
  resolvedAt?: string;
  /** The deposit ledger line of the credit, once assigned. */
  lineId?: string;
}

/** The credit of an unmatched payment to a user: the Paybill deposit, as if the payer had typed the right account. */
export interface UnmatchedAssignPlan {
  payment: StoredUnmatchedPayment;
  subject: UserRecord;
  /** The completed deposit line (`mpesaTransactionId`: the TransID); its requestId makes it the move's marker. */
  line: LedgerLine & { requestId: string };
  resolvedBy: AdjustmentPerson;
  reason: string;
  at: string;
  answer?: KeptAnswer;
}

export interface UnmatchedPaymentPage {
  items: StoredUnmatchedPayment[];
  total: number;
}

/** The deposits by channel and the open payments, from the statistics counters and the status index. */
export interface UnmatchedPaymentStats {
  completedDeposits: number;
  paybillDeposits: number;
  paybillDepositCents: number;
  stkDepositCents: number;
  /** Unmatched or pending a second admin. */
  openPayments: number;
}

export interface UnmatchedPaymentRepository {
  get(transId: string): Promise<StoredUnmatchedPayment | null>;
  /** Newest first (by receivedAt); a pending one past its deadline reads as unmatched. A query on the status index. */
  list(request: {
    status: UnmatchedPaymentStatus | "all";
    page: number;
    limit: number;
    now: Date;
  }): Promise<UnmatchedPaymentPage>;
  stats(): Promise<UnmatchedPaymentStats>;
  /**
   * Within the solo limits: one transaction of the payment's status (conditioned on open), the receipt marker, the
   * wallet credit, the deposit line, the counters, the audit entry and the admin's day total. MoveRefusedError
   * ("not-pending") when the payment was resolved meanwhile, ("solo-limit") when the admin's day is spent.
   */
  assignSolo(plan: UnmatchedAssignPlan & { budget: SoloBudget }, audit: AuditRecord): Promise<void>;
  /**
   * Above them: the pending adjustment that names the payment and the payment's status → pending, with the audit
   * entry, in one transaction; nothing moves. MoveRefusedError("not-pending") when it was resolved meanwhile.
   */
  requestAssign(
    payment: StoredUnmatchedPayment,
    adjustment: AdjustmentRecord,
    audit: AuditRecord,
    answer?: KeptAnswer,
  ): Promise<void>;
  /** Status → returned with the resolution and audit entry; no money moves. MoveRefusedError("not-pending"). */
  markReturned(
    payment: StoredUnmatchedPayment,
    resolution: { by: AdjustmentPerson; reason: string; receipt: string; at: string; requestId: string },
    audit: AuditRecord,
    answer?: KeptAnswer,
  ): Promise<void>;
}
