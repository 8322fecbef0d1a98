import { createHash } from "node:crypto";
import type { CallbackRecord } from "./callbacks.js";
import type { C2bApiVersion, C2bMsisdnFormat } from "./config.js";
import { bodyOf, type DeliveryNote, deliverResult, type SimContext } from "./context.js";
import { invalidField, noApiProductMatch, urlHasWord, urlsAlreadyRegistered } from "./errors.js";
import { ok, type Reply, type SimRequest } from "./http.js";
import { c2bScenarioFor, customerName } from "./outcomes.js";
import { compactTimestamp } from "./time.js";
import {
  type Body,
  blockedUrlWord,
  optionalText,
  requireMsisdn,
  requireShortcode,
  requireText,
  requireUrl,
  requireWholeAmount,
} from "./validation.js";

/**
 * Customer to Business (Paybill and Till) as Daraja runs it (mpesa.md §9.A, design.md §12.3). A short code registers
 * its ConfirmationURL and ValidationURL with a ResponseType; the sandbox's simulate call stands in for a customer
 * paying from the M-PESA menu. `callbackDelayMs` later M-PESA gives the payment its receipt (TransID) and, when a
 * ValidationURL is registered and external validation is on, POSTs the validation request and waits for the answer:
 * "0" lets the payment through, any other code (C2B00011…C2B00016) bounces it, and no answer (unreachable, an error
 * status, an unreadable body, or nothing within `c2bValidationTimeoutMs`) is settled by the ResponseType —
 * "Completed" completes the payment, "Cancelled" bounces it. A completed payment is credited to the short code and its
 * confirmation POSTed to the ConfirmationURL, as many times as the payer's number says (outcomes.ts); a payment to a
 * short code with no URLs registered completes with no POST at all. Every payment is recorded: Pull Transactions
 * (pull-transactions.ts) finds the completed ones whether or not a confirmation was delivered.
 */
export type ResponseType = "Completed" | "Cancelled";

export interface C2bRegistration {
  shortCode: string;
  responseType: ResponseType;
  confirmationUrl: string;
  /** Absent when none was registered: M-PESA then never asks. */
  validationUrl?: string;
  /** The path it was registered through. */
  apiVersion: C2bApiVersion;
  registeredAt: string;
}

export type C2bStatus = "processing" | "validating" | "completed" | "cancelled";

/** What became of the validation step, on the payment's record. */
export type ValidationNote =
  | "pending"
  | "not called: no URLs registered"
  | "not called: no ValidationURL registered"
  | "not called: external validation is not enabled"
  | "unreachable by scenario"
  | "accepted"
  | `rejected: ${string}`
  | `no answer: ${string}`;

export type C2bDelivery = DeliveryNote | "not sent: no URLs registered" | "not sent: the payment was cancelled";

export interface C2bRecord {
  originatorConversationId: string;
  /** The simulate path's version. */
  apiVersion: C2bApiVersion;
  shortCode: string;
  commandId: string;
  /** `TransactionType` of the payloads: "Pay Bill" or "Buy Goods". */
  transactionType: string;
  amount: number;
  msisdn: string;
  billRefNumber: string;
  /** The special number whose behaviour this payment gets, when the payer's number was told to act as one (§12.4). */
  behavesAs?: string;
  /** The short code's registration when the payment was accepted (a later registration does not change it). */
  registration?: C2bRegistration;
  createdAt: string;
  decidesAt: string;
  status: C2bStatus;
  /** The M-PESA receipt, given when M-PESA takes the payment (the validation request already carries it). */
  transId?: string;
  /** `YYYYMMDDHHmmss`, Nairobi time. */
  transTime?: string;
  validation: ValidationNote;
  /** The validation answer's ResultCode, when one was read. */
  validationResultCode?: string;
  thirdPartyTransId: string;
  /** The short code's Utility balance after this payment, as the confirmation reports it. */
  orgAccountBalance?: string;
  completedAt?: string;
  /** Why a cancelled payment bounced. */
  cancelledBecause?: string;
  delivery: C2bDelivery;
}

