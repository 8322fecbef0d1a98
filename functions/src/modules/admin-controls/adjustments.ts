/**
 * Balance adjustments by admins, under four eyes (design.md §12.1). One admin alone adjusts a wallet up to the solo
 * limits (per adjustment, and per Nairobi day); anything larger becomes a pending adjustment that moves nothing until
 * a different admin approves it, and expires unanswered after 72 hours. An approval moves the money in one
 * transaction with its ledger line, its audit entry and the status change, so two approvals race to one winner.
 */
import {
  ADJUSTMENT_EXPIRY_HOURS,
  ADJUSTMENT_MESSAGES,
  ADMIN_MESSAGES,
  type AdjustmentStatus,
  type BalanceAdjustmentInput,
  centsToKes,
  type DecideAdjustmentInput,
  formatKes,
  INVESTOR_MESSAGES,
  kesToCents,
  nairobiDay,
} from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import { InsufficientBalanceError, NotFoundError, NotPermittedError } from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import { type LedgerLine, MoveRefusedError, type UserRecord } from "../../kernel/records.js";
import type { AdjustmentLimits } from "../four-eyes/index.js";
import {
  type AdjustmentRecord,
  type AdjustmentRepository,
  type AdminRequest,
  adjustmentPerson,
  createAuditor,
  decidable,
  decisionOn,
  notPending,
  pendingReadsAs,
  refuseOwnBalance,
} from "../four-eyes/index.js";
import { withBalanceChange } from "../investing/index.js";
import { paybillDepositLine, unmatchedAssignAudit } from "./unmatched-payments.js";

export interface AdjustmentServiceDeps {
  adjustments: AdjustmentRepository;
  /** The adjusted user as they are now, read when a pending adjustment is decided. */
  users: { getUser(userId: string): Promise<UserRecord | null> };
  clock: Clock;
  newId: IdGenerator;
  limits: AdjustmentLimits;
  metrics?: MetricsPort;
}

/** The money moved at once: the user with the new balance and the ledger line. */
export interface AppliedAdjustment {
  outcome: "applied";
  user: UserRecord;
  line: LedgerLine;
}

/** Kept for a second admin; nothing moved. */
export interface PendingAdjustment {
  outcome: "pending";
  adjustment: AdjustmentRecord;
}

/** What a stored adjustment reads as now: a pending one past its time has expired. */
export function currentStatus(adjustment: AdjustmentRecord, now: Date): AdjustmentStatus {
  return pendingReadsAs(adjustment, now);
}

const signedCents = (type: "credit" | "debit", cents: number) => (type === "credit" ? cents : -cents);

