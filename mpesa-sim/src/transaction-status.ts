import type { B2cApi, B2cRecord } from "./b2c.js";
import { B2C_CHARGE_CENTS } from "./b2c.js";
import type { C2bApi, C2bRecord } from "./c2b.js";
import { bodyOf, type DeliveryNote, deliverResult, type SimContext } from "./context.js";
import { invalidField } from "./errors.js";
import { ok, type Reply, type SimRequest } from "./http.js";
import {
  acknowledgement,
  INITIATOR_INVALID,
  initiatorIsValid,
  kes,
  type ResultParameter,
  resultEnvelope,
} from "./initiator.js";
import { customerPublicName, UNKNOWN_TRANSACTION } from "./outcomes.js";
import type { StkApi, StkRecord } from "./stk.js";
import { compactTimestamp } from "./time.js";
import { type Body, digitString, optionalText, requireShortcode, requireText, requireUrl } from "./validation.js";

/**
 * Transaction Status (mpesa.md §1.7): the reconciliation path when a result never arrived. Looks a payment up by
 * its receipt (`TransactionID`) or, for a B2C, by `OriginalConversationID` (the caller's OriginatorConversationID
 * or Daraja's ConversationID), and answers asynchronously on ResultURL — also for payouts whose own result was
 * never delivered, which is the point.
 */
export interface StatusQueryRecord {
  originatorConversationId: string;
  conversationId: string;
  transactionId?: string;
  originalConversationId?: string;
  resultUrl: string;
  createdAt: string;
  status: "processing" | "answered";
  resultCode?: number;
  resultDesc?: string;
  delivery: DeliveryNote;
}

const IDENTIFIER_TYPES = new Set(["1", "2", "4"]);

const REASON_TYPES: Readonly<Record<string, string>> = {
  BusinessPayment: "Business Payment to Customer via API",
  SalaryPayment: "Salary Payment via API",
  PromotionPayment: "Promotion Payment via API",
};

/** The portal's sample writes some keys with spaces or other spellings (mpesa.md §1.7); read either. */
function either(body: Body, ...names: string[]): unknown {
  for (const name of names) if (body[name] !== undefined) return body[name];
  return undefined;
}

