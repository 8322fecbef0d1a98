/**
 * Daraja's callback bodies, read leniently (numbers may arrive as strings, optional items may be missing) into the
 * few facts settlement needs. Anything that does not have the envelope's shape is refused as null. Result codes are
 * kept as text: "0" is success, and Daraja also uses codes such as "SFC_IC0003".
 */
import { createHash } from "node:crypto";
import { nairobiInstant, normalizeKenyanPhone, normalizeMpesaReceipt } from "@jengafund/shared";
import { isSealed, SETTLEMENT_KEYS } from "./settlement-keys.js";

export interface StkOutcome {
  checkoutRequestId: string;
  resultCode: string;
  resultDesc: string;
  amountKes?: number;
  receipt?: string;
}

export interface PayoutOutcome {
  /** Our withdrawal id. */
  originatorConversationId: string;
  /** Daraja's id of the payout, as it answered when it accepted the request. */
  conversationId?: string;
  resultCode: string;
  resultDesc: string;
  receipt?: string;
  amountKes?: number;
}

/** A Transaction Status answer about one of our payouts. Its result code describes the query, not the payout. */
export interface PayoutStatus {
  originatorConversationId: string;
  /** Daraja's id of the status query itself (returned when the query was accepted). */
  queryConversationId?: string;
  /** Daraja's id of the payout the answer is about, when it found it. */
  payoutConversationId?: string;
  /** The payout's amount as Daraja reports it. */
  amountKes?: number;
  queryResultCode: string;
  resultDesc: string;
  /** "Completed", "Failed", … as Daraja reports the payout itself; absent when the query itself failed. */
  transactionStatus?: string;
  receipt?: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const toNumber = (value: unknown) => (typeof value === "number" ? value : Number(String(value ?? "").trim()));
const toText = (value: unknown) => (value === undefined || value === null || value === "" ? undefined : String(value));

/** A result code as text, or undefined when there is none. Numbers and numeric strings read alike ("0" and 0). */
export function resultCodeOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  if (text === "") return undefined;
  return /^-?\d+$/.test(text) ? String(Number(text)) : text;
}

function itemsByName(list: unknown, nameKey: "Name" | "Key"): Map<string, unknown> {
  const entries = Array.isArray(list) ? list : isObject(list) ? [list] : [];
  return new Map(entries.filter(isObject).map((item) => [String(item[nameKey]), item.Value]));
}

export function parseStkCallback(body: unknown): StkOutcome | null {
  const callback = isObject(body) && isObject(body.Body) ? body.Body.stkCallback : undefined;
  if (!isObject(callback) || typeof callback.CheckoutRequestID !== "string") return null;
  const resultCode = resultCodeOf(callback.ResultCode);
  if (resultCode === undefined) return null;
  const metadata = isObject(callback.CallbackMetadata)
    ? itemsByName(callback.CallbackMetadata.Item, "Name")
    : new Map();
  const amount = metadata.has("Amount") ? toNumber(metadata.get("Amount")) : undefined;
  const receipt = toText(metadata.get("MpesaReceiptNumber"))?.toUpperCase();
  return {
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode,
    resultDesc: String(callback.ResultDesc ?? ""),
    ...(amount !== undefined && Number.isFinite(amount) ? { amountKes: amount } : {}),
    ...(receipt ? { receipt } : {}),
  };
}

/** B2C result or queue-timeout notice: `{ Result: { ResultCode, OriginatorConversationID, ResultParameters… } }`. */
export function parsePayoutResult(body: unknown): PayoutOutcome | null {
  const result = isObject(body) ? body.Result : undefined;
  if (!isObject(result) || typeof result.OriginatorConversationID !== "string") return null;
  const resultCode = resultCodeOf(result.ResultCode);
  if (resultCode === undefined) return null;
  const parameters = isObject(result.ResultParameters)
    ? itemsByName(result.ResultParameters.ResultParameter, "Key")
    : new Map<string, unknown>();
  const receipt =
    toText(parameters.get("TransactionReceipt")) ?? (resultCode === "0" ? toText(result.TransactionID) : undefined);
  const amount = parameters.has("TransactionAmount") ? toNumber(parameters.get("TransactionAmount")) : undefined;
  const conversationId = toText(result.ConversationID);
  return {
    originatorConversationId: result.OriginatorConversationID,
    ...(conversationId ? { conversationId } : {}),
    resultCode,
    resultDesc: String(result.ResultDesc ?? ""),
    ...(receipt ? { receipt } : {}),
    ...(amount !== undefined && Number.isFinite(amount) ? { amountKes: amount } : {}),
  };
}

