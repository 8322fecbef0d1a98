/**
 * Paybill (C2B) deposits (design.md §12.3): the numbers a customer pays with, Daraja's synchronous validation of a
 * payment, and the settlement of its confirmation, which credits once per TransID or keeps the payment as unmatched.
 */
import {
  C2B_RESULT_CODES,
  isMpesaReceipt,
  kesToCents,
  normalizeKenyanPhone,
  PAYBILL_MAX_KES,
  PAYBILL_MIN_KES,
  type PaybillDetails,
  type PaybillValidationAnswer,
} from "@jengafund/shared";
import type { Log } from "../lib/log.js";
import type { MetricsPort } from "../lib/metrics.js";
import { type C2bPayment, decimalKesToCents } from "../payments/callbacks.js";
import type {
  PaybillAccountReference,
  PaybillAccounts,
  PaybillRepository,
  UnmatchedPaymentRecord,
} from "../repositories/paybill-port.js";
import { type LedgerLine, MoveRefusedError, type UserRecord } from "../repositories/ports.js";
import type { CallbackDoor } from "./callbacks.js";

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
   * ("other-short-code") rather than credited: the money did not reach our Paybill. Unset, none is checked.
   */
  businessNumber?: string;
}

export type PaybillSettlement = "credited" | "unmatched" | "duplicate" | "stk-payment";

/**
 * The account reference an STK push gives its payment (services/deposits.ts). Where the STK short code is also the
 * Paybill, Daraja confirms an STK payment to the C2B URL too, with this reference and the STK receipt as TransID: such
 * a payment is the STK deposit's own to settle (its callback, then its query), never a Paybill credit or an unmatched
 * payment, whichever arrives first.
 */
const STK_REFERENCE = /^JF[0-9A-Z]{10}$/;

export const PAYBILL_LINE_DESCRIPTION = "M-Pesa Paybill deposit";

/**
 * A confirmed Paybill payment, from the bus. The money has left the payer, so it is never refused here: it is
 * credited to the account its reference names, once per TransID, or kept as an unmatched payment. Every delivery
 * after the first (Daraja's duplicates, the bus's retries, replays) finds the TransID's receipt marker and changes
 * nothing.
 *
 * No payout number is recorded from a Paybill payment, unlike an STK deposit: only a payer's number in clear would
 * prove it, and Daraja hashes or masks the MSISDN of a C2B payment.
 */
export function createPaybillDeposits({ payments, clock, newId, log, metrics, businessNumber }: PaybillDepositDeps) {
  return {
    async settle(payment: C2bPayment): Promise<PaybillSettlement> {
      const at = clock.now().toISOString();
      const context = { transId: payment.transId, amountCents: payment.amountCents };
      if (STK_REFERENCE.test(payment.billRefNumber.trim())) {
        log("info", "Paybill confirmation of an STK payment: left to the STK deposit's own settlement", context);
        return "stk-payment";
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
          await payments.recordUnmatched({
            transId: payment.transId,
            amountCents: payment.amountCents,
            billRefNumber: payment.billRefNumber,
            msisdn: payment.msisdn,
            transTime: payment.transTime,
            businessShortCode: payment.businessShortCode,
            transactionType: payment.transactionType,
            payerName: payment.payerName,
            status: "unmatched",
            reason: account.missing,
            ...(account.userId ? { userId: account.userId } : {}),
            receivedAt: at,
          });
          log("warn", "Paybill payment for no account kept as unmatched", {
            ...context,
            reason: account.missing,
            ...(account.missing === "other-short-code" ? { businessShortCode: payment.businessShortCode } : {}),
          });
          return "unmatched";
        }
        const line: LedgerLine = {
          id: newId(),
          userId: account.user.id,
          type: "deposit",
          balance: "wallet",
          amountCents: payment.amountCents,
          status: "completed",
          description: PAYBILL_LINE_DESCRIPTION,
          reference: payment.transId,
          createdAt: at,
          mpesaTransactionId: payment.transId,
        };
        await payments.credit({ transId: payment.transId, user: account.user, line, at });
        log("info", "M-Pesa Paybill deposit credited", { ...context, userId: account.user.id });
        metrics.count("DepositsCredited", "paybill");
        return "credited";
      } catch (error) {
        if (error instanceof MoveRefusedError && error.reason === "duplicate-receipt") {
          log("info", "Paybill confirmation for a receipt already taken: nothing changed", context);
          return "duplicate";
        }
        throw error;
      }
    },
  };
}
