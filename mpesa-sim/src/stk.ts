import { bodyOf, type DeliveryNote, deliverResult, type SimContext } from "./context.js";
import {
  invalidField,
  merchantDoesNotExist,
  subscriberLocked,
  transactionBeingProcessed,
  wrongCredentials,
} from "./errors.js";
import { ok, type Reply, type SimRequest } from "./http.js";
import { STK_RESULT_DESC, stkScenarioFor } from "./outcomes.js";
import { compactTimestamp, isValidCompactTimestamp } from "./time.js";
import {
  type Body,
  digitString,
  optionalText,
  requireMsisdn,
  requireShortcode,
  requireText,
  requireUrl,
  requireWholeAmount,
} from "./validation.js";

/**
 * M-Pesa Express (STK push) and its status query (mpesa.md §1.3–§1.5). A push is accepted at once; its outcome is
 * decided `callbackDelayMs` later by the phone number (outcomes.ts, or what the number was told to act as when the
 * push arrived: phone-behaviours.ts) and POSTed to CallBackURL. Until then the phone is "locked" (a second push is
 * refused) and the query answers "being processed".
 */
export type StkStatus = "processing" | "succeeded" | "failed";

export interface StkRecord {
  checkoutRequestId: string;
  merchantRequestId: string;
  businessShortCode: string;
  transactionType: string;
  phoneNumber: string;
  partyA: string;
  partyB: string;
  amount: number;
  accountReference: string;
  transactionDesc: string;
  callbackUrl: string;
  /** The special number whose outcome this payment gets, when the phone was told to act as one (§12.4). */
  behavesAs?: string;
  createdAt: string;
  decidesAt: string;
  status: StkStatus;
  resultCode?: number;
  resultDesc?: string;
  mpesaReceiptNumber?: string;
  /** `YYYYMMDDHHmmss` (Nairobi time) of a successful payment. */
  transactionDate?: string;
  /** When a successful payment completed (ISO 8601): Pull Transactions lists it from then. */
  completedAt?: string;
  /** M-PESA's own conversation for a payment, reported by Transaction Status. */
  conversationId?: string;
  delivery: DeliveryNote;
}

const TRANSACTION_TYPES = new Set(["CustomerPayBillOnline", "CustomerBuyGoodsOnline"]);

export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString("base64");
}

