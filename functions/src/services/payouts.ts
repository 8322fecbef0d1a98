import { centsToKes } from "@jengafund/shared";
import type { Clock } from "../lib/clock.js";
import type { PayoutOutcome, PayoutStatus } from "../payments/callbacks.js";
import { DarajaError, type DarajaPort } from "../payments/daraja.js";
import { type PayoutRepository, SettlementRefusedError, type WithdrawalRecord } from "../repositories/ports.js";

export interface PayoutServiceDeps {
  payouts: PayoutRepository;
  daraja: DarajaPort;
  clock: Clock;
  log: (level: "info" | "warn" | "error", message: string, details?: Record<string, unknown>) => void;
  /** Approved payouts without a result after this long are asked about with Transaction Status. */
  reconcileAfterMs: number;
}

/** Transaction Status's answer when Daraja has no record of the payout at all. */
const NO_SUCH_TRANSACTION = "2032";
/** What Transaction Status reports of a payout that definitely did not pay. */
const FAILED_STATUSES = new Set(["failed", "cancelled", "declined", "expired"]);

export function createPayoutService({ payouts, daraja, clock, log, reconcileAfterMs }: PayoutServiceDeps) {
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
          await payouts.fail(withdrawal, reason, clock.now().toISOString());
          log("warn", "B2C payout refused by Daraja: refunded", {
            withdrawalId: withdrawal.id,
            errorCode: error.errorCode,
          });
          return { ...withdrawal, status: "rejected", reason };
        } catch (refundError) {
          if (!(refundError instanceof SettlementRefusedError)) throw refundError;
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

  /** Applies a payout result, from the B2C callback or from Transaction Status. Safe to repeat. */
  async function settle(
    outcome: PayoutOutcome,
    via: "result" | "status",
  ): Promise<"completed" | "refunded" | "ignored"> {
    const withdrawal = await payouts.getWithdrawal(outcome.originatorConversationId);
    const context = { withdrawalId: outcome.originatorConversationId, resultCode: outcome.resultCode, via };
    if (!withdrawal) {
      log("warn", "M-Pesa payout result for an unknown withdrawal: ignored", context);
      return "ignored";
    }
    if (withdrawal.status !== "approved") return "ignored";
    const at = clock.now().toISOString();
    try {
      if (outcome.resultCode === "0") {
        await payouts.complete(withdrawal, outcome.receipt, at);
        log("info", "M-Pesa payout completed", { ...context, receipt: outcome.receipt });
        return "completed";
      }
      await payouts.fail(withdrawal, outcome.resultDesc || `M-Pesa payout failed (${outcome.resultCode})`, at);
      log("warn", "M-Pesa payout failed: refunded", { ...context, resultDesc: outcome.resultDesc });
      return "refunded";
    } catch (error) {
      if (error instanceof SettlementRefusedError) return "ignored";
      throw error;
    }
  }

  return {
    /** Starts the B2C payout of an approved withdrawal; its result arrives on the callback. */
    start: submit,

    settleResult: (outcome: PayoutOutcome) => settle(outcome, "result"),

    /**
     * A status answer. Its result code is about the query: only a successful query naming the payout's own status
     * settles it (Completed pays, a definite failure refunds). "No such transaction" means the payout never started
     * and is submitted again (safe: Daraja refuses a repeated OriginatorConversationID). Anything else is unknown and
     * left for the next reconciliation: refunding a payout that did pay would pay the user twice.
     */
    async settleStatus(status: PayoutStatus) {
      const id = status.originatorConversationId;
      if (status.queryResultCode === NO_SUCH_TRANSACTION) {
        const withdrawal = await payouts.getWithdrawal(id);
        if (withdrawal?.status === "approved") await submit(withdrawal);
        return "resubmitted" as const;
      }
      const payoutStatus = status.transactionStatus?.toLowerCase();
      if (status.queryResultCode === "0" && payoutStatus === "completed") {
        return settle(
          {
            originatorConversationId: id,
            resultCode: "0",
            resultDesc: status.resultDesc,
            ...(status.receipt ? { receipt: status.receipt } : {}),
          },
          "status",
        );
      }
      if (status.queryResultCode === "0" && payoutStatus && FAILED_STATUSES.has(payoutStatus)) {
        return settle(
          { originatorConversationId: id, resultCode: "failed", resultDesc: `M-Pesa payout ${payoutStatus}` },
          "status",
        );
      }
      log("warn", "Payout status unknown; asking again at the next reconciliation", {
        withdrawalId: id,
        queryResultCode: status.queryResultCode,
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

    /** Approved payouts with no result yet are asked about with Transaction Status (answers arrive by callback). */
    async reconcile(limit = 50) {
      const before = new Date(clock.now().getTime() - reconcileAfterMs).toISOString();
      const summary = { checked: 0, errors: 0 };
      for (const withdrawal of await payouts.listApproved(before, limit)) {
        summary.checked++;
        try {
          await daraja.transactionStatus(withdrawal.id);
        } catch (error) {
          summary.errors++;
          log("warn", "Payout status query failed", { withdrawalId: withdrawal.id, error: String(error) });
        }
      }
      return summary;
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
