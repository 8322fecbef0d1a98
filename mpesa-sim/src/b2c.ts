import { bodyOf, type DeliveryNote, deliverResult, type SimContext } from "./context.js";
import { duplicateOriginatorConversationId, invalidField } from "./errors.js";
import { ok, type Reply, type SimRequest } from "./http.js";
import {
  acknowledgement,
  INITIATOR_INVALID,
  initiatorIsValid,
  kes,
  type ResultParameter,
  resultEnvelope,
} from "./initiator.js";
import { B2C_RESULT_DESC, b2cScenarioFor, customerPublicName } from "./outcomes.js";
import { dottedDateTime } from "./time.js";
import {
  optionalText,
  requireMsisdn,
  requireShortcode,
  requireText,
  requireUrl,
  requireWholeAmount,
} from "./validation.js";

/**
 * B2C payouts (mpesa.md §1.6). The request is acknowledged at once; `callbackDelayMs` later the payout is decided —
 * operator, product, amount limits, the recipient's number (outcomes.ts, or what it was told to act as when the
 * payout arrived: phone-behaviours.ts), then the Utility balance — and the `Result` is POSTed to ResultURL. The B2C
 * accounts are kept so results carry realistic running balances.
 */
export type B2cStatus = "processing" | "succeeded" | "failed";

export interface B2cRecord {
  originatorConversationId: string;
  conversationId: string;
  apiVersion: "v1" | "v3";
  commandId: string;
  initiatorName: string;
  amount: number;
  partyA: string;
  partyB: string;
  remarks: string;
  occasion: string;
  resultUrl: string;
  queueTimeOutUrl: string;
  /** The special number whose outcome this payout gets, when the recipient was told to act as one (§12.4). */
  behavesAs?: string;
  createdAt: string;
  /** When M-PESA decides it; absent for a payout it never decides (outcomes.ts, `neverDecided`). */
  decidesAt?: string;
  status: B2cStatus;
  resultCode?: number;
  resultDesc?: string;
  transactionReceipt?: string;
  /** The result's TransactionID: the receipt when paid, a placeholder otherwise. */
  transactionId?: string;
  completedAt?: string;
  chargesKes?: number;
  delivery: DeliveryNote;
}

export interface B2cAccounts {
  utilityKes: number;
  workingKes: number;
  chargesPaidKes: number;
}

const COMMAND_IDS = new Set(["BusinessPayment", "SalaryPayment", "PromotionPayment"]);

/** The fee in the portal's own samples ("Fee For B2C Payment|KES|22.40"); the real tariff is tiered. */
export const B2C_CHARGE_CENTS = 2240;

/** The sandbox's ReferenceData on B2C results (mpesa.md §1.6). */
const QUEUE_REFERENCE = {
  Key: "QueueTimeoutURL",
  Value: "https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit",
};

