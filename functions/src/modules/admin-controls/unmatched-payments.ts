/**
 * Unmatched Paybill payments (design.md §12.3): a confirmed payment whose account number named no active account is
 * kept until an admin resolves it. Crediting it to a user is admin money under four eyes (§12.1): within the solo
 * limits (the amount counts toward the admin's solo day like a credit adjustment) it is credited at once; above them
 * it becomes a pending credit adjustment naming the payment, and only a second admin's approval credits it (the
 * adjustments service). Recording that it was sent back to the payer moves no money. Each is in the audit trail.
 */
import {
  ADJUSTMENT_EXPIRY_HOURS,
  ADMIN_MESSAGES,
  centsToKes,
  kesToCents,
  nairobiDay,
  notCreditable,
  type ResolveUnmatchedPaymentInput,
  UNMATCHED_PAYMENT_MESSAGES,
  type UnmatchedPaymentsQuery,
} from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import { NotFoundError, NotPendingError, RuleViolationError } from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import { type AuditRecord, type LedgerLine, MoveRefusedError, type UserRecord } from "../../kernel/records.js";
import type { AdjustmentLimits } from "../four-eyes/index.js";
import {
  type AdjustmentRecord,
  type AdminRequest,
  adjustmentPerson,
  createAuditor,
  refuseOwnBalance,
} from "../four-eyes/index.js";
import { PAYBILL_LINE_DESCRIPTION } from "../money-in/index.js";
import type { StoredUnmatchedPayment, UnmatchedPaymentRepository } from "./unmatched-payments-port.js";

/** The completed Paybill deposit line of a payment credited by an admin, as its confirmation would have written it. */
export function paybillDepositLine(
  payment: { newId: IdGenerator; at: string; userId: string; transId: string; cents: number },
  requestId: string,
): LedgerLine & { requestId: string } {
  return {
    id: payment.newId(),
    userId: payment.userId,
    type: "deposit",
    balance: "wallet",
    amountCents: payment.cents,
    status: "completed",
    description: PAYBILL_LINE_DESCRIPTION,
    reference: payment.transId,
    createdAt: payment.at,
    mpesaTransactionId: payment.transId,
    requestId,
  };
}

/** The details of an `unmatched-payment.assign` audit entry (KES, as people read them). */
export function unmatchedAssignAudit(
  subject: UserRecord,
  transId: string,
  line: LedgerLine,
  reason: string,
  requestedBy?: { id: string; email: string },
): Omit<AuditRecord["details"], "ip"> {
  return {
    before: { walletBalance: centsToKes(subject.walletBalanceCents), payment: "unmatched" },
    after: {
      walletBalance: centsToKes(subject.walletBalanceCents + line.amountCents),
      payment: "assigned",
      receipt: transId,
      amount: centsToKes(line.amountCents),
    },
    reason,
    ...(requestedBy ? { requestedBy } : {}),
  };
}

/** Whether the payment may be resolved now: unmatched, or pending on an adjustment that has expired. */
export const isOpen = (payment: StoredUnmatchedPayment, now: Date) =>
  payment.status === "unmatched" ||
  (payment.status === "pending" && payment.pendingUntil !== undefined && payment.pendingUntil <= now.toISOString());

export interface UnmatchedPaymentServiceDeps {
  payments: UnmatchedPaymentRepository;
  users: { getUser(userId: string): Promise<UserRecord | null> };
  clock: Clock;
  newId: IdGenerator;
  limits: AdjustmentLimits;
  metrics?: MetricsPort;
}

export type UnmatchedResolution =
  | { outcome: "assigned"; payment: StoredUnmatchedPayment; user: UserRecord }
  | { outcome: "pending"; payment: StoredUnmatchedPayment; adjustment: AdjustmentRecord }
  | { outcome: "returned"; payment: StoredUnmatchedPayment };