export function createStkApi(ctx: SimContext) {
  const { config, ids } = ctx;
  const records = new Map<string, StkRecord>();

  /**
   * The merchant checks shared by push and query, in daraja-local's order (mpesa.md §6): the Password is checked
   * before the shortcode, so a wrong passkey reads "Wrong credentials" even for an unknown shortcode.
   */
  function validateMerchant(body: Body): { shortcode: string; timestamp: string } {
    const shortcode = requireShortcode(body, "BusinessShortCode");
    const timestamp = digitString(body.Timestamp) ?? (typeof body.Timestamp === "string" ? body.Timestamp : "");
    if (typeof body.Password !== "string" || body.Password !== stkPassword(shortcode, config.passkey, timestamp)) {
      throw wrongCredentials();
    }
    if (shortcode !== config.stkShortcode) throw merchantDoesNotExist();
    if (!isValidCompactTimestamp(timestamp)) throw invalidField("Timestamp");
    return { shortcode, timestamp };
  }

  function push(req: SimRequest): Reply {
    const body = bodyOf(req);
    const { shortcode } = validateMerchant(body);
    const transactionType = requireText(body, "TransactionType");
    if (!TRANSACTION_TYPES.has(transactionType)) throw invalidField("TransactionType");
    const phoneNumber = requireMsisdn(body, "PhoneNumber");
    const partyA = requireMsisdn(body, "PartyA");
    const partyB = requireShortcode(body, "PartyB");
    const amount = requireWholeAmount(body);
    if (amount > config.stkMaxAmountKes) throw invalidField("Amount");
    const callbackUrl = requireUrl(body, "CallBackURL");
    const accountReference = requireText(body, "AccountReference", { max: 12 });
    const transactionDesc = optionalText(body, "TransactionDesc", 13);
    // One open prompt per phone: Daraja refuses a second session until the first one ends (mpesa.md §1.3).
    for (const open of records.values()) {
      if (open.status === "processing" && open.phoneNumber === phoneNumber) throw subscriberLocked();
    }

    const now = config.now();
    const behavesAs = ctx.phones.actsAs("stk", phoneNumber);
    const record: StkRecord = {
      checkoutRequestId: ids.checkoutRequestId(phoneNumber, now),
      merchantRequestId: ids.merchantRequestId(),
      businessShortCode: shortcode,
      transactionType,
      phoneNumber,
      partyA,
      partyB,
      amount,
      accountReference,
      transactionDesc,
      callbackUrl,
      ...(behavesAs === phoneNumber ? {} : { behavesAs }),
      createdAt: now.toISOString(),
      decidesAt: new Date(now.getTime() + config.callbackDelayMs).toISOString(),
      status: "processing",
      delivery: "pending",
    };
    records.set(record.checkoutRequestId, record);
    ctx.scheduler.after(config.callbackDelayMs, () => decide(record));

    const accepted = "Success. Request accepted for processing";
    return ok({
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResponseCode: "0",
      ResponseDescription: accepted,
      CustomerMessage: accepted,
    });
  }

  function decide(record: StkRecord): void {
    const scenario = stkScenarioFor(record.behavesAs ?? record.phoneNumber);
    // The simulated shortcode is a PayBill: a Till transaction, or a PayBill paying another shortcode, fails on
    // product assignment before the customer is ever prompted (mpesa.md §1.4, 2028).
    const wrongProduct =
      record.transactionType !== "CustomerPayBillOnline" || record.partyB !== record.businessShortCode;
    const resultCode = wrongProduct ? 2028 : scenario.resultCode;
    const decidedAt = config.now();
    record.resultCode = resultCode;
    record.resultDesc = STK_RESULT_DESC[resultCode] ?? "The service request failed.";
    record.status = resultCode === 0 ? "succeeded" : "failed";
    if (resultCode === 0) {
      record.mpesaReceiptNumber = ids.receipt(decidedAt);
      record.transactionDate = compactTimestamp(decidedAt);
      record.completedAt = decidedAt.toISOString();
      record.conversationId = ids.conversationId();
    }
    record.delivery = deliverResult(
      ctx,
      "stk",
      record.checkoutRequestId,
      record.callbackUrl,
      stkCallbackBody(record),
      scenario.deliveries,
    );
  }

  function query(req: SimRequest): Reply {
    const body = bodyOf(req);
    validateMerchant(body);
    const id = body.CheckoutRequestID;
    const record = typeof id === "string" ? records.get(id) : undefined;
    if (!record) throw invalidField("CheckoutRequestID");
    if (record.status === "processing") throw transactionBeingProcessed();
    return ok({
      ResponseCode: "0",
      // The live API's spelling, three "s" (mpesa.md §1.5); SDK test suites assert on it.
      ResponseDescription: "The service request has been accepted successsfully",
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      // A string here, although the callback carries a number (mpesa.md §1.5).
      ResultCode: String(record.resultCode),
      ResultDesc: record.resultDesc,
    });
  }

  return {
    push,
    query,
    list: (): StkRecord[] => [...records.values()],
    findByReceipt: (receipt: string) => [...records.values()].find((r) => r.mpesaReceiptNumber === receipt),
  };
}

export type StkApi = ReturnType<typeof createStkApi>;

/** The `Body.stkCallback` envelope (mpesa.md §1.4): metadata only on success, looked up by name, Balance valueless. */
export function stkCallbackBody(record: StkRecord) {
  const stkCallback = {
    MerchantRequestID: record.merchantRequestId,
    CheckoutRequestID: record.checkoutRequestId,
    ResultCode: record.resultCode,
    ResultDesc: record.resultDesc,
  };
  if (record.resultCode !== 0) return { Body: { stkCallback } };
  return {
    Body: {
      stkCallback: {
        ...stkCallback,
        CallbackMetadata: {
          Item: [
            { Name: "Amount", Value: record.amount },
            { Name: "MpesaReceiptNumber", Value: record.mpesaReceiptNumber },
            // Real traffic sends Balance without a Value (mpesa.md §1.4).
            { Name: "Balance" },
            { Name: "TransactionDate", Value: Number(record.transactionDate) },
            { Name: "PhoneNumber", Value: Number(record.phoneNumber) },
          ],
        },
      },
    },
  };
}
