import { centsToKes, kesToCents } from "@jengafund/shared";
import type { PayoutOutcome, PayoutStatus } from "../../adapters/daraja/callbacks.js";
import { DarajaError, type DarajaPort } from "../../adapters/daraja/daraja.js";
import type { Clock } from "../../kernel/clock.js";
import type { Log } from "../../kernel/log.js";
import { type MetricsPort, reconciliationError } from "../../kernel/metrics.js";
import { MoveRefusedError, type WithdrawalRecord } from "../../kernel/records.js";
import type { PayoutRecoveryRepository } from "./payout-recovery-port.js";
import type { PayoutRepository } from "./port.js";

export interface PayoutServiceDeps {
  payouts: PayoutRepository;
  /** Where a payout M-Pesa paid after we refunded it is noted, for an admin to recover. */
  recovery: PayoutRecoveryRepository;
  daraja: DarajaPort;
  clock: Clock;
  log: Log;
  metrics: MetricsPort;
  /** Approved payouts without a result after this long are asked about with Transaction Status. */
  reconcileAfterMs: number;
}

/** Why a payout result was not applied; logged with the result and counted by reason (CallbacksRejected). */
export type PayoutRejection = "conversation-mismatch" | "amount-mismatch";

/** A result for a payout whose acceptance by Daraja is not recorded yet: thrown so the event is delivered again. */
export class PayoutNotAcceptedYetError extends Error {
  constructor(readonly withdrawalId: string) {
    super(`No Daraja conversation recorded for payout ${withdrawalId} (yet)`);
    this.name = "PayoutNotAcceptedYetError";
  }
}

/** Transaction Status's answer when Daraja has no record of the payout at all. */
const NO_SUCH_TRANSACTION = "2032";
/** What Transaction Status reports of a payout that definitely did not pay. */
const FAILED_STATUSES = new Set(["failed", "cancelled", "declined", "expired"]);
/** An approved payout without a result for this long is stuck: counted every run (StuckPayouts) and alarmed on. */
export const STUCK_PAYOUT_AFTER_MS = 30 * 60_000;

