import { centsToKes, kesToCents, normalizeKenyanPhone } from "@jengafund/shared";
import type { StkOutcome } from "../../adapters/daraja/callbacks.js";
import { DarajaError, type DarajaPort } from "../../adapters/daraja/daraja.js";
import { type Clock, hourlyCounterWindow, minutesToNextHour } from "../../kernel/clock.js";
import {
  type DomainError,
  InProgressError,
  InvalidInputError,
  NotFoundError,
  TooManyAttemptsError,
  UpstreamError,
} from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { Log } from "../../kernel/log.js";
import { type MetricsPort, reconciliationError } from "../../kernel/metrics.js";
import {
  type DepositRecord,
  isPromptLimit,
  type KeepAnswer,
  type LedgerLine,
  MoveRefusedError,
  type PromptLimit,
  type UserRecord,
} from "../../kernel/records.js";
import { depositRoom, limitRefusal } from "../kyc/index.js";
import type { FirstPayoutNumberProof } from "../money-out/index.js";
import { newFirstProof } from "../money-out/index.js";
import type { DepositRepository, PromptLimits, PromptReservation } from "./port.js";
import { STK_RECEIPT_WAIT_MS, type StkReceiptsDeps, stkReceiptReader } from "./stk-receipts.js";

export interface DepositServiceDeps {
  deposits: DepositRepository;
  daraja: DarajaPort;
  clock: Clock;
  newId: IdGenerator;
  log: Log;
  metrics: MetricsPort;
  /** Pending deposits older than this are checked with the STK query. */
  reconcileAfterMs: number;
  /** STK push abuse limits (design.md §9): pending deposits per user, prompts an hour per user and per phone. */
  promptLimits: PromptLimits;
  /** Ask the STK query before crediting a success callback, which anyone who learns the URL could forge. */
  confirmStkSuccess?: boolean;
  /** M-Pesa's record of the STK short code's payments, where reconciliation finds a found payment's receipt. */
  stkReceipts: StkReceiptsDeps;
}

export const DEPOSIT_MESSAGES = {
  promptSent: "STK push sent to your phone. Please complete the payment.",
  notFound: "Deposit not found",
  phoneBusy: "Another M-Pesa prompt is already open on this phone. Please wait a minute and try again.",
  invalidPhone: "M-Pesa did not accept this phone number. Use a Safaricom number like 254712345678.",
  unavailable: "M-Pesa could not start the payment right now. Please try again in a few minutes.",
} as const;

/** A callback for a deposit not (yet) recorded: thrown so the event is delivered again. */
export class UnknownDepositError extends Error {
  constructor(readonly checkoutRequestId: string) {
    super(`No deposit recorded for CheckoutRequestID ${checkoutRequestId} (yet)`);
    this.name = "UnknownDepositError";
  }
}

/** A success callback the STK query cannot confirm yet (still processing): thrown so it is delivered again. */
export class StkNotConfirmedYetError extends Error {
  constructor(readonly checkoutRequestId: string) {
    super(`The STK query does not confirm CheckoutRequestID ${checkoutRequestId} yet`);
    this.name = "StkNotConfirmedYetError";
  }
}

