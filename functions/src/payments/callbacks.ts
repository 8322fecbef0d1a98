/**
 * Daraja's callback bodies, read leniently (numbers may arrive as strings, optional items may be missing) into the
 * few facts settlement needs. Anything that does not have the envelope's shape is refused as null.
 */
export interface StkOutcome {
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  amountKes?: number;
  receipt?: string;
}

export interface PayoutOutcome {
  /** Our withdrawal id. */
  originatorConversationId: string;
  resultCode: number;
  resultDesc: string;
  receipt?: string;
  amountKes?: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const toNumber = (value: unknown) => (typeof value === "number" ? value : Number(String(value ?? "").trim()));
const toText = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

function itemsByName(list: unknown, nameKey: "Name" | "Key"): Map<string, unknown> {
  const entries = Array.isArray(list) ? list : isObject(list) ? [list] : [];
  return new Map(entries.filter(isObject).map((item) => [String(item[nameKey]), item.Value]));
}

export function parseStkCallback(body: unknown): StkOutcome | null {
  const callback = isObject(body) && isObject(body.Body) ? body.Body.stkCallback : undefined;
  if (!isObject(callback) || typeof callback.CheckoutRequestID !== "string") return null;
  const resultCode = toNumber(callback.ResultCode);
  if (!Number.isFinite(resultCode)) return null;
  const metadata = isObject(callback.CallbackMetadata)
    ? itemsByName(callback.CallbackMetadata.Item, "Name")
    : new Map();
  const amount = metadata.has("Amount") ? toNumber(metadata.get("Amount")) : undefined;
  return {
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode,
    resultDesc: String(callback.ResultDesc ?? ""),
    ...(amount !== undefined && Number.isFinite(amount) ? { amountKes: amount } : {}),
    ...(metadata.get("MpesaReceiptNumber") ? { receipt: String(metadata.get("MpesaReceiptNumber")) } : {}),
  };
}

/** B2C result or queue-timeout notice: `{ Result: { ResultCode, OriginatorConversationID, ResultParameters… } }`. */
export function parsePayoutResult(body: unknown): PayoutOutcome | null {
  const result = isObject(body) ? body.Result : undefined;
  if (!isObject(result) || typeof result.OriginatorConversationID !== "string") return null;
  const resultCode = toNumber(result.ResultCode);
  if (!Number.isFinite(resultCode)) return null;
  const parameters = isObject(result.ResultParameters)
    ? itemsByName(result.ResultParameters.ResultParameter, "Key")
    : new Map<string, unknown>();
  const receipt =
    toText(parameters.get("TransactionReceipt")) ?? (resultCode === 0 ? toText(result.TransactionID) : undefined);
  const amount = parameters.has("TransactionAmount") ? toNumber(parameters.get("TransactionAmount")) : undefined;
  return {
    originatorConversationId: result.OriginatorConversationID,
    resultCode,
    resultDesc: String(result.ResultDesc ?? ""),
    ...(receipt ? { receipt } : {}),
    ...(amount !== undefined && Number.isFinite(amount) ? { amountKes: amount } : {}),
  };
}

/**
 * A Transaction Status result about one of our payouts. The payout is named by the result's
 * OriginatorConversationID parameter when it completed, and by the Occasion we sent (echoed in ReferenceData)
 * when it did not.
 */
export function parseStatusResult(body: unknown): PayoutOutcome | null {
  const result = isObject(body) ? body.Result : undefined;
  if (!isObject(result)) return null;
  const resultCode = toNumber(result.ResultCode);
  if (!Number.isFinite(resultCode)) return null;
  const parameters = isObject(result.ResultParameters)
    ? itemsByName(result.ResultParameters.ResultParameter, "Key")
    : new Map<string, unknown>();
  const reference = isObject(result.ReferenceData) ? itemsByName(result.ReferenceData.ReferenceItem, "Key") : new Map();
  const payoutId = toText(parameters.get("OriginatorConversationID")) ?? toText(reference.get("Occasion"));
  if (!payoutId) return null;
  const completed = resultCode === 0 && String(parameters.get("TransactionStatus") ?? "Completed") === "Completed";
  const amount = parameters.has("Amount") ? toNumber(parameters.get("Amount")) : undefined;
  return {
    originatorConversationId: payoutId,
    resultCode: completed ? 0 : resultCode || 1,
    resultDesc: String(result.ResultDesc ?? ""),
    ...(toText(parameters.get("ReceiptNo")) ? { receipt: toText(parameters.get("ReceiptNo")) } : {}),
    ...(amount !== undefined && Number.isFinite(amount) ? { amountKes: amount } : {}),
  };
}
