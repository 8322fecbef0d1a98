/**
 * Daraja's callback bodies, read leniently (numbers may arrive as strings, optional items may be missing) into the
 * few facts settlement needs. Anything that does not have the envelope's shape is refused as null. Result codes are
 * kept as text: "0" is success, and Daraja also uses codes such as "SFC_IC0003".
 */
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
  const receipt = toText(metadata.get("MpesaReceiptNumber"));
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