export function createUnmatchedPaymentService({
  payments,
  users,
  clock,
  newId,
  limits,
  metrics,
}: UnmatchedPaymentServiceDeps) {
  const audit = createAuditor({ newId, clock });
  const alreadyResolved = () => new NotPendingError(UNMATCHED_PAYMENT_MESSAGES.alreadyResolved);

  async function openPayment(id: string): Promise<StoredUnmatchedPayment> {
    const payment = await payments.get(id);
    if (!payment) throw new NotFoundError(UNMATCHED_PAYMENT_MESSAGES.notFound);
    if (!isOpen(payment, clock.now())) throw alreadyResolved();
    return payment;
  }

  async function assign(
    input: { payment: StoredUnmatchedPayment; userId: string; reason: string } & AdminRequest<UnmatchedResolution>,
  ): Promise<UnmatchedResolution> {
    const { payment, actor, reason } = input;
    refuseOwnBalance(actor.user.id, input.userId);
    const subject = await users.getUser(input.userId);
    if (!subject) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
    if (!subject.isActive) throw new RuleViolationError(UNMATCHED_PAYMENT_MESSAGES.accountDeactivated);
    const cents = payment.amountCents;
    const now = clock.now();
    const at = now.toISOString();
    const target = { type: "user" as const, id: subject.id, label: subject.email };

    if (cents <= kesToCents(limits.soloMaxKes)) {
      const line = paybillDepositLine(
        { newId, at, userId: subject.id, transId: payment.transId, cents },
        input.requestId,
      );
      const assigned: UnmatchedResolution = {
        outcome: "assigned",
        user: { ...subject, walletBalanceCents: subject.walletBalanceCents + cents, isTrialAccount: false },
        payment: {
          ...payment,
          status: "assigned",
          user: adjustmentPerson(subject),
          resolvedBy: adjustmentPerson(actor.user),
          resolution: { reason },
          resolvedAt: at,
          lineId: line.id,
        },
      };
      delete assigned.payment.pendingUntil;
      delete assigned.payment.adjustmentId;
      try {
        await payments.assignSolo(
          {
            payment,
            subject,
            line,
            resolvedBy: adjustmentPerson(actor.user),
            reason,
            at,
            ...(input.keep ? { answer: input.keep(assigned) } : {}),
            budget: {
              adminId: actor.user.id,
              day: nairobiDay(now),
              cents,
              dailyMaxCents: kesToCents(limits.soloDailyMaxKes),
            },
          },
          audit(
            actor,
            "unmatched-payment.assign",
            target,
            unmatchedAssignAudit(subject, payment.transId, line, reason),
          ),
        );
        metrics?.depositCredited("paybill", centsToKes(cents));
        // An admin chose whose wallet this money went to: counted with the solo credits, which an alarm watches.
        metrics?.adjusted({ direction: "credit", approval: "solo", kes: centsToKes(line.amountCents) });
        return assigned;
      } catch (error) {
        if (!(error instanceof MoveRefusedError)) throw error;
        if (error.reason !== "solo-limit") throw alreadyResolved();
      }
    }

    // Above the solo limits (or the admin's day is spent): a credit adjustment naming the payment, for a second admin.
    const adjustment: AdjustmentRecord = {
      id: newId(),
      userId: subject.id,
      user: adjustmentPerson(subject),
      type: "credit",
      amountCents: cents,
      reason,
      status: "pending",
      requestedBy: adjustmentPerson(actor.user),
      createdAt: at,
      expiresAt: new Date(now.getTime() + ADJUSTMENT_EXPIRY_HOURS * 3_600_000).toISOString(),
      requestId: input.requestId,
      unmatchedPaymentId: payment.transId,
    };
    const pending: UnmatchedResolution = {
      outcome: "pending",
      adjustment,
      payment: {
        ...payment,
        status: "pending",
        user: adjustmentPerson(subject),
        adjustmentId: adjustment.id,
        pendingUntil: adjustment.expiresAt,
      },
    };
    try {
      await payments.requestAssign(
        payment,
        adjustment,
        audit(actor, "adjustment.request", target, {
          after: {
            type: "credit",
            amount: centsToKes(cents),
            status: "pending",
            adjustmentId: adjustment.id,
            unmatchedPaymentId: payment.transId,
          },
          reason,
        }),
        input.keep?.(pending),
      );
    } catch (error) {
      if (error instanceof MoveRefusedError) throw alreadyResolved();
      throw error;
    }
    return pending;
  }

  return {
    list: (query: UnmatchedPaymentsQuery) => payments.list({ ...query, now: clock.now() }),

    stats: () => payments.stats(),

    /**
     * An admin's resolution of an open payment (not one resolved, or pending a second admin: 409): credited to an
     * active user who is not the admin, or recorded as returned with the reversal's receipt.
     */
    async resolve(
      input: { id: string; resolution: ResolveUnmatchedPaymentInput } & AdminRequest<UnmatchedResolution>,
    ): Promise<UnmatchedResolution> {
      const { resolution, actor } = input;
      const payment = await openPayment(input.id);
      if ("userId" in resolution) {
        const refusal = notCreditable({ amount: centsToKes(payment.amountCents), reason: payment.reason });
        if (refusal) throw new RuleViolationError(refusal);
        return assign({
          payment,
          userId: resolution.userId,
          reason: resolution.reason,
          requestId: input.requestId,
          actor,
          ...(input.keep ? { keep: input.keep } : {}),
        });
      }
      const at = clock.now().toISOString();
      const returned: UnmatchedResolution = {
        outcome: "returned",
        payment: {
          ...payment,
          status: "returned",
          resolvedBy: adjustmentPerson(actor.user),
          resolution: { reason: resolution.reason, receipt: resolution.receipt },
          resolvedAt: at,
        },
      };
      delete returned.payment.pendingUntil;
      delete returned.payment.adjustmentId;
      if (payment.status === "pending") delete returned.payment.user;
      try {
        await payments.markReturned(
          payment,
          {
            by: adjustmentPerson(actor.user),
            reason: resolution.reason,
            receipt: resolution.receipt,
            at,
            requestId: input.requestId,
          },
          audit(
            actor,
            "unmatched-payment.return",
            { type: "payment", id: payment.transId, label: payment.transId },
            {
              before: { status: "unmatched", amount: centsToKes(payment.amountCents) },
              after: { status: "returned", receipt: resolution.receipt },
              reason: resolution.reason,
            },
          ),
          input.keep?.(returned),
        );
      } catch (error) {
        if (error instanceof MoveRefusedError) throw alreadyResolved();
        throw error;
      }
      return returned;
    },
  };
}

export type UnmatchedPaymentService = ReturnType<typeof createUnmatchedPaymentService>;