export function createAdjustmentService({ adjustments, users, clock, newId, limits, metrics }: AdjustmentServiceDeps) {
  const audit = createAuditor({ newId, clock });

  /** The `adjustment` ledger line of a credit or debit, with the admin's reason. */
  function ledgerLine(
    subject: UserRecord,
    type: "credit" | "debit",
    cents: number,
    reason: string,
    requestId: string,
  ): LedgerLine & { requestId: string } {
    const id = newId();
    return {
      id,
      userId: subject.id,
      type: "adjustment",
      balance: "wallet",
      amountCents: signedCents(type, cents),
      status: "completed",
      description: `Balance ${type === "credit" ? "credited" : "debited"} by admin: ${reason}`,
      reference: `ADJ-${id.slice(-10)}`,
      createdAt: clock.now().toISOString(),
      requestId,
    };
  }

  function refuseDebitPastZero(subject: UserRecord, signed: number): void {
    if (subject.walletBalanceCents + signed < 0) {
      throw new InsufficientBalanceError(
        ADMIN_MESSAGES.debitBelowZero(formatKes(centsToKes(subject.walletBalanceCents))),
      );
    }
  }

  function counted(type: "credit" | "debit", approval: "solo" | "approved", cents: number): void {
    metrics?.adjusted({ direction: type, approval, kes: centsToKes(cents) });
  }

  /** Within the solo limits: the money moves now, counted against the admin's day. Null when the day is spent. */
  async function applySolo(
    input: { subject: UserRecord; adjustment: BalanceAdjustmentInput; cents: number } & AdminRequest<AppliedAdjustment>,
  ): Promise<AppliedAdjustment | null> {
    const { subject, adjustment, cents, actor } = input;
    const line = ledgerLine(subject, adjustment.type, cents, adjustment.reason, input.requestId);
    const applied: AppliedAdjustment = {
      outcome: "applied",
      user: withBalanceChange(subject, "wallet", line.amountCents),
      line,
    };
    try {
      await adjustments.applySolo(
        {
          subject,
          line,
          reason: adjustment.reason,
          ...(input.keep ? { answer: input.keep(applied) } : {}),
          budget: {
            adminId: actor.user.id,
            day: nairobiDay(clock.now()),
            cents,
            dailyMaxCents: kesToCents(limits.soloDailyMaxKes),
          },
        },
        audit(
          actor,
          "user.balance",
          { type: "user", id: subject.id, label: subject.email },
          {
            before: { walletBalance: centsToKes(subject.walletBalanceCents) },
            after: { walletBalance: centsToKes(applied.user.walletBalanceCents) },
            reason: adjustment.reason,
          },
        ),
      );
    } catch (error) {
      if (error instanceof MoveRefusedError && error.reason === "solo-limit") return null;
      if (error instanceof MoveRefusedError) {
        throw new InsufficientBalanceError(ADMIN_MESSAGES.debitBelowZero("the current balance"));
      }
      throw error;
    }
    counted(adjustment.type, "solo", cents);
    return applied;
  }

  return {
    /**
     * A credit or debit of the subject's wallet (spec §3, design.md §12.1): applied at once within the solo limits,
     * else kept for a second admin. A debit past the balance is refused either way.
     */
    async adjust(
      input: {
        subject: UserRecord | null | undefined;
        adjustment: BalanceAdjustmentInput;
      } & AdminRequest<AppliedAdjustment | PendingAdjustment>,
    ): Promise<AppliedAdjustment | PendingAdjustment> {
      const { subject, adjustment, actor } = input;
      if (!subject) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
      refuseOwnBalance(actor.user.id, subject.id);
      const cents = kesToCents(adjustment.amount);
      refuseDebitPastZero(subject, signedCents(adjustment.type, cents));
      if (cents <= kesToCents(limits.soloMaxKes)) {
        const applied = await applySolo({
          subject,
          adjustment,
          cents,
          requestId: input.requestId,
          actor,
          ...(input.keep ? { keep: input.keep } : {}),
        });
        if (applied) return applied;
      }
      const now = clock.now();
      const record: AdjustmentRecord = {
        id: newId(),
        userId: subject.id,
        user: adjustmentPerson(subject),
        type: adjustment.type,
        amountCents: cents,
        reason: adjustment.reason,
        status: "pending",
        requestedBy: adjustmentPerson(actor.user),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + ADJUSTMENT_EXPIRY_HOURS * 3_600_000).toISOString(),
        requestId: input.requestId,
      };
      const pending: PendingAdjustment = { outcome: "pending", adjustment: record };
      await adjustments.request(
        record,
        audit(
          actor,
          "adjustment.request",
          { type: "user", id: subject.id, label: subject.email },
          {
            after: { type: adjustment.type, amount: adjustment.amount, status: "pending", adjustmentId: record.id },
            reason: adjustment.reason,
          },
        ),
        input.keep?.(pending),
      );
      return pending;
    },

    list: (request: { status?: AdjustmentStatus; page: number; limit: number }) =>
      adjustments.list({ ...request, now: clock.now() }),

    /**
     * A second admin's decision on a pending adjustment. Not by the admin who asked, nor by the adjusted user; not
     * once decided or expired (409). Approving moves the money; a debit past zero is refused and stays pending.
     */
    async decide(
      input: { id: string; decision: DecideAdjustmentInput } & AdminRequest<AdjustmentRecord>,
    ): Promise<AdjustmentRecord> {
      const { decision, actor } = input;
      const adjustment = decidable(await adjustments.get(input.id), actor, ADJUSTMENT_MESSAGES);
      if (adjustment.userId === actor.user.id) throw new NotPermittedError(ADJUSTMENT_MESSAGES.ownAccount);
      const refuseUndecidable = async (stored: AdjustmentRecord | null) => {
        // A retry of this very decision, whose first answer was lost, finds it made.
        if (stored && stored.decisionId === input.requestId) return stored;
        throw notPending(stored, clock.now(), ADJUSTMENT_MESSAGES);
      };
      if (currentStatus(adjustment, clock.now()) !== "pending") return refuseUndecidable(adjustment);

      const at = clock.now().toISOString();
      const { made, decided, requestedBy } = decisionOn(adjustment, decision.status, {
        actor,
        reason: decision.reason,
        at,
        requestId: input.requestId,
      });
      const target = { type: "user" as const, id: adjustment.userId, label: adjustment.user.email };
      const amount = centsToKes(adjustment.amountCents);

      try {
        if (decision.status === "rejected") {
          await adjustments.reject(
            adjustment,
            made,
            audit(actor, "adjustment.reject", target, {
              before: { status: "pending", type: adjustment.type, amount },
              after: { status: "rejected" },
              reason: decision.reason ?? "",
              requestedBy,
            }),
            input.keep?.(decided),
          );
          return decided;
        }
        const subject = await users.getUser(adjustment.userId);
        if (!subject) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
        const signed = signedCents(adjustment.type, adjustment.amountCents);
        if (subject.walletBalanceCents + signed < 0)
          throw new InsufficientBalanceError(INVESTOR_MESSAGES.insufficientBalance);
        // The credit of an unmatched Paybill payment is that payment's deposit line, with an audit entry of its own.
        const paymentId = adjustment.unmatchedPaymentId;
        const line = paymentId
          ? paybillDepositLine(
              { newId, at, userId: subject.id, transId: paymentId, cents: adjustment.amountCents },
              input.requestId,
            )
          : ledgerLine(subject, adjustment.type, adjustment.amountCents, adjustment.reason, input.requestId);
        await adjustments.approve(
          adjustment,
          { subject, line, reason: adjustment.reason, ...(input.keep ? { answer: input.keep(decided) } : {}) },
          made,
          audit(actor, "adjustment.approve", target, {
            before: { status: "pending", walletBalance: centsToKes(subject.walletBalanceCents) },
            after: { status: "approved", walletBalance: centsToKes(subject.walletBalanceCents + signed) },
            reason: decision.reason ?? adjustment.reason,
            requestedBy,
          }),
          ...(paymentId
            ? [
                audit(
                  actor,
                  "unmatched-payment.assign",
                  target,
                  unmatchedAssignAudit(subject, paymentId, line, adjustment.reason, requestedBy),
                ),
              ]
            : []),
        );
        // An assigned payment is a deposit and an admin's credit both: the solo-credit alarm watches it too.
        if (paymentId) metrics?.depositCredited("paybill", amount);
        counted(adjustment.type, "approved", adjustment.amountCents);
        return decided;
      } catch (error) {
        if (!(error instanceof MoveRefusedError)) throw error;
        if (error.reason === "insufficient-balance") {
          throw new InsufficientBalanceError(INVESTOR_MESSAGES.insufficientBalance);
        }
        return refuseUndecidable(await adjustments.get(adjustment.id));
      }
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
