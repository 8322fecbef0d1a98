import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiptPrefix } from "../src/ids.js";
import type { SimulatorOptions } from "../src/server.js";
import { compactTimestamp } from "../src/time.js";
import {
  C2B_SHORTCODE,
  CallbackReceiver,
  DEFAULT_PHONE,
  type Harness,
  sleep,
  startHarness,
  waitFor,
} from "./support/harness.js";
import type { C2bPayload } from "./support/payloads.js";

/**
 * `POST /mpesa/c2b/{v1,v2}/simulate` and what follows (mpesa.md §9.A B.3–B.6, design.md §12.3): validation (only
 * when registered) then confirmation, ResponseType deciding an unanswered validation, every payment recorded.
 */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

let counter = 0;
/** Fresh hook paths per test, so each test reads only its own callbacks. */
function hooks() {
  const n = ++counter;
  return { validation: `/hooks/c2b/validation/t${n}`, confirmation: `/hooks/c2b/confirmation/t${n}` };
}

interface C2bView {
  originatorConversationId: string;
  status: string;
  transId?: string;
  validation: string;
  validationResultCode?: string;
  delivery: string;
  behavesAs?: string;
  cancelledBecause?: string;
}

async function register(paths: ReturnType<typeof hooks>, overrides: Record<string, unknown> = {}, harness = h) {
  const response = await harness.client.registerC2bUrls({
    ConfirmationURL: harness.receiver.url(paths.confirmation),
    ValidationURL: harness.receiver.url(paths.validation),
    ...overrides,
  });
  expect(response.status).toBe(200);
}

/** Simulates a payment and waits until its outcome and delivery are settled. */
async function pay(overrides: Record<string, unknown> = {}, harness = h, version: "v1" | "v2" = "v1") {
  const response = await harness.client.c2bSimulate(overrides, version);
  expect(response.status).toBe(200);
  const id = response.body.OriginatorCoversationID;
  const record = await waitFor(async () => {
    const { body } = await harness.client.inspect<{ c2b: C2bView[] }>("transactions");
    const found = body.c2b.find((r) => r.originatorConversationId === id);
    return found && !["processing", "validating"].includes(found.status) && found.delivery !== "pending"
      ? found
      : undefined;
  }, 5000);
  return { response, record };
}

/** Lets any callback still on its way arrive before counting them. */
const settle = () => sleep(60);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("POST /mpesa/c2b/v1/simulate and /v2/simulate", () => {
  it.each([["v1"], ["v2"]] as const)(
    "%s accepts the payment with { OriginatorCoversationID, ResponseCode, ResponseDescription }",
    async (version) => {
      const response = await h.client.c2bSimulate({}, version);
      expect(response).toEqual({
        status: 200,
        body: {
          OriginatorCoversationID: expect.any(String),
          ResponseCode: "0",
          ResponseDescription: "Accept the service request successfully.",
        },
      });
    },
  );

  it("refuses a request without the current bearer token with C2B's 400.003.01", async () => {
    const response = await h.client.post("/mpesa/c2b/v1/simulate", { ShortCode: C2B_SHORTCODE }, "stale");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: "400.003.01", errorMessage: "Invalid Access Token" });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["a malformed ShortCode", { ShortCode: "PAYBILL" }, "ShortCode"],
    ["an unknown CommandID", { CommandID: "CustomerPayBill" }, "CommandID"],
    ["a decimal Amount", { Amount: 10.5 }, "Amount"],
    ["a zero Amount", { Amount: 0 }, "Amount"],
    ["an Amount above KES 250,000", { Amount: 250_001 }, "Amount"],
    ["a local-format Msisdn", { Msisdn: "0708374149" }, "Msisdn"],
    ["a Paybill payment without BillRefNumber", { BillRefNumber: undefined }, "BillRefNumber"],
    ["a BillRefNumber over 20 characters", { BillRefNumber: "A".repeat(21) }, "BillRefNumber"],
  ];

  it.each(invalid)("refuses %s with 400.002.02 and records nothing", async (_name, overrides, field) => {
    const response = await h.client.c2bSimulate(overrides);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      requestId: expect.any(String),
      errorCode: "400.002.02",
      errorMessage: `Bad Request - Invalid ${field}`,
    });
    expect((await h.client.inspect<{ c2b: unknown[] }>("transactions")).body.c2b).toEqual([]);
  });

  it("takes a Till (Buy Goods) payment without a BillRefNumber", async () => {
    const paths = hooks();
    await register(paths);
    const { record } = await pay({ CommandID: "CustomerBuyGoodsOnline", BillRefNumber: undefined });
    expect(record.status).toBe("completed");
    const [confirmation] = await h.receiver.waitForHits<C2bPayload>(paths.confirmation);
    expect(confirmation).toMatchObject({ TransactionType: "Buy Goods", BillRefNumber: "" });
  });
});