/** The JSON POSTed to the ValidationURL and the ConfirmationURL (mpesa.md §9.A B.3), all strings. */
export interface C2bPayload {
  TransactionType: string;
  TransID: string;
  TransTime: string;
  TransAmount: string;
  BusinessShortCode: string;
  BillRefNumber: string;
  InvoiceNumber: string;
  OrgAccountBalance: string;
  ThirdPartyTransID: string;
  MSISDN: string;
  FirstName: string;
  MiddleName: string;
  LastName: string;
}

type ValidationAnswer =
  | { kind: "accepted"; thirdPartyTransId: string }
  | { kind: "rejected"; resultCode: string }
  | { kind: "none"; why: string };

const TRANSACTION_TYPES: Readonly<Record<string, string>> = {
  CustomerPayBillOnline: "Pay Bill",
  CustomerBuyGoodsOnline: "Buy Goods",
};

const RESPONSE_TYPES: readonly string[] = ["Completed", "Cancelled"];

/** The sandbox's answer when a C2B registration names the M-Pesa Express test short code (mpesa.md §9.A B.2, B.8 #8). */
const URL_VAULT_FAULT =
  '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault>' +
  "<faultcode>soapenv:Server</faultcode><faultstring>Execution of ServiceCallout SCO-AddURLVault failed. Reason: " +
  "ResponseCode 409 is treated as error</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

/** The payer's number as the payloads carry it (mpesa.md §9.A B.3, B.8 #5). */
export function payloadMsisdn(msisdn: string, format: C2bMsisdnFormat): string {
  if (format === "plain") return msisdn;
  if (format === "masked") return `${msisdn.slice(0, 4)} ***** ${msisdn.slice(-3)}`;
  return createHash("sha256").update(msisdn).digest("hex");
}

/** Whole shillings to Daraja's decimal string ("500.00"). */
const decimal = (cents: number) => (cents / 100).toFixed(2);