/** Counting stale deposits stops here: past it the number only says "many". */
const STALE_COUNT_LIMIT = 1000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** Why no prompt was sent, and when to try again. The hourly windows are clock hours (UTC, like the counters' keys). */
export function promptLimitMessage(limit: PromptLimit, limits: PromptLimits, now: Date): string {
  if (limit === "pending-deposits") {
    const waiting = plural(limits.maxPendingDepositsPerUser, "M-Pesa deposit");
    const them = limits.maxPendingDepositsPerUser === 1 ? "it" : "them";
    return `You have ${waiting} waiting to be completed. Finish or cancel ${them} on your phone, or wait a few minutes for ${them} to expire, then try again.`;
  }
  const retry = `Please try again in ${plural(minutesToNextHour(now), "minute")}.`;
  if (limit === "prompts-per-user") {
    return `You have asked for ${plural(limits.maxPromptsPerUserPerHour, "M-Pesa prompt")} this hour, the most allowed. ${retry}`;
  }
  return `This phone number has had ${plural(limits.maxPromptsPerPhonePerHour, "M-Pesa prompt")} this hour, the most allowed. ${retry}`;
}

/** What Daraja's refusal means for the person depositing. */
function explain(error: DarajaError): DomainError {
  if (/lock subscriber/i.test(error.errorMessage)) return new InProgressError(DEPOSIT_MESSAGES.phoneBusy);
  if (/Invalid PhoneNumber|Invalid PartyA/i.test(error.errorMessage))
    return new InvalidInputError(DEPOSIT_MESSAGES.invalidPhone);
  return new UpstreamError(DEPOSIT_MESSAGES.unavailable);
}

/** Why a deposit callback was not applied; logged with it and counted by reason (CallbacksRejected). */
export type DepositRejection = "amount-mismatch" | "stk-contradicted" | "duplicate-receipt" | "incomplete";

/**
 * One's own deposit, for the page watching it settle. Apart from the rest of the deposit service, so that the status
 * route, which only reads, carries no Daraja client.
 */
export function createDepositLookup({ deposits }: Pick<DepositServiceDeps, "deposits">) {
  return {
    /**
     * Read together with the user in one isolated read: the balance shown is never older than the status (the caller
     * was read earlier, possibly before the credit).
     */
    async get(user: UserRecord, checkoutRequestId: string) {
      const { deposit, user: current } = await deposits.getWithOwner(checkoutRequestId, user.id);
      if (!deposit || deposit.userId !== user.id) throw new NotFoundError(DEPOSIT_MESSAGES.notFound);
      return { deposit, user: current ?? user };
    },
  };
}

export function createDepositService({
  deposits,
  daraja,
  clock,
  newId,
  log,
  metrics,
  reconcileAfterMs,
  confirmStkSuccess = false,
  promptLimits,
  stkReceipts,
}: DepositServiceDeps) {
  /** A success that does not match what we asked for: logged and counted by reason, and otherwise ignored. */
  function refuse(reason: DepositRejection, message: string, context: Record<string, unknown>): "ignored" {
    log("error", message, { ...context, rejection: reason });
    metrics.count("CallbacksRejected", reason);
    if (reason === "amount-mismatch") metrics.count("AmountMismatches");
    if (reason === "duplicate-receipt") metrics.count("DuplicateReceipts");
    return "ignored";
  }

  /**
   * When the deposit is the first from a number other than the registered one, that number's first proof (design.md
   * §13.2): it waits before payouts may go there, and the owner is told with a link to block it. A second deposit
   * settling at the same moment is refused by the proof's condition and settles again without it.
   */
  async function firstProofOf(deposit: DepositRecord, at: string): Promise<FirstPayoutNumberProof | undefined> {
    const standing = await deposits.payoutNumberStanding(deposit.userId, deposit.phoneNumber);
    if (standing.proven) return undefined;
    const msisdn = (phone: string) => normalizeKenyanPhone(phone) ?? phone;
    if (standing.registeredPhoneNumber && msisdn(standing.registeredPhoneNumber) === msisdn(deposit.phoneNumber)) {
      return undefined;
    }
    return newFirstProof(new Date(at));
  }

  /** Applies one outcome, whichever way it arrived (callback or query). Safe to repeat: it settles once. */
  async function settle(outcome: StkOutcome, via: "callback" | "query"): Promise<"credited" | "failed" | "ignored"> {
    const context = { checkoutRequestId: outcome.checkoutRequestId, resultCode: outcome.resultCode, via };
    let deposit = await deposits.get(outcome.checkoutRequestId);
    if (!deposit) {
      // The callback can beat the deposit's own record (the STK push answer is still on its way back): throwing lets
      // the bus deliver it again later, and a callback that never matches ends in the dead-letter queue.
      if (via === "callback") throw new UnknownDepositError(outcome.checkoutRequestId);
      return "ignored";
    }
    const at = clock.now().toISOString();
    if (outcome.resultCode !== "0") {
      if (deposit.status !== "pending") return "ignored";
      try {
        await deposits.fail(
          deposit,
          outcome.resultCode === "1032" ? "cancelled" : "failed",
          { code: outcome.resultCode, desc: outcome.resultDesc },
          at,
        );
        log("info", "M-Pesa deposit did not complete", { ...context, resultDesc: outcome.resultDesc });
        metrics.count("DepositsFailed");
        return "failed";
      } catch (error) {
        if (error instanceof MoveRefusedError) return "ignored";
        throw error;
      }
    }
    // A callback's success must carry the money and the receipt (a query's cannot: it has neither).
    if (via === "callback" && (outcome.amountKes === undefined || !outcome.receipt)) {
      return refuse("incomplete", "M-Pesa success callback without amount or receipt: not credited", context);
    }
    // Never trust the callback's money on its own: it must be the amount this deposit asked for.
    if (outcome.amountKes !== undefined && kesToCents(outcome.amountKes) !== deposit.amountCents) {
      return refuse("amount-mismatch", "M-Pesa deposit amount mismatch: not credited", {
        ...context,
        expectedKes: centsToKes(deposit.amountCents),
        receivedKes: outcome.amountKes,
        receipt: outcome.receipt,
      });
    }
    if (via === "callback" && confirmStkSuccess && deposit.status !== "completed") {
      // Daraja's own record must agree before money moves; a query error or an undecided answer is thrown, so the
      // callback is delivered again (and reconciliation asks independently).
      const check = await daraja.stkQuery(outcome.checkoutRequestId);
      if (check.state === "pending") throw new StkNotConfirmedYetError(outcome.checkoutRequestId);
      if (check.resultCode !== "0") {
        return refuse("stk-contradicted", "M-Pesa success callback contradicted by the STK query: not credited", {
          ...context,
          queryResultCode: check.resultCode,
          receipt: outcome.receipt,
        });
      }
    }
    // A success after a recorded failure still credits: the receipt is proof the customer paid. A failure that
    // lands between our read and our write is met by reading again and completing from the new status.
    for (let attempt = 1; attempt <= 3 && deposit && deposit.status !== "completed"; attempt++) {
      try {
        await deposits.complete(deposit, deposit.status, outcome.receipt, at, await firstProofOf(deposit, at));
        log("info", "M-Pesa deposit credited", {
          ...context,
          receipt: outcome.receipt,
          amountKes: centsToKes(deposit.amountCents),
        });
        metrics.depositCredited("stk", centsToKes(deposit.amountCents));
        return "credited";
      } catch (error) {
        if (!(error instanceof MoveRefusedError)) throw error;
        if (error.reason === "duplicate-receipt") {
          return refuse("duplicate-receipt", "M-Pesa receipt already credited to another deposit: not credited", {
            ...context,
            receipt: outcome.receipt,
          });
        }
        deposit = await deposits.get(outcome.checkoutRequestId);
      }
    }
    return "ignored";
  }

  return {
    /** Starts an STK push and records the pending deposit; the balance moves only when M-Pesa confirms. */
    async start(input: {
      user: UserRecord;
      amountKes: number;
      phoneNumber: string;
      keep?: KeepAnswer<{ deposit: DepositRecord; line: LedgerLine }>;
    }) {
      const { user, amountKes, phoneNumber } = input;
      const now = clock.now();
      const amountCents = kesToCents(amountKes);
      // Unverified, at most KES 100,000 deposited in all (design.md §13.5), held to by the reservation's write.
      const unverifiedRoomCents = depositRoom(user, amountCents);
      const reservation: PromptReservation = {
        userId: user.id,
        phoneNumber,
        ...hourlyCounterWindow(now),
        amountCents,
        ...(unverifiedRoomCents === undefined ? {} : { unverifiedRoomCents }),
      };
      // Counted before Daraja is called, by one write whose conditions carry the limits: they hold for parallel
      // requests, and a refused request sends no prompt and counts nothing.
      try {
        await deposits.reservePrompt(reservation, promptLimits);
      } catch (error) {
        const overLimit = error instanceof MoveRefusedError ? limitRefusal(error.reason) : undefined;
        if (overLimit) throw overLimit;
        if (!(error instanceof MoveRefusedError && isPromptLimit(error.reason))) throw error;
        const limit = error.reason;
        log("warn", "STK push refused by a limit", { userId: user.id, limit });
        metrics.count("StkPromptsRefused", limit);
        throw new TooManyAttemptsError(promptLimitMessage(limit, promptLimits, now));
      }
      // A start that records no deposit must give its pending slot back here: no settlement ever will. A failure to
      // do so is logged; until an operator corrects the counter, the user has one pending deposit fewer to start.
      const release = async (promptSent: boolean) => {
        try {
          await deposits.releasePrompt(reservation, { promptSent });
        } catch (error) {
          log("error", "A pending-deposit slot could not be given back", {
            userId: user.id,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      };

      const reference = `JF${newId().slice(-10)}`;
      let accepted: { checkoutRequestId: string; merchantRequestId: string };
      try {
        accepted = await daraja.stkPush({
          amountKes,
          phoneNumber,
          accountReference: reference,
          description: "Wallet topup",
        });
      } catch (error) {
        // "Phone busy" means Daraja sent no new prompt: the attempt is not counted at all, so a person who asks again
        // while the first prompt is still open does not use up the hour. Any other refusal, or no answer, keeps its
        // place in the hourly counts: the prompt may have reached the phone, and retries against a failing Daraja are
        // spaced out by the same limits.
        if (!(error instanceof DarajaError)) {
          await release(true);
          throw error;
        }
        log("warn", "STK push refused", { errorCode: error.errorCode, errorMessage: error.errorMessage });
        const answer = explain(error);
        await release(!(answer instanceof InProgressError));
        throw answer;
      }
      const createdAt = clock.now().toISOString();
      const line: LedgerLine = {
        id: newId(),
        userId: user.id,
        type: "deposit",
        balance: "wallet",
        amountCents: kesToCents(amountKes),
        status: "pending",
        description: `M-Pesa deposit from ${phoneNumber}`,
        reference: accepted.checkoutRequestId,
        phoneNumber,
        createdAt,
      };
      const deposit: DepositRecord = {
        checkoutRequestId: accepted.checkoutRequestId,
        merchantRequestId: accepted.merchantRequestId,
        userId: user.id,
        amountCents: line.amountCents,
        phoneNumber,
        status: "pending",
        ledgerLineId: line.id,
        accountReference: reference,
        createdAt,
      };
      try {
        await deposits.create(deposit, line, user, input.keep?.({ deposit, line }));
      } catch (error) {
        // The prompt is on the phone but unrecorded: say so loudly, with what an operator needs to credit it.
        log("error", "STK push accepted but the deposit could not be recorded", {
          checkoutRequestId: deposit.checkoutRequestId,
          userId: user.id,
          amountKes,
          phoneNumber,
        });
        await release(true);
        throw error;
      }
      metrics.count("DepositsStarted");
      return { deposit, line };
    },

    ...createDepositLookup({ deposits }),

    settle: (outcome: StkOutcome) => settle(outcome, "callback"),

    /**
     * Deposits still pending after a while are asked about with the STK query, oldest first: at most `limit` in a run,
     * and none once `timeLeftMs` says the run's time is up. A query can confirm or refuse a payment but never
     * downgrades a completed one (settle only moves pending or failed deposits forward). Deposits older than
     * `maxAgeMs` are no longer asked about (a day on, asking again does not help, and they would fill every batch):
     * they are counted and logged for an operator. A failed query is counted and logged, and asked again next run.
     * A success is credited with its M-Pesa receipt, found in M-Pesa's record of the short code's payments
     * (stk-receipts.ts): until the record shows it, the deposit waits for a later run, up to STK_RECEIPT_WAIT_MS.
     */
    async reconcile(run: { limit: number; maxAgeMs: number; timeLeftMs: () => number }) {
      const now = clock.now().getTime();
      const createdBefore = new Date(now - reconcileAfterMs).toISOString();
      const createdFrom = new Date(now - run.maxAgeMs).toISOString();
      const summary = {
        checked: 0,
        credited: 0,
        failed: 0,
        stillPending: 0,
        /** Succeeded, and left for a later run until M-Pesa's record shows the receipt. */
        awaitingReceipt: 0,
        errors: 0,
        tooOld: 0,
        stoppedEarly: false,
      };

      summary.tooOld = await deposits.countPending(createdFrom, STALE_COUNT_LIMIT);
      metrics.record("StaleDeposits", summary.tooOld);
      if (summary.tooOld > 0) {
        log("warn", "Pending deposits too old to reconcile: an operator should check them with M-Pesa", {
          count: summary.tooOld,
          createdBefore: createdFrom,
        });
      }

      const receiptOf = stkReceiptReader(stkReceipts, new Date(now));
      let recordUnreadable = false;
      for (const deposit of await deposits.listPending({ from: createdFrom, before: createdBefore }, run.limit)) {
        if (run.timeLeftMs() <= 0) {
          summary.stoppedEarly = true;
          break;
        }
        summary.checked++;
        try {
          const result = await daraja.stkQuery(deposit.checkoutRequestId);
          if (result.state === "pending") {
            summary.stillPending++;
            continue;
          }
          // The query carries no receipt or amount: the amount is the one this deposit asked for, the receipt the one
          // M-Pesa's record lists for its account reference and amount.
          let receipt: string | undefined;
          if (result.resultCode === "0") {
            const found = await receiptOf(deposit);
            receipt = found.receipt;
            const context = {
              checkoutRequestId: deposit.checkoutRequestId,
              accountReference: deposit.accountReference,
            };
            if ("unreadable" in found && !recordUnreadable) {
              recordUnreadable = true;
              reconciliationError(
                { summary, metrics, log },
                {
                  reason: "stk-record",
                  message: "M-Pesa's record of the STK short code's payments could not be read",
                  details: { ...context, error: errorText(found.unreadable) },
                },
              );
            }
            if (!receipt && deposit.accountReference) {
              if (now - Date.parse(deposit.createdAt) < STK_RECEIPT_WAIT_MS) {
                summary.awaitingReceipt++;
                continue;
              }
              metrics.count("ReconciliationErrors", "stk-no-receipt");
              log("warn", "STK deposit credited without its receipt: M-Pesa's record never showed it", context);
            }
          }
          const outcome = await settle(
            {
              checkoutRequestId: deposit.checkoutRequestId,
              resultCode: result.resultCode,
              resultDesc: result.resultDesc,
              ...(receipt ? { receipt } : {}),
            },
            "query",
          );
          if (outcome === "credited") summary.credited++;
          if (outcome === "failed") summary.failed++;
          if (outcome !== "ignored") metrics.count("ReconciliationFound");
        } catch (error) {
          reconciliationError(
            { summary, metrics, log },
            {
              message: "Deposit reconciliation query failed",
              details: {
                checkoutRequestId: deposit.checkoutRequestId,
                error: errorText(error),
              },
            },
          );
        }
      }
      return summary;
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
