import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_PASSKEY } from "../src/config.js";
import { stkPassword } from "../src/server.js";
import { type Harness, startHarness, stkPushBody, TIMESTAMP, waitFor } from "./support/harness.js";
import type { ErrorBody } from "./support/payloads.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const PASSWORD_VECTOR =
  "MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjUwMzAxMTQzMDA1";

describe("STK password", () => {
  it("is base64(shortcode + passkey + timestamp), matching the test vector in mpesa.md §1.3", () => {
    expect(stkPassword("174379", SANDBOX_PASSKEY, "20250301143005")).toBe(PASSWORD_VECTOR);
  });

  it("accepts a push carrying the literal test-vector password", async () => {
    const { status } = await h.client.stkPush({ Password: PASSWORD_VECTOR, Timestamp: "20250301143005" });
    expect(status).toBe(200);
  });
});

describe("POST /mpesa/stkpush/v1/processrequest", () => {
  it("accepts a valid push with string ResponseCode 0 and Daraja-shaped IDs", async () => {
    const { status, body } = await h.client.stkPush();
    expect(status).toBe(200);
    expect(body).toEqual({
      MerchantRequestID: expect.stringMatching(
        /^(\d{5}-\d{8}-\d|[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\d{4})$/,
      ),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_\d{17}708374149$/),
      ResponseCode: "0",
      ResponseDescription: "Success. Request accepted for processing",
      CustomerMessage: "Success. Request accepted for processing",
    });
  });

  it("builds the CheckoutRequestID from Nairobi time (DDMMYYYYHHmmssSSS) and the MSISDN after 254", async () => {
    const pinned = await startHarness({ now: () => new Date("2025-03-01T11:30:06.512Z") });
    try {
      const { body } = await pinned.client.stkPush();
      expect(body.CheckoutRequestID).toBe("ws_CO_01032025143006512708374149");
    } finally {
      await pinned.close();
    }
  });

  it("accepts numeric fields sent as strings, as the portal samples do, and 2541… numbers", async () => {
    const { status } = await h.client.stkPush({
      BusinessShortCode: "174379",
      Amount: "1",
      PartyA: "254110000123",
      PartyB: "174379",
      PhoneNumber: "254110000123",
      Timestamp: TIMESTAMP,
    });
    expect(status).toBe(200);
  });

  it("issues MerchantRequestIDs in both shapes seen in the wild", async () => {
    const first = await h.client.stkPush({ PhoneNumber: 254711000001, PartyA: 254711000001 });
    const second = await h.client.stkPush({ PhoneNumber: 254711000002, PartyA: 254711000002 });
    const shapes = [first.body.MerchantRequestID, second.body.MerchantRequestID].map((id) =>
      /^\d{5}-\d{8}-\d$/.test(String(id)) ? "digits" : "hex",
    );
    expect(shapes.sort()).toEqual(["digits", "hex"]);
  });

  const other = stkPassword("123456", SANDBOX_PASSKEY, TIMESTAMP);
  // Merchant errors are 500 500.001.1001, field errors 400 400.002.02; only the message tells them apart.
  const failures: Array<[string, Record<string, unknown>, string]> = [
    [
      "a password built with another passkey",
      { Password: stkPassword("174379", "x", TIMESTAMP) },
      "[MerchantValidate] - Wrong credentials",
    ],
    ["a password for another timestamp", { Timestamp: "20250301143006" }, "[MerchantValidate] - Wrong credentials"],
    [
      "an unknown shortcode with a consistent password",
      { BusinessShortCode: 123456, Password: other },
      "Merchant does not exist",
    ],
    ["a malformed shortcode", { BusinessShortCode: "17A379" }, "Bad Request - Invalid BusinessShortCode"],
    [
      "a timestamp that is not YYYYMMDDHHmmss",
      { Timestamp: "2025-03-01", Password: stkPassword("174379", SANDBOX_PASSKEY, "2025-03-01") },
      "Bad Request - Invalid Timestamp",
    ],
    [
      "an impossible date",
      { Timestamp: "20250231143005", Password: stkPassword("174379", SANDBOX_PASSKEY, "20250231143005") },
      "Bad Request - Invalid Timestamp",
    ],
    ["a local-format phone number", { PhoneNumber: "0708374149" }, "Bad Request - Invalid PhoneNumber"],
    ["a phone number with +", { PhoneNumber: "+254708374149" }, "Bad Request - Invalid PhoneNumber"],
    ["a non-Safaricom prefix", { PhoneNumber: 254208374149 }, "Bad Request - Invalid PhoneNumber"],
    ["an invalid PartyA", { PartyA: 708374149 }, "Bad Request - Invalid PartyA"],
    ["an unknown TransactionType", { TransactionType: "PayBill" }, "Bad Request - Invalid TransactionType"],
    ["a zero amount", { Amount: 0 }, "Bad Request - Invalid Amount"],
    ["a decimal amount", { Amount: 10.5 }, "Bad Request - Invalid Amount"],
    ["a decimal amount as a string", { Amount: "10.00" }, "Bad Request - Invalid Amount"],
    ["a negative amount", { Amount: -5 }, "Bad Request - Invalid Amount"],
    ["an amount above 250,000", { Amount: 250_001 }, "Bad Request - Invalid Amount"],
    [
      "a CallBackURL with a trailing space",
      { CallBackURL: "https://api.example.co.ke/hooks/x " },
      "Bad Request - Invalid CallBackURL",
    ],
    ["a CallBackURL that is not a URL", { CallBackURL: "hooks/daraja" }, "Bad Request - Invalid CallBackURL"],
    [
      "an AccountReference over 12 characters",
      { AccountReference: "DEP7Q2K9M1XYZ" },
      "Bad Request - Invalid AccountReference",
    ],
    [
      "a TransactionDesc over 13 characters",
      { TransactionDesc: "Wallet top-up!" },
      "Bad Request - Invalid TransactionDesc",
    ],
  ];

  it.each(failures)("refuses %s", async (_name, overrides, errorMessage) => {
    const fieldError = errorMessage.startsWith("Bad Request");
    const response = await h.client.stkPush(overrides);
    expect(response.status).toBe(fieldError ? 400 : 500);
    expect(response.body).toEqual({
      requestId: expect.any(String),
      errorCode: fieldError ? "400.002.02" : "500.001.1001",
      errorMessage,
    });
  });

  it("checks the password before the fields (daraja-local's order)", async () => {
    const { body } = await h.client.stkPush({ Password: "bm9wZQ==", PhoneNumber: "07", Amount: 0 });
    expect(body).toMatchObject({ errorMessage: "[MerchantValidate] - Wrong credentials" });
  });

  it("treats a body without a JSON Content-Type as empty: Invalid BusinessShortCode", async () => {
    const { status, body } = await h.client.request<ErrorBody>("POST", "/mpesa/stkpush/v1/processrequest", {
      rawBody: JSON.stringify(stkPushBody()),
      headers: { authorization: `Bearer ${h.client.token}`, "content-type": "text/plain" },
    });
    expect(status).toBe(400);
    expect(body.errorMessage).toBe("Bad Request - Invalid BusinessShortCode");
  });

  it("answers malformed JSON with 400.002.05 Invalid Request Payload", async () => {
    const { status, body } = await h.client.request<ErrorBody>("POST", "/mpesa/stkpush/v1/processrequest", {
      rawBody: "{ not json",
      headers: { authorization: `Bearer ${h.client.token}`, "content-type": "application/json" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: "400.002.05", errorMessage: "Invalid Request Payload" });
  });
});

describe("subscriber lock", () => {
  it("refuses a second push to a phone whose prompt is still open, and allows it once the first ends", async () => {
    const slow = await startHarness({ callbackDelayMs: 150 });
    try {
      const first = await slow.client.stkPush();
      expect(first.status).toBe(200);

      const second = await slow.client.stkPush();
      expect(second.status).toBe(500);
      expect(second.body).toEqual({
        requestId: expect.any(String),
        errorCode: "500.001.1001",
        errorMessage: "Unable to lock subscriber, a transaction is already in process for the current subscriber",
      });

      const otherPhone = await slow.client.stkPush({ PhoneNumber: 254711222333, PartyA: 254711222333 });
      expect(otherPhone.status).toBe(200);

      await waitFor(async () => (await slow.client.stkQuery(first.body.CheckoutRequestID)).status === 200);
      expect((await slow.client.stkPush()).status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});