export function createC2bApi(ctx: SimContext) {
  const { config, ids } = ctx;
  const registrations = new Map<string, C2bRegistration>();
  const records: C2bRecord[] = [];
  /** Each short code's Utility account, in cents: what customers paid in. */
  const balances = new Map<string, number>();

  /** The app's API product is one version; the other version's paths are refused (mpesa.md §9.A B.1). */
  function requireProduct(version: C2bApiVersion): void {
    if (config.c2bApiVersion !== undefined && config.c2bApiVersion !== version) throw noApiProductMatch();
  }

  function readUrl(body: Body, field: string): string {
    const value = requireUrl(body, field);
    if (config.c2bEnvironment === "production") {
      const url = new URL(value);
      if (url.protocol !== "https:" || LOCAL_HOSTS.has(url.hostname)) throw invalidField(field);
    }
    return value;
  }

  function register(version: C2bApiVersion, req: SimRequest): Reply {
    requireProduct(version);
    const body = bodyOf(req);
    const shortCode = requireShortcode(body, "ShortCode");
    // Exactly these two words, sentence case (mpesa.md §9.A B.2).
    if (typeof body.ResponseType !== "string" || !RESPONSE_TYPES.includes(body.ResponseType)) {
      throw invalidField("ResponseType");
    }
    const responseType = body.ResponseType as ResponseType;
    const confirmationUrl = readUrl(body, "ConfirmationURL");
    const validationUrl =
      body.ValidationURL === undefined || body.ValidationURL === null || body.ValidationURL === ""
        ? undefined
        : readUrl(body, "ValidationURL");
    // The keyword filter, the ValidationURL first as in the observed refusal (mpesa.md §9.A B.8 #1).
    for (const [field, url] of [
      ["ValidationURL", validationUrl],
      ["ConfirmationURL", confirmationUrl],
    ] as const) {
      const word = url === undefined ? undefined : blockedUrlWord(url);
      if (word) throw urlHasWord(field, word);
    }
    if (shortCode === config.stkShortcode) {
      return { status: 500, body: URL_VAULT_FAULT, contentType: "text/xml; charset=utf-8" };
    }
    // The sandbox overwrites freely; production registers once (mpesa.md §9.A B.2, B.8 #3).
    if (config.c2bEnvironment === "production" && registrations.has(shortCode)) throw urlsAlreadyRegistered();
    registrations.set(shortCode, {
      shortCode,
      responseType,
      confirmationUrl,
      ...(validationUrl === undefined ? {} : { validationUrl }),
      apiVersion: version,
      registeredAt: config.now().toISOString(),
    });
    return ok({
      OriginatorCoversationID: ids.c2bOriginatorConversationId(version),
      ResponseCode: "0",
      // Each version's documented sample words it so.
      ResponseDescription: version === "v2" ? "Success" : "success",
    });
  }

  function simulate(version: C2bApiVersion, req: SimRequest): Reply {
    requireProduct(version);
    const body = bodyOf(req);
    const shortCode = requireShortcode(body, "ShortCode");
    const commandId = requireText(body, "CommandID");
    const transactionType = TRANSACTION_TYPES[commandId];
    if (transactionType === undefined) throw invalidField("CommandID");
    const amount = requireWholeAmount(body);
    if (amount > config.c2bMaxAmountKes) throw invalidField("Amount");
    const msisdn = requireMsisdn(body, "Msisdn");
    // A Paybill payment always carries the account the customer typed; a Till payment has none (§9.A B.3, B.6).
    const billRefNumber =
      commandId === "CustomerPayBillOnline"
        ? requireText(body, "BillRefNumber", { max: 20 })
        : optionalText(body, "BillRefNumber", 20);

    const now = config.now();
    const behavesAs = ctx.phones.actsAs("c2b", msisdn);
    const registration = registrations.get(shortCode);
    const record: C2bRecord = {
      originatorConversationId: ids.c2bOriginatorConversationId(version),
      apiVersion: version,
      shortCode,
      commandId,
      transactionType,
      amount,
      msisdn,
      billRefNumber,
      ...(behavesAs === msisdn ? {} : { behavesAs }),
      ...(registration ? { registration: { ...registration } } : {}),
      createdAt: now.toISOString(),
      decidesAt: new Date(now.getTime() + config.callbackDelayMs).toISOString(),
      status: "processing",
      validation: "pending",
      thirdPartyTransId: "",
      delivery: "pending",
    };
    records.push(record);
    ctx.scheduler.after(config.callbackDelayMs, () => {
      takePayment(record).catch((error: unknown) => console.error("[mpesa-sim] C2B payment failed", error));
    });
    return ok({
      OriginatorCoversationID: record.originatorConversationId,
      ResponseCode: "0",
      ResponseDescription: "Accept the service request successfully.",
    });
  }

  async function takePayment(record: C2bRecord): Promise<void> {
    const takenAt = config.now();
    const transId = ids.receipt(takenAt);
    record.transId = transId;
    record.transTime = compactTimestamp(takenAt);
    const scenario = c2bScenarioFor(record.behavesAs ?? record.msisdn);
    const registration = record.registration;
    if (!registration) {
      // No URLs: M-PESA completes the payment and tells nobody (mpesa.md §9.A B.5).
      record.validation = "not called: no URLs registered";
      complete(record);
      record.delivery = "not sent: no URLs registered";
      return;
    }

    let proceed = true;
    if (registration.validationUrl === undefined) record.validation = "not called: no ValidationURL registered";
    else if (!config.c2bExternalValidation) record.validation = "not called: external validation is not enabled";
    else {
      const answer = scenario.validationUnreachable
        ? ({ kind: "none", why: "unreachable by scenario" } as const)
        : await validate(record, registration.validationUrl);
      if (answer.kind === "accepted") {
        record.validation = "accepted";
        record.validationResultCode = "0";
        record.thirdPartyTransId = answer.thirdPartyTransId;
      } else if (answer.kind === "rejected") {
        record.validation = `rejected: ${answer.resultCode}`;
        record.validationResultCode = answer.resultCode;
        record.cancelledBecause = `the validation answered ResultCode ${answer.resultCode}`;
        proceed = false;
      } else {
        record.validation = answer.why === "unreachable by scenario" ? answer.why : `no answer: ${answer.why}`;
        if (registration.responseType === "Cancelled") {
          record.cancelledBecause = 'the validation went unanswered and the ResponseType is "Cancelled"';
          proceed = false;
        }
      }
    }
    if (!proceed) {
      record.status = "cancelled";
      record.delivery = "not sent: the payment was cancelled";
      return;
    }
    complete(record);
    record.delivery = deliverResult(
      ctx,
      "c2b-confirmation",
      transId,
      registration.confirmationUrl,
      payloadOf(record, "confirmation"),
      scenario.deliveries,
    );
  }

  async function validate(record: C2bRecord, url: string): Promise<ValidationAnswer> {
    record.status = "validating";
    const sent = await ctx.callbacks.send(
      "c2b-validation",
      record.transId ?? "",
      1,
      url,
      payloadOf(record, "validation"),
      config.c2bValidationTimeoutMs,
    );
    return readValidationAnswer(sent);
  }

  function complete(record: C2bRecord): void {
    const balance = (balances.get(record.shortCode) ?? 0) + record.amount * 100;
    balances.set(record.shortCode, balance);
    record.orgAccountBalance = decimal(balance);
    record.status = "completed";
    record.completedAt = config.now().toISOString();
  }

  function payloadOf(record: C2bRecord, stage: "validation" | "confirmation"): C2bPayload {
    const [first = "", ...rest] = customerName(record.msisdn).split(" ");
    return {
      TransactionType: record.transactionType,
      TransID: record.transId ?? "",
      TransTime: record.transTime ?? "",
      TransAmount: decimal(record.amount * 100),
      BusinessShortCode: record.shortCode,
      BillRefNumber: record.billRefNumber,
      InvoiceNumber: "",
      // Blank on validation, the new Utility balance on confirmation (mpesa.md §9.A B.3).
      OrgAccountBalance: stage === "confirmation" ? (record.orgAccountBalance ?? "") : "",
      ThirdPartyTransID: stage === "confirmation" ? record.thirdPartyTransId : "",
      MSISDN: payloadMsisdn(record.msisdn, config.c2bMsisdnFormat),
      FirstName: first,
      MiddleName: rest.length > 1 ? rest.slice(0, -1).join(" ") : "",
      LastName: rest.at(-1) ?? "",
    };
  }

  return {
    registerV1: (req: SimRequest) => register("v1", req),
    registerV2: (req: SimRequest) => register("v2", req),
    simulateV1: (req: SimRequest) => simulate("v1", req),
    simulateV2: (req: SimRequest) => simulate("v2", req),
    list: (): C2bRecord[] => [...records],
    /** A completed payment by its TransID. */
    findByReceipt: (receipt: string) => records.find((r) => r.transId === receipt && r.status === "completed"),
    registrations: (): C2bRegistration[] => [...registrations.values()],
  };
}

export type C2bApi = ReturnType<typeof createC2bApi>;

/**
 * The validation answer as M-PESA reads it (mpesa.md §9.A B.4): ResultCode "0" (or 0) accepts, any other code
 * rejects; a failed delivery or a body without a ResultCode is no answer at all.
 */
function readValidationAnswer(sent: CallbackRecord): ValidationAnswer {
  if (sent.error !== undefined) return { kind: "none", why: sent.error };
  let answer: unknown;
  try {
    answer = JSON.parse(sent.responseBody ?? "");
  } catch {
    return { kind: "none", why: "the answer is not JSON" };
  }
  const fields = typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>) : {};
  const code = fields.ResultCode;
  if ((typeof code !== "string" && typeof code !== "number") || String(code).trim() === "") {
    return { kind: "none", why: "the answer has no ResultCode" };
  }
  if (String(code) === "0") {
    const third = fields.ThirdPartyTransID;
    return { kind: "accepted", thirdPartyTransId: typeof third === "string" ? third : "" };
  }
  return { kind: "rejected", resultCode: String(code) };
}