export function createB2cApi(ctx: SimContext) {
  const { config, ids } = ctx;
  const records = new Map<string, B2cRecord>();
  // Integer cents, so balances after thousands of payouts are exact.
  const accounts = { utilityCents: Math.round(config.b2cUtilityBalanceKes * 100), workingCents: 0, chargesCents: 0 };

  function payment(apiVersion: "v1" | "v3", req: SimRequest): Reply {
    const body = bodyOf(req);
    // InitiatorName first: a body Daraja could not read (no JSON Content-Type) is reported as "Invalid
    // InitiatorName" (mpesa.md §2.5).
    const initiatorName = requireText(body, "InitiatorName");
    const securityCredential = requireText(body, "SecurityCredential");
    const commandId = requireText(body, "CommandID");
    if (!COMMAND_IDS.has(commandId)) throw invalidField("CommandID");
    const amount = requireWholeAmount(body);
    const partyA = requireShortcode(body, "PartyA");
    const partyB = requireMsisdn(body, "PartyB");
    const remarks = requireText(body, "Remarks", { min: 2, max: 100 });
    const queueTimeOutUrl = requireUrl(body, "QueueTimeOutURL");
    const resultUrl = requireUrl(body, "ResultURL");
    const occasion = optionalText(body, body.Occassion !== undefined ? "Occassion" : "Occasion", 100);
    const originatorConversationId = readOriginatorConversationId(apiVersion, body.OriginatorConversationID);

    const now = config.now();
    const behavesAs = ctx.phones.actsAs("b2c", partyB);
    const record: B2cRecord = {
      originatorConversationId,
      conversationId: ids.conversationId(),
      apiVersion,
      commandId,
      initiatorName,
      amount,
      partyA,
      partyB,
      remarks,
      occasion,
      resultUrl,
      queueTimeOutUrl,
      ...(behavesAs === partyB ? {} : { behavesAs }),
      createdAt: now.toISOString(),
      status: "processing",
      delivery: "pending",
    };
    records.set(originatorConversationId, record);
    const credentialOk = initiatorIsValid(config, initiatorName, securityCredential);
    // A payout M-PESA never decides stays processing, as a stuck one does (an initiator it refuses is still decided).
    if (credentialOk && b2cScenarioFor(behavesAs).neverDecided)
      return ok(acknowledgement(record.conversationId, originatorConversationId));
    record.decidesAt = new Date(now.getTime() + config.callbackDelayMs).toISOString();
    ctx.scheduler.after(config.callbackDelayMs, () => decide(record, credentialOk));
    return ok(acknowledgement(record.conversationId, originatorConversationId));
  }

  /** v3 requires the caller's own unique ID (the product's withdrawal ID); v1 lets Daraja make one up. */
  function readOriginatorConversationId(apiVersion: "v1" | "v3", value: unknown): string {
    if (value === undefined && apiVersion === "v1") return ids.originatorConversationId();
    if (typeof value !== "string" || value.trim() === "" || value.length > 100) {
      throw invalidField("OriginatorConversationID");
    }
    if (records.has(value)) throw duplicateOriginatorConversationId();
    return value;
  }

  function outcomeOf(record: B2cRecord, credentialOk: boolean): { resultCode: number; resultDesc: string } {
    const failure = (resultCode: number) => ({ resultCode, resultDesc: B2C_RESULT_DESC[resultCode] ?? "Failed." });
    if (!credentialOk) return INITIATOR_INVALID;
    if (record.partyA !== config.b2cShortcode) return failure(2028);
    if (record.amount < config.b2cMinAmountKes) return failure(2);
    if (record.amount > config.b2cMaxAmountKes) return failure(3);
    const forced = b2cScenarioFor(record.behavesAs ?? record.partyB).resultCode;
    if (forced !== undefined) return failure(forced);
    if (accounts.utilityCents < record.amount * 100) return failure(1);
    return failure(0);
  }

  function decide(record: B2cRecord, credentialOk: boolean): void {
    const decidedAt = config.now();
    const { resultCode, resultDesc } = outcomeOf(record, credentialOk);
    record.resultCode = resultCode;
    record.resultDesc = resultDesc;
    record.completedAt = decidedAt.toISOString();
    record.status = resultCode === 0 ? "succeeded" : "failed";
    let parameters: ResultParameter[] | undefined;
    if (resultCode === 0) {
      accounts.utilityCents -= record.amount * 100;
      accounts.chargesCents -= B2C_CHARGE_CENTS;
      record.chargesKes = kes(B2C_CHARGE_CENTS);
      record.transactionReceipt = ids.receipt(decidedAt);
      record.transactionId = record.transactionReceipt;
      parameters = [
        { Key: "TransactionAmount", Value: record.amount },
        { Key: "TransactionReceipt", Value: record.transactionReceipt },
        { Key: "B2CRecipientIsRegisteredCustomer", Value: "Y" },
        { Key: "B2CChargesPaidAccountAvailableFunds", Value: kes(accounts.chargesCents) },
        { Key: "ReceiverPartyPublicName", Value: customerPublicName(record.partyB) },
        { Key: "TransactionCompletedDateTime", Value: dottedDateTime(decidedAt) },
        { Key: "B2CUtilityAccountAvailableFunds", Value: kes(accounts.utilityCents) },
        { Key: "B2CWorkingAccountAvailableFunds", Value: kes(accounts.workingCents) },
      ];
    } else {
      record.transactionId = ids.placeholderTransactionId(decidedAt);
    }
    const result = resultEnvelope({
      resultCode,
      resultDesc,
      originatorConversationId: record.originatorConversationId,
      conversationId: record.conversationId,
      transactionId: record.transactionId,
      parameters,
      referenceItem: QUEUE_REFERENCE,
    });
    record.delivery = deliverResult(
      ctx,
      "b2c",
      record.conversationId,
      record.resultUrl,
      result,
      b2cScenarioFor(record.behavesAs ?? record.partyB).deliveries,
    );
  }

  return {
    paymentV1: (req: SimRequest) => payment("v1", req),
    paymentV3: (req: SimRequest) => payment("v3", req),
    list: (): B2cRecord[] => [...records.values()],
    /** By the caller's OriginatorConversationID or by Daraja's ConversationID. */
    findByConversation: (id: string) => records.get(id) ?? [...records.values()].find((r) => r.conversationId === id),
    findByReceipt: (receipt: string) => [...records.values()].find((r) => r.transactionReceipt === receipt),
    accounts: (): B2cAccounts => ({
      utilityKes: kes(accounts.utilityCents),
      workingKes: kes(accounts.workingCents),
      chargesPaidKes: kes(accounts.chargesCents),
    }),
    setUtilityBalance: (balanceKes: number) => {
      accounts.utilityCents = Math.round(balanceKes * 100);
    },
  };
}

export type B2cApi = ReturnType<typeof createB2cApi>;
