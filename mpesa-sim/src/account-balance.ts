import type { B2cApi } from "./b2c.js";
import { bodyOf, type DeliveryNote, deliverResult, type SimContext } from "./context.js";
import { invalidField } from "./errors.js";
import { ok, type Reply, type SimRequest } from "./http.js";
import { acknowledgement, INITIATOR_INVALID, initiatorIsValid, resultEnvelope } from "./initiator.js";
import { compactTimestamp } from "./time.js";
import { digitString, optionalText, requireShortcode, requireText, requireUrl } from "./validation.js";

/**
 * Account Balance (mpesa.md §1.8): lets an admin pre-check the B2C Utility account before approving payouts.
 * Asynchronous like the other initiator APIs; the balance string is Daraja's `Account|KES|…&…` format.
 */
export interface BalanceQueryRecord {
  originatorConversationId: string;
  conversationId: string;
  partyA: string;
  resultUrl: string;
  createdAt: string;
  status: "processing" | "answered";
  resultCode?: number;
  delivery: DeliveryNote;
}

const money = (value: number) => value.toFixed(2);
const line = (account: string, available: number) => `${account}|KES|${money(available)}|${money(available)}|0.00|0.00`;

export function createAccountBalanceApi(ctx: SimContext, b2c: B2cApi) {
  const { config, ids } = ctx;
  const queries: BalanceQueryRecord[] = [];

  function query(req: SimRequest): Reply {
    const body = bodyOf(req);
    const initiator = requireText(body, "Initiator");
    const securityCredential = requireText(body, "SecurityCredential");
    if (body.CommandID !== "AccountBalance") throw invalidField("CommandID");
    const partyA = requireShortcode(body, "PartyA");
    if (digitString(body.IdentifierType) !== "4") throw invalidField("IdentifierType");
    const resultUrl = requireUrl(body, "ResultURL");
    requireUrl(body, "QueueTimeOutURL", body.QueueTimeOutURL ?? body.QueueTimeoutURL);
    optionalText(body, "Remarks", 100);

    const record: BalanceQueryRecord = {
      originatorConversationId: ids.originatorConversationId(),
      conversationId: ids.conversationId(),
      partyA,
      resultUrl,
      createdAt: config.now().toISOString(),
      status: "processing",
      delivery: "pending",
    };
    queries.push(record);
    const credentialOk = initiatorIsValid(config, initiator, securityCredential);
    ctx.scheduler.after(config.callbackDelayMs, () => answer(record, credentialOk));
    return ok(acknowledgement(record.conversationId, record.originatorConversationId));
  }

  function answer(record: BalanceQueryRecord, credentialOk: boolean): void {
    const now = config.now();
    // The operator belongs to the B2C organisation; asking about another shortcode fails like a wrong operator.
    const known = credentialOk && record.partyA === config.b2cShortcode;
    const { utilityKes, workingKes, chargesPaidKes } = b2c.accounts();
    const outcome = known
      ? {
          resultCode: 0,
          resultDesc: "The service request is processed successfully.",
          parameters: [
            {
              Key: "AccountBalance",
              Value: [
                line("Working Account", workingKes),
                line("Utility Account", utilityKes),
                line("Charges Paid Account", chargesPaidKes),
              ].join("&"),
            },
            { Key: "BOCompletedTime", Value: Number(compactTimestamp(now)) },
          ],
        }
      : INITIATOR_INVALID;
    record.status = "answered";
    record.resultCode = outcome.resultCode;
    const result = resultEnvelope({
      ...outcome,
      originatorConversationId: record.originatorConversationId,
      conversationId: record.conversationId,
      transactionId: ids.placeholderTransactionId(now),
      referenceItem: {
        Key: "QueueTimeoutURL",
        Value: "https://internalsandbox.safaricom.co.ke/mpesa/abresults/v1/submit",
      },
    });
    record.delivery = deliverResult(ctx, "account-balance", record.conversationId, record.resultUrl, result, 1);
  }

  return { query, list: (): BalanceQueryRecord[] => [...queries] };
}

export type AccountBalanceApi = ReturnType<typeof createAccountBalanceApi>;