export function createPayoutService({
  payouts,
  recovery,
  daraja,
  clock,
  log,
  metrics,
  reconcileAfterMs,
}: PayoutServiceDeps) {
  // The owner is told of a payout paid or refunded by the outbox event its settlement writes (notifications/).

  async function submit(withdrawal: WithdrawalRecord): Promise<WithdrawalRecord> {
    try {
      const { conversationId } = await daraja.b2cPayment({
        originatorConversationId: withdrawal.id,
        amountKes: centsToKes(withdrawal.amountCents),
        phoneNumber: withdrawal.phoneNumber,
        remarks: `Withdrawal ${withdrawal.transactionReference}`,
      });
      await payouts.recordConversation(withdrawal.id, conversationId, clock.now().toISOString());
      return { ...withdrawal, conversationId };
    } catch (error) {
      // The withdrawal id is the OriginatorConversationID, so a repeat is refused rather than paid twice.
      if (error instanceof DarajaError && error.isDuplicateOriginator) return withdrawal;
      // A request Daraja refused as invalid was never accepted, so nothing can have been paid: refund it now rather
      // than leave the hold waiting for a result that will never come.
      if (error instanceof DarajaError && error.httpStatus === 400) {
        const reason = `M-Pesa refused the payout: ${error.errorMessage}`;
        try {
          const at = clock.now().toISOString();
          await payouts.fail(withdrawal, reason, at);
          log("warn", "B2C payout refused by Daraja: refunded", {
            withdrawalId: withdrawal.id,
            errorCode: error.errorCode,
          });
          metrics.count("PayoutsRefunded");
          return { ...withdrawal, status: "rejected", reason };
        } catch (refundError) {
          if (!(refundError instanceof MoveRefusedError)) throw refundError;
          return withdrawal;
        }
      }
      // The withdrawal stays approved with its hold; reconciliation asks Daraja and submits again if need be.
      log("error", "B2C payout could not be started", {
        withdrawalId: withdrawal.id,
        error: error instanceof DarajaError ? `${error.errorCode} ${error.errorMessage}` : String(error),
      });
      return withdrawal;
    }
  }

  /** A result that does not match what we asked for: logged and counted by reason, and otherwise ignored. */
  function refuse(reason: PayoutRejection, context: Record<string, unknown>): "ignored" {
    log("error", "M-Pesa payout result does not match the payout: ignored", { ...context, rejection: reason });
    metrics.count("CallbacksRejected", reason);
    if (reason === "amount-mismatch") metrics.count("AmountMismatches");
    return "ignored";
  }

  /** A payout by its id: an unknown one is logged and there is nothing to settle. */
  async function payout(id: string, context: Record<string, unknown>) {
    const withdrawal = await payouts.getWithdrawal(id);
    if (!withdrawal) log("warn", "M-Pesa payout result for an unknown withdrawal: ignored", context);
    return withdrawal;
  }

  /**
   * M-Pesa says it paid a payout we had already refunded (an admin marked it failed, or a failure result came
   * first): the user now holds the amount twice. Nothing is moved automatically — taking money back from a wallet
   * needs a person — but it is logged, counted (PayoutPaidAfterRefund, alarmed) and noted on the withdrawal, where
   * admins see "Paid after refund — recover KES …". Noted once, however often the result is repeated.
   */
  async function paidAfterRefund(
    withdrawal: WithdrawalRecord,
    paid: { amountKes: number | undefined; receipt?: string },
    context: Record<string, unknown>,
  ): Promise<"paid-after-refund" | "ignored"> {
    const amountCents = paid.amountKes === undefined ? withdrawal.amountCents : kesToCents(paid.amountKes);
    const noted = await recovery.markPaidAfterRefund(withdrawal.id, {
      amountCents,
      ...(paid.receipt ? { receipt: paid.receipt } : {}),
      at: clock.now().toISOString(),
    });
    if (!noted) return "ignored";
    log("error", "M-Pesa paid a payout that was already refunded: the money must be recovered", {
      ...context,
      receipt: paid.receipt,
      amountKes: centsToKes(amountCents),
      refundReason: withdrawal.reason,
    });
    metrics.count("PayoutPaidAfterRefund");
    return "paid-after-refund";
  }

  /** Applies a checked result. Success needs Daraja's amount to be the payout's. Safe to repeat. */
  async function apply(
    withdrawal: WithdrawalRecord,
    result: { paid: true; amountKes: number | undefined; receipt?: string } | { paid: false; reason: string },
    context: Record<string, unknown>,
  ): Promise<"completed" | "refunded" | "paid-after-refund" | "ignored"> {
    const at = clock.now().toISOString();
    try {
      if (result.paid) {
        if (result.amountKes === undefined || kesToCents(result.amountKes) !== withdrawal.amountCents) {
          return refuse("amount-mismatch", {
            ...context,
            expectedKes: centsToKes(withdrawal.amountCents),
            receivedKes: result.amountKes,
          });
        }
        await payouts.complete(withdrawal, result.receipt, at);
        log("info", "M-Pesa payout completed", { ...context, receipt: result.receipt });
        metrics.count("PayoutsCompleted");
        return "completed";
      }
      await payouts.fail(withdrawal, result.reason, at);
      log("warn", "M-Pesa payout failed: refunded", { ...context, reason: result.reason });
      metrics.count("PayoutsRefunded");
      return "refunded";
    } catch (error) {
      if (!(error instanceof MoveRefusedError)) throw error;
      // Refunded meanwhile (an admin marked it failed as the success arrived): paid after the refund.
      const now = result.paid ? await payouts.getWithdrawal(withdrawal.id) : null;
      if (result.paid && now?.status === "rejected") return paidAfterRefund(now, result, context);
      return "ignored";
    }
  }

  return {
    /** Starts the B2C payout of an approved withdrawal; its result arrives on the callback. */
    start: submit,

    /**
     * A B2C result settles the payout only when it names both our id (OriginatorConversationID) and the
     * ConversationID Daraja gave when it accepted the payout. Callbacks are unsigned: anyone who learns the URL can
     * post one, but not with an id only Daraja and we know.
     */
    async settleResult(outcome: PayoutOutcome) {
      const context = { withdrawalId: outcome.originatorConversationId, resultCode: outcome.resultCode, via: "result" };
      const withdrawal = await payout(outcome.originatorConversationId, context);
      if (!withdrawal) return "ignored" as const;
      if (
        withdrawal.status === "rejected" &&
        outcome.resultCode === "0" &&
        withdrawal.conversationId !== undefined &&
        outcome.conversationId === withdrawal.conversationId
      ) {
        return paidAfterRefund(
          withdrawal,
          { amountKes: outcome.amountKes, ...(outcome.receipt ? { receipt: outcome.receipt } : {}) },
          context,
        );
      }
      if (withdrawal.status === "rejected" && outcome.resultCode === "0") {
        // A success for a refunded payout that names no conversation we know: not money to recover on its word,
        // but never dropped silently either.
        log("warn", "M-Pesa success for a refunded payout whose ConversationID does not match: not recorded", {
          ...context,
          conversationId: outcome.conversationId,
          receipt: outcome.receipt,
        });
        metrics.count("CallbacksRejected", "conversation-mismatch");
      }
      if (withdrawal.status !== "approved") return "ignored" as const;
      // Daraja's answer to the payout request (with its ConversationID) can still be on its way to us.
      if (!withdrawal.conversationId) throw new PayoutNotAcceptedYetError(withdrawal.id);
      if (outcome.conversationId !== withdrawal.conversationId) {
        return refuse("conversation-mismatch", { ...context, conversationId: outcome.conversationId });
      }
      return apply(
        withdrawal,
        outcome.resultCode === "0"
          ? { paid: true, amountKes: outcome.amountKes, ...(outcome.receipt ? { receipt: outcome.receipt } : {}) }
          : { paid: false, reason: outcome.resultDesc || `M-Pesa payout failed (${outcome.resultCode})` },
        context,
      );
    },

    /**
     * A status answer counts only when it answers our latest query about the payout (its ConversationID) and, when
     * it names the payout's own ConversationID, that is the one Daraja gave us. Its result code is about the query:
     * only a successful query naming the payout's own status settles it (Completed pays, a definite failure
     * refunds). "No such transaction" means the payout never started and is submitted again (safe: Daraja refuses a
     * repeated OriginatorConversationID). Anything else is unknown and left for the next reconciliation: refunding a
     * payout that did pay would pay the user twice.
     */
    async settleStatus(status: PayoutStatus) {
      const id = status.originatorConversationId;
      const context = { withdrawalId: id, queryResultCode: status.queryResultCode, via: "status" };
      const found = await payout(id, context);
      // A refunded payout is no longer asked about, but an answer to a query sent before the refund may still come.
      const withdrawal = found?.status === "approved" || found?.status === "rejected" ? found : null;
      if (!withdrawal) return "ignored" as const;
      if (!withdrawal.statusConversationId) {
        // Only a payout still waiting can have a query whose acceptance is on its way to us; a refunded one never
        // asked, so the answer is a stray (and must not wait in the dead-letter queue).
        if (withdrawal.status === "rejected") return "ignored" as const;
        throw new PayoutNotAcceptedYetError(withdrawal.id);
      }
      if (status.queryConversationId !== withdrawal.statusConversationId) {
        return refuse("conversation-mismatch", { ...context, conversationId: status.queryConversationId });
      }
      if (withdrawal.status === "rejected") {
        const paidAfterAll =
          status.queryResultCode === "0" &&
          status.transactionStatus?.toLowerCase() === "completed" &&
          status.payoutConversationId !== undefined &&
          status.payoutConversationId === withdrawal.conversationId;
        return paidAfterAll
          ? paidAfterRefund(
              withdrawal,
              { amountKes: status.amountKes, ...(status.receipt ? { receipt: status.receipt } : {}) },
              context,
            )
          : ("ignored" as const);
      }
      if (status.queryResultCode === NO_SUCH_TRANSACTION) {
        log("warn", "M-Pesa has no record of the payout: submitting it again", context);
        metrics.count("ReconciliationFound");
        await submit(withdrawal);
        return "resubmitted" as const;
      }
      if (
        status.payoutConversationId !== undefined &&
        withdrawal.conversationId !== undefined &&
        status.payoutConversationId !== withdrawal.conversationId
      ) {
        return refuse("conversation-mismatch", { ...context, conversationId: status.payoutConversationId });
      }
      const payoutStatus = status.transactionStatus?.toLowerCase();
      // What reconciliation asked about and the result callback never brought.
      const settled = (outcome: "completed" | "refunded" | "paid-after-refund" | "ignored") => {
        if (outcome !== "ignored") metrics.count("ReconciliationFound");
        return outcome;
      };
      if (status.queryResultCode === "0" && payoutStatus === "completed") {
        return settled(
          await apply(
            withdrawal,
            { paid: true, amountKes: status.amountKes, ...(status.receipt ? { receipt: status.receipt } : {}) },
            context,
          ),
        );
      }
      if (status.queryResultCode === "0" && payoutStatus && FAILED_STATUSES.has(payoutStatus)) {
        return settled(await apply(withdrawal, { paid: false, reason: `M-Pesa payout ${payoutStatus}` }, context));
      }
      log("warn", "Payout status unknown; asking again at the next reconciliation", {
        ...context,
        transactionStatus: status.transactionStatus,
        resultDesc: status.resultDesc,
      });
      return "unknown" as const;
    },

    /** A queue timeout is not a failure: the payout may still happen. Reconciliation will ask. */
    noteTimeout(outcome: PayoutOutcome) {
      log("warn", "M-Pesa payout timed out in the queue; reconciliation will check it", {
        withdrawalId: outcome.originatorConversationId,
      });
    },

    /**
     * Approved payouts with no result yet are asked about with Transaction Status (answers arrive by callback), the
     * longest-waiting first: at most `limit` in a run, and none once `timeLeftMs` says the run's time is up. Every run
     * also counts the payouts stuck for STUCK_PAYOUT_AFTER_MS. A failed query is counted, logged and asked again
     * next run.
     */
    async reconcile(run: { limit: number; timeLeftMs: () => number }) {
      const now = clock.now().getTime();
      const decidedBefore = new Date(now - reconcileAfterMs).toISOString();
      const summary = { checked: 0, errors: 0, stuck: 0, stoppedEarly: false };

      summary.stuck = await payouts.countApproved(new Date(now - STUCK_PAYOUT_AFTER_MS).toISOString());
      metrics.record("StuckPayouts", summary.stuck);
      if (summary.stuck > 0) {
        log("warn", "Approved payouts without an M-Pesa result for 30 minutes", { count: summary.stuck });
      }

      for (const withdrawal of await payouts.listApproved(decidedBefore, run.limit)) {
        if (run.timeLeftMs() <= 0) {
          summary.stoppedEarly = true;
          break;
        }
        summary.checked++;
        try {
          const { conversationId } = await daraja.transactionStatus(withdrawal.id);
          // Only an answer to this query may settle the payout (see settleStatus).
          if (conversationId) {
            await payouts.recordStatusQuery(withdrawal.id, conversationId, clock.now().toISOString());
          }
        } catch (error) {
          reconciliationError(
            { summary, metrics, log },
            {
              message: "Payout status query failed",
              details: { withdrawalId: withdrawal.id, error: error instanceof Error ? error.message : String(error) },
            },
          );
        }
      }
      return summary;
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