describe("validation, then confirmation", () => {
  it("POSTs the validation, then on ResultCode 0 the confirmation, with Daraja's fields", async () => {
    const paths = hooks();
    await register(paths);
    const before = new Date();
    const { record } = await pay({ Amount: 1250, BillRefNumber: "0712345678" });
    const [validation] = await h.receiver.waitForHits<C2bPayload>(paths.validation);
    const [confirmation] = await h.receiver.waitForHits<C2bPayload>(paths.confirmation);
    const order = h.receiver.hits.map((hit) => hit.path);
    expect(order.indexOf(paths.validation)).toBeLessThan(order.indexOf(paths.confirmation));

    expect(validation).toEqual({
      TransactionType: "Pay Bill",
      TransID: expect.stringMatching(/^[A-Z]{2}[0-9A-Z]{8}$/),
      TransTime: expect.stringMatching(/^\d{14}$/),
      TransAmount: "1250.00",
      BusinessShortCode: String(C2B_SHORTCODE),
      BillRefNumber: "0712345678",
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: "",
      MSISDN: sha256(String(DEFAULT_PHONE)),
      FirstName: expect.any(String),
      MiddleName: expect.any(String),
      LastName: expect.any(String),
    });
    expect(validation?.TransID.slice(0, 2)).toBe(receiptPrefix(new Date()));
    // Nairobi time, between the simulate call and now.
    expect(Number(validation?.TransTime)).toBeGreaterThanOrEqual(Number(compactTimestamp(before)));
    expect(Number(validation?.TransTime)).toBeLessThanOrEqual(Number(compactTimestamp(new Date())));
    expect(confirmation).toEqual({ ...validation, OrgAccountBalance: "1250.00" });
    expect(record).toMatchObject({ status: "completed", validation: "accepted", transId: validation?.TransID });
    expect(record.delivery).toBe("sent");
  });

  it("carries the validation answer's ThirdPartyTransID into the confirmation", async () => {
    const paths = hooks();
    await register(paths);
    h.receiver.answerBody(paths.validation, { ResultCode: "0", ResultDesc: "Accepted", ThirdPartyTransID: "JF-77" });
    await pay();
    const [confirmation] = await h.receiver.waitForHits<C2bPayload>(paths.confirmation);
    expect(confirmation?.ThirdPartyTransID).toBe("JF-77");
  });

  it("keeps OrgAccountBalance a running total of what was paid to the short code", async () => {
    const paths = hooks();
    await register(paths);
    await pay({ Amount: 100 });
    await pay({ Amount: 250 });
    const confirmations = await h.receiver.waitForHits<C2bPayload>(paths.confirmation, 2);
    expect(confirmations.map((c) => c.OrgAccountBalance)).toEqual(["100.00", "350.00"]);
    expect(new Set(confirmations.map((c) => c.TransID)).size).toBe(2);
  });

  it.each(["C2B00011", "C2B00012", "C2B00013", "C2B00014", "C2B00015", "C2B00016"])(
    "bounces the payment when the validation answers %s: no confirmation",
    async (code) => {
      const paths = hooks();
      await register(paths);
      h.receiver.answerBody(paths.validation, { ResultCode: code, ResultDesc: "Rejected" });
      const { record } = await pay();
      expect(record).toMatchObject({
        status: "cancelled",
        validation: `rejected: ${code}`,
        validationResultCode: code,
        delivery: "not sent: the payment was cancelled",
      });
      await settle();
      expect(h.receiver.hitsFor(paths.validation)).toHaveLength(1);
      expect(h.receiver.hitsFor(paths.confirmation)).toHaveLength(0);
    },
  );

  it("sends only the confirmation when no ValidationURL is registered", async () => {
    const paths = hooks();
    await register(paths, { ValidationURL: undefined });
    const { record } = await pay();
    expect(record).toMatchObject({ status: "completed", validation: "not called: no ValidationURL registered" });
    expect(await h.receiver.waitForHits(paths.confirmation)).toHaveLength(1);
    await settle();
    expect(h.receiver.hits.map((hit) => hit.path)).toEqual([paths.confirmation]);
  });

  it("sends only the confirmation when external validation is not enabled", async () => {
    const off = await startHarness({ c2bExternalValidation: false });
    try {
      const paths = hooks();
      await register(paths, {}, off);
      const { record } = await pay({}, off);
      expect(record.validation).toBe("not called: external validation is not enabled");
      expect(await off.receiver.waitForHits(paths.confirmation)).toHaveLength(1);
      await settle();
      expect(off.receiver.hitsFor(paths.validation)).toHaveLength(0);
    } finally {
      await off.close();
    }
  });

  it("completes a payment to a short code with no URLs registered, and POSTs nothing", async () => {
    const { record } = await pay({ ShortCode: 600999 });
    expect(record).toMatchObject({
      status: "completed",
      validation: "not called: no URLs registered",
      delivery: "not sent: no URLs registered",
    });
    await settle();
    expect(h.receiver.hits).toHaveLength(0);
  });

  it("keeps the registration a payment was accepted with", async () => {
    await h.client.inspect("settings", "POST", { callbackDelayMs: 120 });
    const first = hooks();
    const second = hooks();
    await register(first);
    await h.client.c2bSimulate();
    await register(second);
    expect(await h.receiver.waitForHits(first.confirmation)).toHaveLength(1);
    expect(h.receiver.hitsFor(second.confirmation)).toHaveLength(0);
  });
});

