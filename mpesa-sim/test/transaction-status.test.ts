import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, item, startHarness, waitFor } from "./support/harness.js";
import type { DarajaResult } from "./support/payloads.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

let pathCounter = 0;
const nextPath = (kind: string) => `/hooks/daraja/${kind}/t${++pathCounter}`;

interface B2cView {
  originatorConversationId: string;
  conversationId: string;
  status: string;
  transactionReceipt?: string;
}

async function decidedPayout(originatorConversationId: unknown): Promise<B2cView> {
  return waitFor(async () => {
    const { body } = await h.client.inspect<{ b2c: B2cView[] }>("transactions");
    const found = body.b2c.find((r) => r.originatorConversationId === originatorConversationId);
    return found && found.status !== "processing" ? found : undefined;
  });
}

async function statusResult(query: Record<string, unknown>) {
  const path = nextPath("status");
  const ack = await h.client.transactionStatus({ ResultURL: h.receiver.url(path), ...query });
  expect(ack.status).toBe(200);
  expect(ack.body).toMatchObject({
    ResponseCode: "0",
    ResponseDescription: "Accept the service request successfully.",
  });
  const [result] = await h.receiver.waitForHits<DarajaResult>(path);
  if (!result) throw new Error("no result");
  return { ack: ack.body, result: result.Result };
}

