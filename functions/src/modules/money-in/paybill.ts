/**
 * Paybill (C2B) deposits (design.md §12.3): the numbers a customer pays with, Daraja's synchronous validation of a
 * payment, and the settlement of its confirmation, which credits once per TransID or keeps the payment as unmatched.
 */
import { createHash } from "node:crypto";
import {
  C2B_RESULT_CODES,
  centsToKes,
  isMpesaReceipt,
  kesToCents,
  normalizeKenyanPhone,
  normalizeMpesaReceipt,
  PAYBILL_CONFIRM_ABOVE_KES,
  PAYBILL_MAX_KES,
  PAYBILL_MIN_KES,
  type PaybillDetails,
  type PaybillValidationAnswer,
} from "@jengafund/shared";
import { type C2bPayment, decimalKesToCents, transTimeInstant } from "../../adapters/daraja/callbacks.js";
import type { PaybillDarajaPort } from "../../adapters/daraja/daraja.js";
import type { Log } from "../../kernel/log.js";
import { type MetricsPort, reconciliationError } from "../../kernel/metrics.js";
import { type LedgerLine, MoveRefusedError, type UserRecord } from "../../kernel/records.js";
import { depositRoomLeft } from "../kyc/index.js";
import type { CallbackDoor } from "./callbacks.js";
import type {
  HeldPaybillDeposit,
  PaybillAccountReference,
  PaybillAccounts,
  PaybillRepository,
  ReceiptClaim,
  UnmatchedPaymentRecord,
} from "./paybill-port.js";

/** The registered phone number (stored as 2547…/2541…) in the 07/01 form a customer types. */
export const localPhoneForm = (msisdn: string) => `0${msisdn.slice(3)}`;

/** GET /mpesa/paybill: the business number, and the caller's account number (their registered phone). */
export function createPaybillDetails({ businessNumber }: { businessNumber: string }) {
  return {
    of: (caller: UserRecord): PaybillDetails => ({ businessNumber, accountNumber: localPhoneForm(caller.phoneNumber) }),
  };
}

/**
 * What an account number can name: the registered phone in 07/01, 254 or +254 form (spaces and dashes allowed), or
 * the referral code in any case. Null for what can be neither (a Till payment's empty reference, symbols).
 */
export function accountReferenceOf(billRefNumber: string): PaybillAccountReference | null {
  const typed = billRefNumber.trim();
  const msisdn = normalizeKenyanPhone(typed);
  if (msisdn) return { msisdn };
  return /^[A-Za-z0-9]{1,20}$/.test(typed) ? { referralCode: typed.toUpperCase() } : null;
}

/** The account a payment is for, when it names an active one; else why not. */
async function resolveAccount(
  accounts: PaybillAccounts,
  billRefNumber: string,
): Promise<{ user: UserRecord } | { missing: UnmatchedPaymentRecord["reason"]; userId?: string }> {
  const reference = accountReferenceOf(billRefNumber);
  const user = reference ? await accounts.findAccount(reference) : null;
  if (!user) return { missing: "unknown-account" };
  // A deactivated account takes no money: validation refuses it, and a confirmed payment for it is unmatched.
  if (!user.isActive) return { missing: "inactive-account", userId: user.id };
  return { user };
}

const MIN_CENTS = kesToCents(PAYBILL_MIN_KES);
const MAX_CENTS = kesToCents(PAYBILL_MAX_KES);

const rejected = (
  code: typeof C2B_RESULT_CODES.invalidAccount | typeof C2B_RESULT_CODES.invalidAmount,
): PaybillValidationAnswer => ({ ResultCode: code, ResultDesc: "Rejected" });

export interface PaybillValidationDeps {
  door: CallbackDoor;
  accounts: PaybillAccounts;
  log: Log;
}

/**
 * Daraja's validation call, answered while the payer waits (Safaricom allows 8 s; ours is a marker and a user read):
 * an amount outside 1–250,000 KES is C2B00013, an account number that names no active account C2B00012, anything
 * else accepted. It reads only; the confirmation is what credits.
 */
