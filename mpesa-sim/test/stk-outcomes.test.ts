import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiptPrefix } from "../src/ids.js";
import { type Harness, item, sleep, startHarness, waitFor } from "./support/harness.js";
import type { StkCallback } from "./support/payloads.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ callbackDelayMs: 20 });
});
afterEach(() => h.close());

let pathCounter = 0;
/** A fresh callback path per push, so each test reads only its own callbacks. */
async function push(phone: number, overrides: Record<string, unknown> = {}) {
  const path = `/hooks/daraja/stk/t${++pathCounter}`;
  const response = await h.client.stkPush({
    PhoneNumber: phone,
    PartyA: phone,
    CallBackURL: h.receiver.url(path),
    ...overrides,
  });
  expect(response.status).toBe(200);
  return { path, checkoutRequestId: String(response.body.CheckoutRequestID), response: response.body };
}

async function decided(checkoutRequestId: string) {
  return waitFor(async () => {
    const { body } = await h.client.inspect<{ stk: Array<{ checkoutRequestId: string; status: string }> }>(
      "transactions",
    );
    const record = body.stk.find((r) => r.checkoutRequestId === checkoutRequestId);
    return record && record.status !== "processing" ? record : undefined;
  });
}

describe("STK callbacks by phone number (design.md §7)", () => {
  it("pays any other valid number: ResultCode 0 with metadata looked up by name", async () => {
    const { path, checkoutRequestId, response } = await push(254708374149, { Amount: 750 });
    const [callback] = await h.receiver.waitForHits<StkCallback>(path);
    const stk = callback?.Body.stkCallback;
    expect(stk).toMatchObject({
      MerchantRequestID: response.MerchantRequestID,
      CheckoutRequestID: checkoutRequestId,
      ResultCode: 0,
      ResultDesc: "The service request is processed successfully.",
    });
    const items = stk?.CallbackMetadata?.Item ?? [];
    expect(items.map((i) => i.Name)).toEqual([
      "Amount",
      "MpesaReceiptNumber",
      "Balance",
      "TransactionDate",
      "PhoneNumber",
    ]);
    expect(item(items, "Amount")?.Value).toBe(750);
    const receipt = String(item(items, "MpesaReceiptNumber")?.Value);
    expect(receipt).toMatch(/^[A-Z]{2}[0-9A-Z]{8}$/);
    expect(receipt.slice(0, 2)).toBe(receiptPrefix(new Date()));
    expect(item(items, "Balance")).toEqual({ Name: "Balance" });
    expect(item(items, "TransactionDate")?.Value).toEqual(expect.any(Number));
    expect(String(item(items, "TransactionDate")?.Value)).toMatch(/^20\d{12}$/);
    expect(item(items, "PhoneNumber")?.Value).toBe(254708374149);
  });

  const failures: Array<[number, number, string]> = [
    [254700000001, 1, "The balance is insufficient for the transaction."],
    [254700001032, 1032, "Request cancelled by user"],
    [254700001037, 1037, "DS timeout user cannot be reached"],
    [254700002001, 2001, "The initiator information is invalid."],
  ];

  it.each(failures)("fails %d with ResultCode %d and no CallbackMetadata", async (phone, code, desc) => {
    const { path, checkoutRequestId } = await push(phone);
    const [callback] = await h.receiver.waitForHits<StkCallback>(path);
    expect(callback?.Body.stkCallback).toEqual({
      MerchantRequestID: expect.any(String),
      CheckoutRequestID: checkoutRequestId,
      ResultCode: code,
      ResultDesc: desc,
    });
  });

  it("pays 254700002040 (a B2C-only failure number)", async () => {
    const { path } = await push(254700002040);
    const [callback] = await h.receiver.waitForHits<StkCallback>(path);
    expect(callback?.Body.stkCallback.ResultCode).toBe(0);
  });

  it("delivers the callback for 254700000002 twice, identical", async () => {
    const { path, checkoutRequestId } = await push(254700000002);
    const callbacks = await h.receiver.waitForHits<StkCallback>(path, 2);
    expect(callbacks).toHaveLength(2);
    expect(callbacks[0]).toEqual(callbacks[1]);
    expect(callbacks[0]?.Body.stkCallback.ResultCode).toBe(0);
    await sleep(30);
    expect(h.receiver.hitsFor(path)).toHaveLength(2);
    const { body } = await h.client.inspect<{ callbacks: Array<{ relatesTo: string; attempt: number }> }>("callbacks");
    expect(body.callbacks.filter((c) => c.relatesTo === checkoutRequestId).map((c) => c.attempt)).toEqual([1, 2]);
  });

  it("never delivers the callback for 254700009999, yet the query reports it paid", async () => {
    const { path, checkoutRequestId } = await push(254700009999);
    const record = await decided(checkoutRequestId);
    expect(record).toMatchObject({ status: "succeeded", delivery: "dropped by scenario" });
    await sleep(50);
    expect(h.receiver.hitsFor(path)).toHaveLength(0);
    const query = await h.client.stkQuery(checkoutRequestId);
    expect(query.body).toMatchObject({ ResultCode: "0", ResultDesc: "The service request is processed successfully." });
  });

  it("fails a Till (BuyGoods) request with 2028: the simulated shortcode is a PayBill", async () => {
    const { path } = await push(254708374149, { TransactionType: "CustomerBuyGoodsOnline", PartyB: 5123456 });
    const [callback] = await h.receiver.waitForHits<StkCallback>(path);
    expect(callback?.Body.stkCallback.ResultCode).toBe(2028);
  });

  it("sends callbacks unsigned, as JSON, with an allow-listed X-Forwarded-For", async () => {
    const { path } = await push(254708374149);
    await h.receiver.waitForHits(path);
    const [hit] = h.receiver.hitsFor(path);
    expect(hit?.headers["content-type"]).toBe("application/json");
    expect(hit?.headers["x-forwarded-for"]).toBe("196.201.214.200");
    expect(hit?.headers.authorization).toBeUndefined();
  });
});