/**
 * A Transaction Status result about one of our payouts. The payout is named by the result's
 * OriginatorConversationID parameter when Daraja found it, and by the Occasion we sent (echoed in ReferenceData)
 * when it did not.
 */
export function parseStatusResult(body: unknown): PayoutStatus | null {
  const result = isObject(body) ? body.Result : undefined;
  if (!isObject(result)) return null;
  const queryResultCode = resultCodeOf(result.ResultCode);
  if (queryResultCode === undefined) return null;
  const parameters = isObject(result.ResultParameters)
    ? itemsByName(result.ResultParameters.ResultParameter, "Key")
    : new Map<string, unknown>();
  const reference = isObject(result.ReferenceData) ? itemsByName(result.ReferenceData.ReferenceItem, "Key") : new Map();
  const payoutId = toText(parameters.get("OriginatorConversationID")) ?? toText(reference.get("Occasion"));
  if (!payoutId) return null;
  const transactionStatus = toText(parameters.get("TransactionStatus"));
  const receipt = toText(parameters.get("ReceiptNo"));
  const queryConversationId = toText(result.ConversationID);
  const payoutConversationId = toText(parameters.get("ConversationID"));
  const amount = parameters.has("Amount") ? toNumber(parameters.get("Amount")) : undefined;
  return {
    originatorConversationId: payoutId,
    ...(queryConversationId ? { queryConversationId } : {}),
    ...(payoutConversationId ? { payoutConversationId } : {}),
    ...(amount !== undefined && Number.isFinite(amount) ? { amountKes: amount } : {}),
    queryResultCode,
    resultDesc: String(result.ResultDesc ?? ""),
    ...(transactionStatus ? { transactionStatus } : {}),
    ...(receipt ? { receipt } : {}),
  };
}

/**
 * A Paybill payment as Daraja posts it to the validation and confirmation URLs (mpesa.md §9.A): flat fields, the
 * amount a decimal string ("5.00"), the payer's MSISDN hashed or masked (kept as given, never used as a key).
 */
export interface C2bPayment {
  /** M-Pesa's receipt of the payment. */
  transId: string;
  /** `YYYYMMDDHHmmss` as Daraja sent it; empty when it sent none. */
  transTime: string;
  amountCents: number;
  /** The account number the payer typed (empty for a Till). */
  billRefNumber: string;
  businessShortCode: string;
  transactionType: string;
  msisdn: string;
  payerName: string;
  invoiceNumber?: string;
  orgAccountBalance?: string;
  thirdPartyTransId?: string;
}

/**
 * What can be a key segment: letters and digits only. A receipt of this shape but not M-Pesa's (10 of them) is still
 * read, so settlement keeps the payment as unmatched (`invalid-receipt`) rather than losing it at the door.
 */
const RECEIPT = /^[A-Za-z0-9]{1,30}$/;

/**
 * A KES amount written as a decimal ("5", "5.00", "1234.5") → integer cents, exactly, without going through a float;
 * null for anything else (a sign, an exponent, a third decimal, blanks, nothing). A JSON number is read as its text.
 */
export function decimalKesToCents(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!match) return null;
  const [, shillings = "", cents = ""] = match;
  return Number(shillings) * 100 + Number(cents.padEnd(2, "0"));
}

const fieldText = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/**
 * The confirmation (and validation) body. Null without a receipt, or without a positive amount in cents: what
 * settlement cannot credit exactly is refused at the door and changes nothing.
 */