describe("an unanswered validation: ResponseType decides (mpesa.md §9.A B.5)", () => {
  async function deadUrl(path: string) {
    const closed = await new CallbackReceiver().start();
    const url = closed.url(path);
    await closed.close();
    return url;
  }

  it.each([
    ["Completed", "completed", 1],
    ["Cancelled", "cancelled", 0],
  ] as const)("unreachable ValidationURL, ResponseType %s: the payment is %s", async (responseType, status, count) => {
    const paths = hooks();
    await register(paths, { ResponseType: responseType, ValidationURL: await deadUrl(paths.validation) });
    const { record } = await pay();
    expect(record).toMatchObject({ status, validation: "no answer: ECONNREFUSED" });
    await settle();
    expect(h.receiver.hitsFor(paths.confirmation)).toHaveLength(count);
  });

  it.each([
    ["Completed", "completed", 1],
    ["Cancelled", "cancelled", 0],
  ] as const)(
    "no answer within the timeout, ResponseType %s: the payment is %s",
    async (responseType, status, count) => {
      const quick = await startHarness({ c2bValidationTimeoutMs: 100 });
      try {
        const paths = hooks();
        await register(paths, { ResponseType: responseType }, quick);
        quick.receiver.hang(paths.validation);
        const { record } = await pay({}, quick);
        expect(record).toMatchObject({ status, validation: "no answer: no answer within 100 ms" });
        await settle();
        expect(quick.receiver.hitsFor(paths.validation)).toHaveLength(1);
        expect(quick.receiver.hitsFor(paths.confirmation)).toHaveLength(count);
      } finally {
        await quick.close();
      }
    },
  );

  it("treats an error status or an answer without ResultCode as no answer", async () => {
    const paths = hooks();
    await register(paths, { ResponseType: "Cancelled" });
    h.receiver.answerWith(paths.validation, 503);
    expect((await pay()).record).toMatchObject({ status: "cancelled", validation: "no answer: HTTP 503" });

    const other = hooks();
    await register(other, { ResponseType: "Completed" });
    h.receiver.answerBody(other.validation, { ok: true });
    expect((await pay()).record).toMatchObject({
      status: "completed",
      validation: "no answer: the answer has no ResultCode",
    });
    expect(await h.receiver.waitForHits(other.confirmation)).toHaveLength(1);
  });
});

describe("the payer's number in the payloads (c2bMsisdnFormat)", () => {
  const formats: Array<[SimulatorOptions["c2bMsisdnFormat"], string]> = [
    ["hashed", sha256("254708374149")],
    ["masked", "2547 ***** 149"],
    ["plain", "254708374149"],
  ];

  it.each(formats)("%s: %s", async (format, expected) => {
    const harness = await startHarness({ c2bMsisdnFormat: format });
    try {
      const paths = hooks();
      await register(paths, {}, harness);
      await pay({}, harness);
      const [validation] = await harness.receiver.waitForHits<C2bPayload>(paths.validation);
      const [confirmation] = await harness.receiver.waitForHits<C2bPayload>(paths.confirmation);
      expect(validation?.MSISDN).toBe(expected);
      expect(confirmation?.MSISDN).toBe(expected);
    } finally {
      await harness.close();
    }
  });
});