export function createPaybillValidation({ door, accounts, log }: PaybillValidationDeps) {
  return {
    async validate(input: {
      token: string;
      sourceIp: string;
      body: Record<string, unknown>;
    }): Promise<PaybillValidationAnswer> {
      await door.admit("c2b-validation", input);
      const { body } = input;
      const amountCents = decimalKesToCents(body.TransAmount);
      const context = { transId: String(body.TransID ?? ""), sourceIp: input.sourceIp };
      if (amountCents === null || amountCents < MIN_CENTS || amountCents > MAX_CENTS) {
        log("info", "Paybill payment refused at validation: amount", { ...context, amount: body.TransAmount });
        return rejected(C2B_RESULT_CODES.invalidAmount);
      }
      const billRefNumber = typeof body.BillRefNumber === "string" ? body.BillRefNumber : "";
      const account = await resolveAccount(accounts, billRefNumber);
      if ("missing" in account) {
        log("info", "Paybill payment refused at validation: account", { ...context, reason: account.missing });
        return rejected(C2B_RESULT_CODES.invalidAccount);
      }
      return { ResultCode: C2B_RESULT_CODES.accepted, ResultDesc: "Accepted" };
    },
  };
}

export interface PaybillDepositDeps {
  payments: PaybillRepository;
  clock: { now(): Date };
  newId: () => string;
  log: Log;
  metrics: MetricsPort;
  /**
   * Our Paybill (MPESA_PAYBILL_SHORTCODE). A confirmation for another business number is kept as unmatched
   * ("other-short-code") rather than credited: the money did not reach our Paybill. It is also the business number
   * whose M-Pesa record (Pull Transactions) confirms a payment above PAYBILL_CONFIRM_ABOVE_KES.
   */
  businessNumber: string;
  /** M-Pesa's own record of the Paybill's payments (design.md §13.3). */
  records: Pick<PaybillDarajaPort, "pullTransactions">;
}

/**
 * "confirming": held until M-Pesa's record shows it (above PAYBILL_CONFIRM_ABOVE_KES); "refused": M-Pesa's record
 * gives the receipt another amount, so nothing was credited or kept under the receipt.
 */
export type PaybillSettlement =
  | "credited"
  | "confirming"
  | "refused"
  | "unmatched"
  | "duplicate"
  | "conflict"
  | "stk-payment";

/** Above this a confirmation waits for M-Pesa's record before it is credited (design.md §13.3). */
const CONFIRM_ABOVE_CENTS = kesToCents(PAYBILL_CONFIRM_ABOVE_KES);
/** A held payment M-Pesa still has no record of after this is refused and counted (ReceiptMismatch, alarmed). */
export const MPESA_RECORD_GRACE_MS = 2 * 3_600_000;
/** How far before a payment's own time M-Pesa's record is looked for (the payer's clock is M-Pesa's, not ours). */
const RECORD_LOOKBACK_MS = 10 * 60_000;
/** Pull Transactions answers for the last 48 hours; a query is kept inside them. */
const PULL_REACH_MS = 47 * 3_600_000;

/**
 * The account reference an STK push gives its payment (services/deposits.ts). Where the STK short code is also the
 * Paybill, Daraja confirms an STK payment to the C2B URL too, with this reference and the STK receipt as TransID: such
 * a payment is the STK deposit's own to settle (its callback, then its query), never a Paybill credit or an unmatched
 * payment, whichever arrives first. Only a reference one of our pushes gave, for that push's amount, is left to it: a
 * payer who types a look-alike is settled like any Paybill payment (kept as unmatched), never lost (design.md §13.3).
 */
const STK_REFERENCE = /^JF[0-9A-Z]{10}$/;

/** An account number as compared between two deliveries of one receipt: blanks and letter case aside. */
const comparableAccount = (billRefNumber: string) => billRefNumber.trim().toUpperCase();

/**
 * What a repeat of a taken receipt says differently from the payment that took it (design.md §13.3): nothing for an
 * exact repeat. What the marker does not record (an STK receipt's account number) is not compared.
 */