describe("POST /mpesa/transactionstatus/v1/query", () => {
  it("finds a payout whose result was never delivered, by OriginalConversationID", async () => {
    const dropped = nextPath("b2c");
    const payout = await h.client.b2c({ PartyB: 254700009999, Amount: 2500, ResultURL: h.receiver.url(dropped) });
    const record = await decidedPayout(payout.body.OriginatorConversationID);
    expect(h.receiver.hitsFor(dropped)).toHaveLength(0);

    const { ack, result } = await statusResult({ OriginalConversationID: payout.body.OriginatorConversationID });
    expect(result).toMatchObject({
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: "The service request is processed successfully.",
      OriginatorConversationID: ack.OriginatorConversationID,
      ConversationID: ack.ConversationID,
    });
    const params = result.ResultParameters?.ResultParameter ?? [];
    expect(item(params, "ReceiptNo")?.Value).toBe(record.transactionReceipt);
    expect(item(params, "TransactionStatus")?.Value).toBe("Completed");
    expect(item(params, "Amount")?.Value).toBe(2500);
    expect(item(params, "OriginatorConversationID")?.Value).toBe(payout.body.OriginatorConversationID);
    expect(item(params, "ConversationID")?.Value).toBe(payout.body.ConversationID);
    expect(String(item(params, "FinalisedTime")?.Value)).toMatch(/^20\d{12}$/);
    expect(item(params, "DebitAccountType")?.Value).toBe("Utility Account");
    expect(item(params, "ReasonType")?.Value).toBe("Business Payment to Customer via API");
  });

  it("finds a paid payout by its receipt, tolerating the portal's 'Command ID' / 'Transaction ID' spellings", async () => {
    const paid = nextPath("b2c");
    const payout = await h.client.b2c({ ResultURL: h.receiver.url(paid) });
    const { transactionReceipt } = await decidedPayout(payout.body.OriginatorConversationID);
    const { result } = await statusResult({
      CommandID: undefined,
      TransactionID: undefined,
      QueueTimeOutURL: undefined,
      "Command ID": "TransactionStatusQuery",
      "Transaction ID": transactionReceipt,
      QueueTimeoutURL: "http://127.0.0.1:1/timeout",
    });
    expect(result.ResultCode).toBe(0);
    expect(item(result.ResultParameters?.ResultParameter ?? [], "ReceiptNo")?.Value).toBe(transactionReceipt);
  });

  it("reports a failed payout with that failure's ResultCode", async () => {
    const payout = await h.client.b2c({ PartyB: 254700002040, ResultURL: h.receiver.url(nextPath("b2c")) });
    await decidedPayout(payout.body.OriginatorConversationID);
    const { result } = await statusResult({ OriginalConversationID: payout.body.OriginatorConversationID });
    expect(result.ResultCode).toBe(2040);
    expect(result.ResultParameters).toBeUndefined();
  });

  it("waits for a payout still being processed before answering", async () => {
    await h.client.inspect("settings", "POST", { callbackDelayMs: 60 });
    const payout = await h.client.b2c({ ResultURL: h.receiver.url(nextPath("b2c")) });
    await h.client.inspect("settings", "POST", { callbackDelayMs: 5 });
    const { result } = await statusResult({ OriginalConversationID: payout.body.OriginatorConversationID });
    expect(result.ResultCode).toBe(0);
  });

  it("never answers about a payout M-PESA never decides (254700000408: a stuck payout), nor sends its result", async () => {
    const resultPath = nextPath("b2c");
    const payout = await h.client.b2c({ PartyB: 254700000408, ResultURL: h.receiver.url(resultPath) });
    expect(payout.status).toBe(200);
    const statusPath = nextPath("status");
    const ack = await h.client.transactionStatus({
      ResultURL: h.receiver.url(statusPath),
      OriginalConversationID: payout.body.OriginatorConversationID,
    });
    expect(ack.status).toBe(200);
    // A paid payout is decided and answered about within a few outcome delays (20 ms); this one, after 25 of them, is
    // still processing and nothing has come back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { body } = await h.client.inspect<{ b2c: B2cView[] }>("transactions");
    expect(body.b2c.find((r) => r.originatorConversationId === payout.body.OriginatorConversationID)?.status).toBe(
      "processing",
    );
    expect(h.receiver.hitsFor(resultPath)).toHaveLength(0);
    expect(h.receiver.hitsFor(statusPath)).toHaveLength(0);
  });

  it("finds a deposit whose STK callback was never delivered, by its receipt", async () => {
    const push = await h.client.stkPush({
      PhoneNumber: 254700009999,
      PartyA: 254700009999,
      CallBackURL: h.receiver.url(nextPath("stk")),
    });
    const receipt = await waitFor(async () => {
      const { body } = await h.client.inspect<{
        stk: Array<{ checkoutRequestId: string; mpesaReceiptNumber?: string }>;
      }>("transactions");
      return body.stk.find((r) => r.checkoutRequestId === push.body.CheckoutRequestID)?.mpesaReceiptNumber;
    });
    const { result } = await statusResult({ TransactionID: receipt, PartyA: 174379 });
    const params = result.ResultParameters?.ResultParameter ?? [];
    expect(result.ResultCode).toBe(0);
    expect(item(params, "ReceiptNo")?.Value).toBe(receipt);
    expect(item(params, "Amount")?.Value).toBe(500);
  });

  it("finds a Paybill (C2B) payment by its receipt, as Daraja answers for C2B, even when it was never confirmed", async () => {
    const confirmations = nextPath("c2b-confirmation");
    expect(
      (await h.client.registerC2bUrls({ ConfirmationURL: h.receiver.url(confirmations), ValidationURL: undefined }))
        .status,
    ).toBe(200);
    const paid = await h.client.c2bSimulate({ Amount: 15000, Msisdn: 254700009999, BillRefNumber: "0712345678" });
    expect(paid.status).toBe(200);
    const receipt = await waitFor(async () => {
      const { body } = await h.client.inspect<{
        c2b: Array<{ originatorConversationId: string; transId?: string; status: string }>;
      }>("transactions");
      const found = body.c2b.find((r) => r.originatorConversationId === paid.body.OriginatorCoversationID);
      return found?.status === "completed" ? found.transId : undefined;
    });
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
    const { result } = await statusResult({ TransactionID: receipt, PartyA: 600984 });
    const params = result.ResultParameters?.ResultParameter ?? [];
    expect(result.ResultCode).toBe(0);
    expect(item(params, "ReceiptNo")?.Value).toBe(receipt);
    expect(item(params, "Amount")?.Value).toBe(15000);
    expect(item(params, "TransactionStatus")?.Value).toBe("Completed");
    expect(String(item(params, "CreditPartyName")?.Value)).toMatch(/^600984 - /);
    // Its confirmation was never sent (this payer's behaviour): the status answers all the same.
    expect(h.receiver.hitsFor(confirmations)).toEqual([]);
  });

  it("answers an unknown receipt with ResultCode 2032", async () => {
    const { result } = await statusResult({ TransactionID: "TC10000XYZ" });
    expect(result).toMatchObject({ ResultCode: 2032, ResultDesc: "The transaction receipt number does not exist." });
    expect(result.ResultParameters).toBeUndefined();
  });

  it("answers a wrong initiator with ResultCode 2001", async () => {
    const { result } = await statusResult({ TransactionID: "TC10000XYZ", Initiator: "nobody" });
    expect(result.ResultCode).toBe(2001);
  });

  it("refuses a query with neither TransactionID nor OriginalConversationID, or a wrong CommandID", async () => {
    const none = await h.client.transactionStatus({ TransactionID: "" });
    expect(none.status).toBe(400);
    expect(none.body.errorMessage).toBe("Bad Request - Invalid TransactionID");
    const command = await h.client.transactionStatus({ TransactionID: "TC10000XYZ", CommandID: "Status" });
    expect(command.body.errorMessage).toBe("Bad Request - Invalid CommandID");
  });
});