describe("callback URL rules", () => {
  it("silently drops a callback whose URL contains a word Daraja filters", async () => {
    const path = "/hooks/mpesa/stk/t-blocked";
    const { body } = await h.client.stkPush({ CallBackURL: h.receiver.url(path) });
    const record = await decided(String(body.CheckoutRequestID));
    expect(record).toMatchObject({ delivery: expect.stringContaining('contains "mpesa"') });
    await sleep(30);
    expect(h.receiver.hitsFor(path)).toHaveLength(0);
  });

  it("delivers to such a URL when enforceCallbackUrlRules is off", async () => {
    const lax = await startHarness({ enforceCallbackUrlRules: false });
    try {
      const path = "/hooks/mpesa/stk/t-allowed";
      await lax.client.stkPush({ CallBackURL: lax.receiver.url(path) });
      expect(await lax.receiver.waitForHits(path)).toHaveLength(1);
    } finally {
      await lax.close();
    }
  });
});

describe("POST /mpesa/stkpushquery/v1/query", () => {
  it("answers 'being processed' while the prompt is open, then the terminal code as a string", async () => {
    const slow = await startHarness({ callbackDelayMs: 120 });
    try {
      const { body } = await slow.client.stkPush({ PhoneNumber: 254700001032, PartyA: 254700001032 });
      const inFlight = await slow.client.stkQuery(body.CheckoutRequestID);
      expect(inFlight.status).toBe(500);
      expect(inFlight.body).toEqual({
        requestId: expect.any(String),
        errorCode: "500.001.1001",
        errorMessage: "The transaction is being processed",
      });

      const terminal = await waitFor(async () => {
        const answer = await slow.client.stkQuery(body.CheckoutRequestID);
        return answer.status === 200 ? answer : undefined;
      });
      expect(terminal.body).toEqual({
        ResponseCode: "0",
        ResponseDescription: "The service request has been accepted successsfully",
        MerchantRequestID: body.MerchantRequestID,
        CheckoutRequestID: body.CheckoutRequestID,
        ResultCode: "1032",
        ResultDesc: "Request cancelled by user",
      });
    } finally {
      await slow.close();
    }
  });

  it("answers an unknown CheckoutRequestID with 400.002.02 Invalid CheckoutRequestID", async () => {
    const { status, body } = await h.client.stkQuery("ws_CO_01032025143006512708374149");
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "400.002.02", errorMessage: "Bad Request - Invalid CheckoutRequestID" });
  });

  it("checks the merchant credentials like the push does", async () => {
    const { status, body } = await h.client.stkQuery("ws_CO_x", { Password: "d3Jvbmc=" });
    expect(status).toBe(500);
    expect(body.errorMessage).toBe("[MerchantValidate] - Wrong credentials");
  });
});