export function receiptDifferences(claim: ReceiptClaim, payment: C2bPayment): ("amount" | "account" | "short-code")[] {
  const differences: ("amount" | "account" | "short-code")[] = [];
  if (claim.amountCents !== undefined && claim.amountCents !== payment.amountCents) differences.push("amount");
  if (
    claim.channel === "paybill" &&
    claim.billRefNumber !== undefined &&
    comparableAccount(claim.billRefNumber) !== comparableAccount(payment.billRefNumber)
  ) {
    differences.push("account");
  }
  if (claim.businessShortCode !== undefined && claim.businessShortCode.trim() !== payment.businessShortCode.trim()) {
    differences.push("short-code");
  }
  return differences;
}

/**
 * The id of a record kept apart from its receipt (a conflict, a mismatch with M-Pesa's record): the receipt, a letter
 * for the kind and a digest of what it said, so it never takes the key of the receipt's own payment (or marker), and
 * the same one found again is one record. At most 40 letters and digits (a receipt the door lets in is at most 30).
 */
function keptApartId(receipt: string, kind: "C" | "M", said: unknown[]): string {
  const digest = createHash("sha256").update(JSON.stringify(said)).digest("hex");
  return `${receipt}${kind}${digest.slice(0, 9).toUpperCase()}`;
}

export const receiptConflictId = (payment: C2bPayment) =>
  keptApartId(payment.transId, "C", [
    payment.amountCents,
    comparableAccount(payment.billRefNumber),
    payment.businessShortCode.trim(),
  ]);

/** Why M-Pesa's record contradicts a payment: it lists the receipt with another amount, or (in time) not at all. */
export type MpesaRecordMismatch = "amount" | "no-record";

/**
 * How M-Pesa's record (`record`, the payment it lists under the receipt, if any) contradicts a credit: another amount,
 * or no listing once MPESA_RECORD_GRACE_MS have passed since the credit; null when it agrees or may still come.
 */
export function mpesaRecordMismatch(
  record: { amountCents: number } | undefined,
  credit: { amountCents: number; createdAt: string },
  now: Date,
): MpesaRecordMismatch | null {
  if (record) return record.amountCents === credit.amountCents ? null : "amount";
  return now.getTime() - Date.parse(credit.createdAt) >= MPESA_RECORD_GRACE_MS ? "no-record" : null;
}

export const receiptMismatchId = (receipt: string, mismatch: MpesaRecordMismatch, amountCents: number) =>
  keptApartId(receipt, "M", [mismatch, amountCents]);

/** An unverified account's deposit room before `payment` (design.md §13.5); undefined once verified. */
const unverifiedRoomOf = (user: UserRecord, payment: C2bPayment) => depositRoomLeft(user, payment.amountCents);

/** The unmatched record of a confirmed payment, as its confirmation gave it. */
function unmatchedRecordOf(
  payment: C2bPayment,
  reason: UnmatchedPaymentRecord["reason"],
  at: string,
  userId?: string,
): UnmatchedPaymentRecord {
  return {
    transId: payment.transId,
    amountCents: payment.amountCents,
    billRefNumber: payment.billRefNumber,
    msisdn: payment.msisdn,
    transTime: payment.transTime,
    businessShortCode: payment.businessShortCode,
    transactionType: payment.transactionType,
    payerName: payment.payerName,
    status: "unmatched",
    reason,
    ...(userId ? { userId } : {}),
    receivedAt: at,
  };
}

export const PAYBILL_LINE_DESCRIPTION = "M-Pesa Paybill deposit";

/**
 * A confirmed Paybill payment, from the bus. The money has left the payer, so it is never refused here: it is
 * credited to the account its reference names, once per TransID, or kept as an unmatched payment. Every delivery
 * after the first (Daraja's duplicates, the bus's retries, replays) finds the TransID's receipt marker: an exact
 * repeat changes nothing; one with another amount, account number or business number credits nothing either, and
 * is counted (ReceiptConflict, alarmed) and kept for admins as a `receipt-conflict` (design.md §13.3).
 *
 * No payout number is recorded from a Paybill payment, unlike an STK deposit: only a payer's number in clear would
 * prove it, and Daraja hashes or masks the MSISDN of a C2B payment.
 */