export function createTransactionStatusApi(ctx: SimContext, b2c: B2cApi, stk: StkApi, c2b: C2bApi) {
  const { config, ids } = ctx;
  const queries: StatusQueryRecord[] = [];

  function query(req: SimRequest): Reply {
    const body = bodyOf(req);
    const initiator = requireText(body, "Initiator");
    const securityCredential = requireText(body, "SecurityCredential");
    if (either(body, "CommandID", "Command ID") !== "TransactionStatusQuery") throw invalidField("CommandID");
    const rawTransactionId = either(body, "TransactionID", "Transaction ID");
    const rawConversationId = body.OriginalConversationID;
    // Either key identifies the payment; an empty TransactionID beside an OriginalConversationID is normal.
    const transactionId =
      typeof rawTransactionId === "string" && rawTransactionId !== "" ? rawTransactionId : undefined;
    const originalConversationId =
      typeof rawConversationId === "string" && rawConversationId.trim() !== "" ? rawConversationId : undefined;
    if (transactionId !== undefined && !/^[A-Za-z0-9]{1,20}$/.test(transactionId)) throw invalidField("TransactionID");
    if (transactionId === undefined && originalConversationId === undefined) throw invalidField("TransactionID");
    requireShortcode(body, "PartyA");
    const identifierType = digitString(body.IdentifierType);
    if (identifierType === undefined || !IDENTIFIER_TYPES.has(identifierType)) throw invalidField("IdentifierType");
    const resultUrl = requireUrl(body, "ResultURL");
    requireUrl(body, "QueueTimeOutURL", either(body, "QueueTimeOutURL", "QueueTimeoutURL"));
    optionalText(body, "Remarks", 100);
    const occasion = optionalText(body, "Occasion", 100);

    const record: StatusQueryRecord = {
      originatorConversationId:
        typeof body.OriginatorConversationID === "string" && body.OriginatorConversationID !== ""
          ? body.OriginatorConversationID
          : ids.originatorConversationId(),
      conversationId: ids.conversationId(),
      transactionId,
      originalConversationId,
      resultUrl,
      createdAt: config.now().toISOString(),
      status: "processing",
      delivery: "pending",
    };
    queries.push(record);
    const credentialOk = initiatorIsValid(config, initiator, securityCredential);
    ctx.scheduler.after(config.callbackDelayMs, () => answer(record, credentialOk, occasion));
    return ok(acknowledgement(record.conversationId, record.originatorConversationId));
  }

  function answer(record: StatusQueryRecord, credentialOk: boolean, occasion: string): void {
    const { transactionId, originalConversationId } = record;
    const payout =
      (transactionId ? b2c.findByReceipt(transactionId) : undefined) ??
      (originalConversationId ? b2c.findByConversation(originalConversationId) : undefined);
    const payment = transactionId ? stk.findByReceipt(transactionId) : undefined;
    const paybill = transactionId ? c2b.findByReceipt(transactionId) : undefined;
    // A payout still being processed has no status to report yet; answer once it is decided (never, for one stuck).
    if (credentialOk && payout?.status === "processing") {
      if (payout.decidesAt === undefined) return;
      const wait = Math.max(1, Date.parse(payout.decidesAt) - config.now().getTime() + 1);
      ctx.scheduler.after(wait, () => answer(record, credentialOk, occasion));
      return;
    }
    let outcome: { resultCode: number; resultDesc: string; parameters?: ResultParameter[] };
    if (!credentialOk) outcome = INITIATOR_INVALID;
    else if (payout?.status === "succeeded") outcome = { ...succeeded(), parameters: payoutParameters(payout) };
    else if (payout) outcome = { resultCode: payout.resultCode ?? 1, resultDesc: payout.resultDesc ?? "Failed." };
    else if (payment) outcome = { ...succeeded(), parameters: paymentParameters(payment) };
    else if (paybill) outcome = { ...succeeded(), parameters: paybillParameters(paybill) };
    else outcome = UNKNOWN_TRANSACTION;

    record.status = "answered";
    record.resultCode = outcome.resultCode;
    record.resultDesc = outcome.resultDesc;
    const result = resultEnvelope({
      ...outcome,
      originatorConversationId: record.originatorConversationId,
      conversationId: record.conversationId,
      transactionId: ids.placeholderTransactionId(config.now()),
      referenceItem: occasion ? { Key: "Occasion", Value: occasion } : { Key: "Occasion" },
    });
    record.delivery = deliverResult(ctx, "transaction-status", record.conversationId, record.resultUrl, result, 1);
  }

  function payoutParameters(payout: B2cRecord): ResultParameter[] {
    return [
      { Key: "DebitPartyName", Value: `${payout.partyA} - JengaFund Sim B2C` },
      { Key: "CreditPartyName", Value: customerPublicName(payout.partyB) },
      { Key: "OriginatorConversationID", Value: payout.originatorConversationId },
      { Key: "InitiatedTime", Value: Number(compactTimestamp(new Date(payout.createdAt))) },
      { Key: "DebitAccountType", Value: "Utility Account" },
      { Key: "DebitPartyCharges", Value: `Fee For B2C Payment|KES|${kes(B2C_CHARGE_CENTS).toFixed(2)}` },
      { Key: "TransactionReason" },
      { Key: "ReasonType", Value: REASON_TYPES[payout.commandId] ?? "Business Payment to Customer via API" },
      { Key: "TransactionStatus", Value: "Completed" },
      { Key: "FinalisedTime", Value: Number(compactTimestamp(new Date(payout.completedAt ?? payout.createdAt))) },
      { Key: "Amount", Value: payout.amount },
      { Key: "ConversationID", Value: payout.conversationId },
      { Key: "ReceiptNo", Value: payout.transactionReceipt ?? "" },
    ];
  }

  function paymentParameters(payment: StkRecord): ResultParameter[] {
    return [
      { Key: "DebitPartyName", Value: customerPublicName(payment.phoneNumber) },
      { Key: "CreditPartyName", Value: `${payment.businessShortCode} - JengaFund Sim PayBill` },
      { Key: "OriginatorConversationID", Value: payment.merchantRequestId },
      { Key: "InitiatedTime", Value: Number(compactTimestamp(new Date(payment.createdAt))) },
      { Key: "CreditPartyCharges" },
      { Key: "DebitAccountType", Value: "MMF Account For Customer" },
      { Key: "TransactionReason" },
      { Key: "ReasonType", Value: "Pay Bill Online" },
      { Key: "TransactionStatus", Value: "Completed" },
      { Key: "FinalisedTime", Value: Number(payment.transactionDate) },
      { Key: "Amount", Value: payment.amount },
      { Key: "ConversationID", Value: payment.conversationId ?? "" },
      { Key: "ReceiptNo", Value: payment.mpesaReceiptNumber ?? "" },
    ];
  }

  /** A completed C2B payment (a bounced one never moved money, so M-PESA does not know its receipt). */
  function paybillParameters(payment: C2bRecord): ResultParameter[] {
    return [
      { Key: "DebitPartyName", Value: customerPublicName(payment.msisdn) },
      { Key: "CreditPartyName", Value: `${payment.shortCode} - JengaFund Sim PayBill` },
      { Key: "OriginatorConversationID", Value: payment.originatorConversationId },
      { Key: "InitiatedTime", Value: Number(payment.transTime) },
      { Key: "CreditPartyCharges" },
      { Key: "DebitAccountType", Value: "MMF Account For Customer" },
      { Key: "TransactionReason" },
      { Key: "ReasonType", Value: payment.transactionType },
      { Key: "TransactionStatus", Value: "Completed" },
      { Key: "FinalisedTime", Value: Number(payment.transTime) },
      { Key: "Amount", Value: payment.amount },
      { Key: "ConversationID", Value: "" },
      { Key: "ReceiptNo", Value: payment.transId ?? "" },
    ];
  }

  return { query, list: (): StatusQueryRecord[] => [...queries] };
}

function succeeded() {
  return { resultCode: 0, resultDesc: "The service request is processed successfully." };
}

export type TransactionStatusApi = ReturnType<typeof createTransactionStatusApi>;
