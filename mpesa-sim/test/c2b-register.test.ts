import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { C2B_SHORTCODE, type Harness, startHarness } from "./support/harness.js";
import type { ErrorBody } from "./support/payloads.js";

/** `POST /mpesa/c2b/{v1,v2}/registerurl` (mpesa.md §9.A B.1, B.2, B.8; design.md §12.3). */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

interface Registration {
  shortCode: string;
  responseType: string;
  confirmationUrl: string;
  validationUrl?: string;
  apiVersion: string;
}

const registrations = async (harness = h) =>
  (await harness.client.inspect<{ c2bUrls: Registration[] }>("transactions")).body.c2bUrls;

describe("POST /mpesa/c2b/v1/registerurl and /v2/registerurl", () => {
  it("registers on v1 with the v1 answer (Safaricom's OriginatorCoversationID spelling, lower-case success)", async () => {
    const response = await h.client.registerC2bUrls({
      ConfirmationURL: "https://pay.example.co.ke/payments/c2b/confirmation",
      ValidationURL: "https://pay.example.co.ke/payments/c2b/validation",
    });
    expect(response).toEqual({
      status: 200,
      body: {
        OriginatorCoversationID: expect.stringMatching(/^\d{5}-\d{8}-\d$/),
        ResponseCode: "0",
        ResponseDescription: "success",
      },
    });
    expect(await registrations()).toEqual([
      expect.objectContaining({
        shortCode: String(C2B_SHORTCODE),
        responseType: "Completed",
        confirmationUrl: "https://pay.example.co.ke/payments/c2b/confirmation",
        validationUrl: "https://pay.example.co.ke/payments/c2b/validation",
        apiVersion: "v1",
      }),
    ]);
  });

  it('registers on v2 with the v2 answer ("Success", the hex-shaped id)', async () => {
    const response = await h.client.registerC2bUrls({ ResponseType: "Cancelled" }, "v2");
    expect(response).toEqual({
      status: 200,
      body: {
        OriginatorCoversationID: expect.stringMatching(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\d{7}$/),
        ResponseCode: "0",
        ResponseDescription: "Success",
      },
    });
    expect(await registrations()).toEqual([expect.objectContaining({ responseType: "Cancelled", apiVersion: "v2" })]);
  });

  it("takes a registration without a ValidationURL (then no validation is ever asked for)", async () => {
    expect((await h.client.registerC2bUrls({ ValidationURL: undefined })).status).toBe(200);
    const [registration] = await registrations();
    expect(registration?.validationUrl).toBeUndefined();
  });

  it("lets the sandbox re-register a short code: the last registration wins", async () => {
    await h.client.registerC2bUrls({ ConfirmationURL: "http://127.0.0.1:9/first" });
    const second = await h.client.registerC2bUrls({ ConfirmationURL: "http://127.0.0.1:9/second" }, "v2");
    expect(second.status).toBe(200);
    expect(await registrations()).toEqual([
      expect.objectContaining({ confirmationUrl: "http://127.0.0.1:9/second", apiVersion: "v2" }),
    ]);
  });

  it("refuses a request without the current bearer token with C2B's 400.003.01", async () => {
    const response = await h.client.post("/mpesa/c2b/v1/registerurl", { ShortCode: C2B_SHORTCODE }, "stale-token");
    expect(response).toEqual({
      status: 400,
      body: { requestId: expect.any(String), errorCode: "400.003.01", errorMessage: "Invalid Access Token" },
    });
  });

  it("refuses a body that is not JSON with 400.002.05", async () => {
    const response = await h.client.request("POST", "/mpesa/c2b/v2/registerurl", {
      rawBody: "{",
      headers: { "content-type": "application/json", authorization: `Bearer ${h.client.token}` },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: "400.002.05", errorMessage: "Invalid Request Payload" });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["a short code that is not 5–7 digits", { ShortCode: "60A984" }, "ShortCode"],
    ["a lower-case ResponseType", { ResponseType: "completed" }, "ResponseType"],
    ["a misspelt ResponseType", { ResponseType: "Canceled" }, "ResponseType"],
    ["no ResponseType", { ResponseType: undefined }, "ResponseType"],
    ["no ConfirmationURL", { ConfirmationURL: undefined }, "ConfirmationURL"],
    ["a ConfirmationURL that is not a URL", { ConfirmationURL: "payments/confirm" }, "ConfirmationURL"],
    ["a ValidationURL with a trailing space", { ValidationURL: "https://pay.example.co.ke/v " }, "ValidationURL"],
  ];

  it.each(invalid)("refuses %s with 400.002.02 and stores nothing", async (_name, overrides, field) => {
    const response = await h.client.registerC2bUrls(overrides);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      requestId: expect.any(String),
      errorCode: "400.002.02",
      errorMessage: `Bad Request - Invalid ${field}`,
    });
    expect(await registrations()).toEqual([]);
  });

  const words: Array<[string, string, string]> = [
    ["ValidationURL", "https://pay.example.co.ke/mpesa/validation", "MPESA"],
    ["ValidationURL", "https://pay.example.co.ke/MPesa/validation", "MPESA"],
    ["ConfirmationURL", "https://pay.example.co.ke/M-Pesa/confirmation", "M-PESA"],
    ["ConfirmationURL", "https://safaricom-hooks.example.co.ke/confirmation", "SAFARICOM"],
    ["ConfirmationURL", "https://pay.example.co.ke/confirmation?query=1", "QUERY"],
    ["ValidationURL", "https://pay.example.co.ke/run.exe", "EXE"],
    ["ValidationURL", "https://pay.example.co.ke/cmd/validation", "CMD"],
    ["ConfirmationURL", "https://pay.example.co.ke/sql/confirmation", "SQL"],
  ];

  it.each(words)("refuses a %s containing %s with 400.003.02, naming the word", async (field, url, word) => {
    const response = await h.client.registerC2bUrls({ [field]: url });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      requestId: expect.any(String),
      errorCode: "400.003.02",
      errorMessage: `Bad Request - Invalid ${field} - URL has the word ${word}`,
    });
    expect(await registrations()).toEqual([]);
  });

  it("names the ValidationURL when both URLs carry a refused word, as the observed refusal does", async () => {
    const response = await h.client.registerC2bUrls({
      ConfirmationURL: "https://pay.example.co.ke/mpesa/confirmation",
      ValidationURL: "https://pay.example.co.ke/mpesa/validation",
    });
    expect((response.body as unknown as ErrorBody).errorMessage).toBe(
      "Bad Request - Invalid ValidationURL - URL has the word MPESA",
    );
  });

  it("answers a registration for the M-Pesa Express test short code with the sandbox's SOAP fault", async () => {
    const response = await fetch(`${h.client.baseUrl}/mpesa/c2b/v1/registerurl`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${h.client.token}` },
      body: JSON.stringify({
        ShortCode: "174379",
        ResponseType: "Completed",
        ConfirmationURL: "http://127.0.0.1:9/confirmation",
        ValidationURL: "http://127.0.0.1:9/validation",
      }),
    });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await response.text()).toContain(
      "Execution of ServiceCallout SCO-AddURLVault failed. Reason: ResponseCode 409 is treated as error",
    );
    expect(await registrations()).toEqual([]);
  });
});

describe("production rules (c2bEnvironment: production)", () => {
  let prod: Harness;
  beforeEach(async () => {
    prod = await startHarness({ c2bEnvironment: "production" });
  });
  afterEach(() => prod.close());

  const https = {
    ConfirmationURL: "https://pay.example.co.ke/payments/c2b/confirmation",
    ValidationURL: "https://pay.example.co.ke/payments/c2b/validation",
  };

  it('registers once; a second registration of the short code is 500.003.1001 "Urls are already registered."', async () => {
    expect((await prod.client.registerC2bUrls(https)).status).toBe(200);
    const again = await prod.client.registerC2bUrls({ ...https, ResponseType: "Cancelled" }, "v2");
    expect(again).toEqual({
      status: 500,
      body: { requestId: expect.any(String), errorCode: "500.003.1001", errorMessage: "Urls are already registered." },
    });
    expect(await registrations(prod)).toEqual([expect.objectContaining({ responseType: "Completed" })]);
    // Another short code is a registration of its own.
    expect((await prod.client.registerC2bUrls({ ...https, ShortCode: 600985 })).status).toBe(200);
  });

  it("takes only https URLs that are not localhost", async () => {
    const http = await prod.client.registerC2bUrls({ ...https, ConfirmationURL: "http://pay.example.co.ke/c" });
    expect(http.body).toMatchObject({ errorCode: "400.002.02", errorMessage: "Bad Request - Invalid ConfirmationURL" });
    const local = await prod.client.registerC2bUrls({ ...https, ValidationURL: "https://localhost/v" });
    expect(local.body).toMatchObject({ errorCode: "400.002.02", errorMessage: "Bad Request - Invalid ValidationURL" });
    expect(await registrations(prod)).toEqual([]);
  });
});

describe("the API product's version (c2bApiVersion)", () => {
  it("refuses the other version's paths with 401.003.01 and serves its own", async () => {
    const v2only = await startHarness({ c2bApiVersion: "v2" });
    try {
      const v1 = await v2only.client.registerC2bUrls({}, "v1");
      expect(v1).toEqual({
        status: 401,
        body: {
          requestId: expect.any(String),
          errorCode: "401.003.01",
          errorMessage: "Error Occurred - Invalid Access Token - Invalid API call as no apiproduct match found",
        },
      });
      expect((await v2only.client.c2bSimulate({}, "v1")).status).toBe(401);
      expect((await v2only.client.registerC2bUrls({}, "v2")).status).toBe(200);
      expect((await v2only.client.c2bSimulate({}, "v2")).status).toBe(200);
    } finally {
      await v2only.close();
    }
  });

  it("serves both versions by default", async () => {
    expect((await h.client.registerC2bUrls({}, "v1")).status).toBe(200);
    expect((await h.client.registerC2bUrls({}, "v2")).status).toBe(200);
  });
});

describe("C2B configuration from the environment", () => {
  it("reads MPESA_SIM_C2B_* and refuses values it does not know", async () => {
    const { optionsFromEnv, resolveConfig } = await import("../src/config.js");
    const options = optionsFromEnv({
      MPESA_SIM_C2B_ENVIRONMENT: "production",
      MPESA_SIM_C2B_API_VERSION: "v2",
      MPESA_SIM_C2B_EXTERNAL_VALIDATION: "false",
      MPESA_SIM_C2B_MSISDN_FORMAT: "masked",
      MPESA_SIM_C2B_VALIDATION_TIMEOUT_MS: "3000",
    });
    expect(resolveConfig(options)).toMatchObject({
      c2bEnvironment: "production",
      c2bApiVersion: "v2",
      c2bExternalValidation: false,
      c2bMsisdnFormat: "masked",
      c2bValidationTimeoutMs: 3000,
    });
    expect(resolveConfig({})).toMatchObject({
      c2bEnvironment: "sandbox",
      c2bApiVersion: undefined,
      c2bExternalValidation: true,
      c2bMsisdnFormat: "hashed",
      c2bValidationTimeoutMs: 8000,
    });
    expect(() => resolveConfig(optionsFromEnv({ MPESA_SIM_C2B_ENVIRONMENT: "live" }))).toThrow(/c2bEnvironment/);
    expect(() => resolveConfig(optionsFromEnv({ MPESA_SIM_C2B_MSISDN_FORMAT: "hash" }))).toThrow(/c2bMsisdnFormat/);
  });
});