export function createPaybillDeposits({
  payments,
  clock,
  newId,
  log,
  metrics,
  businessNumber,
  records,
}: PaybillDepositDeps) {
  /** M-Pesa's record of the Paybill's payments since `since` (at most 47 hours back), by normalised receipt. */
  async function mpesaRecords(since: Date) {
    const to = clock.now();
    const from = new Date(Math.max(since.getTime() - RECORD_LOOKBACK_MS, to.getTime() - PULL_REACH_MS));
    const { payments: listed } = await records.pullTransactions({ shortCode: businessNumber, from, to });
    return new Map(listed.map((record) => [normalizeMpesaReceipt(record.transId), record]));
  }

  /** When a payment was made, as M-Pesa stamped it; the time we learnt of it when the stamp is unreadable. */
  const paidAt = (transTime: string, fallback: string) => new Date(transTimeInstant(transTime) ?? fallback);

  /**
   * A payment M-Pesa's record contradicts (another amount, or none in time), kept for admins on the Unmatched tab as
   * a `receipt-mismatch` and counted once (ReceiptMismatch, alarmed, by reason). False when it was kept before.
   */
  async function recordMismatch(
    found: Omit<UnmatchedPaymentRecord, "transId" | "receipt" | "status" | "reason" | "receivedAt"> & {
      receipt: string;
      mismatch: MpesaRecordMismatch;
    },
  ): Promise<boolean> {
    const { receipt, mismatch, ...payment } = found;
    const kept = await payments.keepForAdmins({
      ...payment,
      transId: receiptMismatchId(receipt, mismatch, payment.amountCents),
      receipt,
      status: "unmatched",
      reason: "receipt-mismatch",
      receivedAt: clock.now().toISOString(),
    });
    if (kept) {
      metrics.count("ReceiptMismatch", mismatch);
      log("error", "A Paybill payment disagrees with M-Pesa's record: kept for admins", {
        transId: receipt,
        amountCents: payment.amountCents,
        mismatch,
        ...(payment.userId ? { userId: payment.userId } : {}),
      });
    }
    return kept;
  }

  /**
   * A confirmation above PAYBILL_CONFIRM_ABOVE_KES for an active account: credited when M-Pesa's record already shows
   * its receipt with its amount (the record is of our business number: the short code is confirmed too), refused
   * when the record gives the receipt another amount, and else held as a pending deposit until it does.
   */
  async function creditOnceConfirmed(payment: C2bPayment, user: UserRecord, at: string): Promise<PaybillSettlement> {
    const context = { transId: payment.transId, amountCents: payment.amountCents, userId: user.id };
    // A receipt taken already is a repeat (or a conflict), whatever M-Pesa's record says of it.
    if (await payments.receiptClaim(payment.transId)) return repeated(payment, at);
    let record: { amountCents: number } | undefined;
    try {
      record = (await mpesaRecords(paidAt(payment.transTime, at))).get(payment.transId);
    } catch (error) {
      // Held: the reconciliation runs ask again.
      log("warn", "M-Pesa's record could not be read for a Paybill payment above the limit; held", {
        ...context,
        error,
      });
    }
    if (record && record.amountCents !== payment.amountCents) {
      await recordMismatch({
        ...unmatchedRecordOf(payment, "receipt-mismatch", at, user.id),
        receipt: payment.transId,
        mismatch: "amount",
      });
      return "refused";
    }
    if (record) return credit(payment, user, at);
    const held: HeldPaybillDeposit = {
      transId: payment.transId,
      depositId: `paybill-${payment.transId}`,
      userId: user.id,
      lineId: newId(),
      amountCents: payment.amountCents,
      billRefNumber: payment.billRefNumber,
      businessShortCode: payment.businessShortCode,
      transTime: payment.transTime,
      createdAt: at,
    };
    await payments.hold(
      held,
      user,
      { ...depositLine(payment, user, at, held.lineId), status: "pending", reference: held.depositId },
      unverifiedRoomOf(user, payment),
    );
    log("info", "Paybill payment above the limit held until M-Pesa's record shows it", context);
    return "confirming";
  }

  /** The completed Paybill deposit line of a payment credited to `user`. */
  const depositLine = (payment: C2bPayment, user: UserRecord, at: string, id = newId()): LedgerLine => ({
    id,
    userId: user.id,
    type: "deposit",
    balance: "wallet",
    amountCents: payment.amountCents,
    status: "completed",
    description: PAYBILL_LINE_DESCRIPTION,
    reference: payment.transId,
    createdAt: at,
    mpesaTransactionId: payment.transId,
  });

  async function credit(payment: C2bPayment, user: UserRecord, at: string): Promise<PaybillSettlement> {
    const unverifiedRoomCents = unverifiedRoomOf(user, payment);
    await payments.credit({
      transId: payment.transId,
      user,
      line: depositLine(payment, user, at),
      at,
      billRefNumber: payment.billRefNumber,
      businessShortCode: payment.businessShortCode,
      ...(unverifiedRoomCents === undefined ? {} : { unverifiedRoomCents }),
    });
    log("info", "M-Pesa Paybill deposit credited", {
      transId: payment.transId,
      amountCents: payment.amountCents,
      userId: user.id,
    });
    metrics.depositCredited("paybill", centsToKes(payment.amountCents));
    return "credited";
  }

  /** A payment that would take an unverified account past its deposit limit: kept for an admin, nothing credited. */
  async function overLimit(payment: C2bPayment, user: UserRecord, at: string): Promise<PaybillSettlement> {
    await payments.recordUnmatched(unmatchedRecordOf(payment, "kyc-limit", at, user.id));
    log("warn", "Paybill payment past an unverified account's deposit limit kept as unmatched", {
      transId: payment.transId,
      amountCents: payment.amountCents,
      userId: user.id,
    });
    metrics.count("KycLimitPayments");
    return "unmatched";
  }

  /** A delivery whose receipt was taken before: nothing for an exact repeat, a kept conflict for anything else. */
  async function repeated(payment: C2bPayment, at: string): Promise<PaybillSettlement> {
    const context = { transId: payment.transId, amountCents: payment.amountCents };
    const claim = await payments.receiptClaim(payment.transId);
    const differences = claim ? receiptDifferences(claim, payment) : [];
    if (differences.length === 0) {
      log("info", "Paybill confirmation for a receipt already taken: nothing changed", context);
      return "duplicate";
    }
    const kept = await payments.keepForAdmins({
      ...unmatchedRecordOf(payment, "receipt-conflict", at),
      transId: receiptConflictId(payment),
      receipt: payment.transId,
    });
    // The same conflicting repeat delivered again is one conflict, counted once.
    if (kept) {
      metrics.count("ReceiptConflict");
      log("warn", "Paybill confirmation repeats a taken receipt with other details: nothing credited", {
        ...context,
        differences,
        businessShortCode: payment.businessShortCode,
      });
    }
    return "conflict";
  }

  return {
    async settle(payment: C2bPayment): Promise<PaybillSettlement> {
      const at = clock.now().toISOString();
      const context = { transId: payment.transId, amountCents: payment.amountCents };
      const reference = payment.billRefNumber.trim();
      if (STK_REFERENCE.test(reference)) {
        const deposit = await payments.stkDepositOf(reference);
        if (deposit && deposit.amountCents === payment.amountCents) {
          log("info", "Paybill confirmation of an STK payment: left to the STK deposit's own settlement", {
            ...context,
            checkoutRequestId: deposit.checkoutRequestId,
          });
          return "stk-payment";
        }
      }
      // What validation would have refused (C2B00013) is never credited unseen: a confirmation comes without one
      // wherever validation was skipped or unreachable, so its amount is checked here too.
      const outOfBounds = payment.amountCents < MIN_CENTS || payment.amountCents > MAX_CENTS;
      const account = !isMpesaReceipt(payment.transId)
        ? { missing: "invalid-receipt" as const }
        : businessNumber !== undefined && payment.businessShortCode.trim() !== businessNumber
          ? { missing: "other-short-code" as const }
          : outOfBounds
            ? { missing: "amount-out-of-bounds" as const }
            : await resolveAccount(payments, payment.billRefNumber);
      try {
        if ("missing" in account) {
          await payments.recordUnmatched(unmatchedRecordOf(payment, account.missing, at, account.userId));
          log("warn", "Paybill payment for no account kept as unmatched", {
            ...context,
            reason: account.missing,
            ...(account.missing === "other-short-code" ? { businessShortCode: payment.businessShortCode } : {}),
          });
          return "unmatched";
        }
        // Above the limit, a forged confirmation would be worth the trouble: M-Pesa's own record decides first.
        if (payment.amountCents > CONFIRM_ABOVE_CENTS) return await creditOnceConfirmed(payment, account.user, at);
        return await credit(payment, account.user, at);
      } catch (error) {
        if (error instanceof MoveRefusedError && error.reason === "duplicate-receipt") return repeated(payment, at);
        // An unverified account past its deposit limit takes nothing: the payment waits for an admin (§13.5).
        if (error instanceof MoveRefusedError && error.reason === "kyc-deposit-limit" && "user" in account) {
          return overLimit(payment, account.user, at);
        }
        throw error;
      }
    },

    recordMismatch,

    /**
     * The held payments (oldest first) against M-Pesa's record, read once for all of them: credited once it shows the
     * receipt with the amount; refused and kept for admins when it shows another amount, or still nothing after
     * MPESA_RECORD_GRACE_MS. Run by every reconciliation run. A failed read throws (the caller counts it); a failed
     * settlement is counted and logged, and the rest carry on.
     */
    async confirmHeld({ timeLeftMs }: { timeLeftMs: () => number }) {
      const summary = { held: 0, confirmed: 0, refused: 0, waiting: 0, errors: 0, stoppedEarly: false };
      const held = await payments.heldDeposits();
      summary.held = held.length;
      const first = held[0];
      if (!first) return summary;
      const since = Math.min(...held.map((h) => paidAt(h.transTime, h.createdAt).getTime()));
      const known = await mpesaRecords(new Date(Math.min(since, Date.parse(first.createdAt))));
      for (const payment of held) {
        if (timeLeftMs() <= 0) {
          summary.stoppedEarly = true;
          break;
        }
        const now = clock.now();
        const at = now.toISOString();
        const record = known.get(payment.transId);
        const mismatch = mpesaRecordMismatch(record, payment, now);
        try {
          if (record && !mismatch) {
            await payments.confirmHeld(payment, at);
            metrics.depositCredited("paybill", centsToKes(payment.amountCents));
            log("info", "Held Paybill payment confirmed by M-Pesa's record and credited", {
              transId: payment.transId,
              userId: payment.userId,
            });
            summary.confirmed++;
          } else if (mismatch) {
            await payments.refuseHeld(payment, at, MPESA_RECORD_REFUSALS[mismatch]);
            await recordMismatch({
              receipt: payment.transId,
              mismatch,
              amountCents: payment.amountCents,
              billRefNumber: payment.billRefNumber,
              msisdn: "",
              transTime: payment.transTime,
              businessShortCode: payment.businessShortCode,
              transactionType: "",
              payerName: "",
              userId: payment.userId,
            });
            summary.refused++;
          } else summary.waiting++;
        } catch (error) {
          // Settled meanwhile by another run: nothing to do.
          if (error instanceof MoveRefusedError && error.reason === "not-pending") continue;
          reconciliationError(
            { summary, metrics, log },
            {
              reason: "paybill-held",
              message: "A held Paybill payment could not be settled",
              details: { transId: payment.transId, error },
            },
          );
        }
      }
      return summary;
    },
  };
}

/** What the payer reads on a held payment M-Pesa's record contradicted (GET /mpesa/deposit/{id}'s resultDesc). */
const MPESA_RECORD_REFUSALS: Record<MpesaRecordMismatch, string> = {
  amount: "M-Pesa's record of this payment has another amount",
  "no-record": "M-Pesa has no record of this payment",
};

export type PaybillDeposits = ReturnType<typeof createPaybillDeposits>;