export function parseC2bPayment(body: unknown): C2bPayment | null {
  if (!isObject(body)) return null;
  // One receipt, one credit, whatever the letter case it is delivered in (design.md §13.3).
  const transId = normalizeMpesaReceipt(fieldText(body.TransID));
  const amountCents = decimalKesToCents(body.TransAmount);
  if (!RECEIPT.test(transId) || amountCents === null || amountCents <= 0) return null;
  const optional = (name: string, value: unknown) => {
    const text = toText(value);
    return text === undefined ? {} : { [name]: text };
  };
  return {
    transId,
    transTime: fieldText(body.TransTime),
    amountCents,
    billRefNumber: fieldText(body.BillRefNumber),
    businessShortCode: fieldText(body.BusinessShortCode),
    transactionType: fieldText(body.TransactionType),
    msisdn: fieldText(body.MSISDN),
    payerName: [body.FirstName, body.MiddleName, body.LastName].map(fieldText).filter(Boolean).join(" "),
    ...optional("invoiceNumber", body.InvoiceNumber),
    ...optional("orgAccountBalance", body.OrgAccountBalance),
    ...optional("thirdPartyTransId", body.ThirdPartyTransID),
  };
}

/** Daraja's TransTime, `YYYYMMDDHHmmss` on the Nairobi clock, as an ISO instant; null when it is not one. */
export function transTimeInstant(transTime: string): string | null {
  const parts = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(transTime);
  if (!parts) return null;
  const [, y, mo, d, h, mi, s] = parts;
  const instant = nairobiInstant(`${y}-${mo}-${d}T${h}:${mi}:${s}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** A Kenyan mobile number inside a callback's text or number: 2547…/2541…, +254…, 07…/01…. */
const PHONE_IN_CALLBACK = /(?<!\d)(?:\+?254|0)[17]\d{8}(?!\d)/g;

/** A number's SHA-256 in 2547… form, hex: how Daraja's C2B v2 hashes the MSISDN, so the two compare. */
export const hashMsisdn = (phone: string) =>
  createHash("sha256")
    .update(normalizeKenyanPhone(phone) ?? phone)
    .digest("hex");

/** Each leaf of a body replaced by what `change` makes of it, given the name of the field it is in. */
function mapLeaves(body: unknown, change: (value: unknown, field: string) => unknown, field = ""): unknown {
  if (Array.isArray(body)) return body.map((value) => mapLeaves(value, change));
  if (isObject(body)) {
    return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, mapLeaves(value, change, name)]));
  }
  return change(body, field);
}

/**
 * A callback body as the payments bus carries it, and so as its archive keeps it for a year: every phone number, as
 * a field (MSISDN, the STK PhoneNumber item) or inside a party's name ("254708374149 - JOHN DOE"), replaced by its
 * hash, which settlement never reads; the SETTLEMENT_KEYS, which it does, sealed (settlement-keys.ts).
 */
export function withHashedPhoneNumbers(body: unknown, seal: (value: string) => string): unknown {
  return mapLeaves(body, (value, field) => {
    if (SETTLEMENT_KEYS.has(field)) {
      return typeof value === "string" || typeof value === "number" ? seal(String(value)) : value;
    }
    if (typeof value === "string") return value.replace(PHONE_IN_CALLBACK, hashMsisdn);
    if (typeof value === "number" && Number.isSafeInteger(value)) {
      const text = String(value);
      return text.replace(PHONE_IN_CALLBACK, "") === "" ? hashMsisdn(text) : value;
    }
    return value;
  });
}

/** A body from the bus with its sealed SETTLEMENT_KEYS opened, for settlement (a value not sealed is kept as it is). */
export function withSettlementKeysOpened(body: unknown, open: (value: string) => string): unknown {
  return mapLeaves(body, (value, field) => (SETTLEMENT_KEYS.has(field) && isSealed(value) ? open(value) : value));
}

/** Whether a body from the bus holds a sealed settlement key (only then is the secret needed to read it). */
export function holdsSealedKeys(body: unknown): boolean {
  let found = false;
  mapLeaves(body, (value, field) => {
    if (SETTLEMENT_KEYS.has(field) && isSealed(value)) found = true;
    return value;
  });
  return found;
}
