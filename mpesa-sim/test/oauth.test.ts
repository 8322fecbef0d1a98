import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./support/harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe("GET /oauth/v1/generate", () => {
  it('issues a bearer token for the configured Basic credentials, expires_in as the string "3599"', async () => {
    const { status, body } = await h.client.generateToken();
    expect(status).toBe(200);
    expect(body).toEqual({ access_token: expect.stringMatching(/^[A-Za-z0-9]{28}$/), expires_in: "3599" });
  });

  it("refuses a wrong consumer secret with 400 and 400.008.01 in Daraja's error envelope", async () => {
    const { status, body } = await h.client.generateToken("local-consumer-key", "wrong-secret");
    expect(status).toBe(400);
    expect(body).toEqual({
      requestId: expect.stringMatching(/^\d{5}-\d{8}-\d$/),
      errorCode: "400.008.01",
      errorMessage: "Invalid Authentication passed",
    });
  });

  it("refuses a non-Basic authorization (400.008.01) and a wrong grant type (400.008.02)", async () => {
    const bearer = await h.client.request("GET", "/oauth/v1/generate?grant_type=client_credentials", {
      headers: { authorization: "Bearer abc" },
    });
    expect(bearer.status).toBe(400);
    expect(bearer.body.errorCode).toBe("400.008.01");
    const basic = Buffer.from("local-consumer-key:local-consumer-secret").toString("base64");
    const grant = await h.client.request("GET", "/oauth/v1/generate?grant_type=password", {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(grant.status).toBe(400);
    expect(grant.body).toMatchObject({ errorCode: "400.008.02", errorMessage: "Invalid grant type passed" });
  });

  it("accepts the credentials it was configured with instead of the defaults", async () => {
    const custom = await startHarness({ consumerKey: "app-key", consumerSecret: "app-secret" });
    try {
      expect((await custom.client.generateToken("app-key", "app-secret")).status).toBe(200);
      expect((await custom.client.generateToken()).status).toBe(400);
    } finally {
      await custom.close();
    }
  });

  it("answers a POST with 405 405.001", async () => {
    const { status, body } = await h.client.request("POST", "/oauth/v1/generate?grant_type=client_credentials");
    expect(status).toBe(405);
    expect(body).toMatchObject({ errorCode: "405.001", errorMessage: "Method Not Allowed" });
  });
});

describe("bearer tokens", () => {
  it("invalidates the previous token when a new one is generated", async () => {
    const first = h.client.token;
    const second = await h.client.authenticate();
    expect(second).not.toBe(first);

    const stk = await h.client.post("/mpesa/stkpushquery/v1/query", {}, first);
    expect(stk.status).toBe(404);
    expect(stk.body).toMatchObject({ errorCode: "404.001.03", errorMessage: "Invalid Access Token" });

    const b2c = await h.client.post("/mpesa/b2c/v3/paymentrequest", {}, first);
    expect(b2c.status).toBe(401);
    expect(b2c.body).toMatchObject({ errorCode: "401.002.01" });
    expect(String(b2c.body.errorMessage)).toMatch(/^Error Occurred - Invalid Access Token/);
    expect(String(b2c.body.errorMessage)).not.toContain(first);

    const status = await h.client.post("/mpesa/transactionstatus/v1/query", {}, first);
    expect(status.body).toMatchObject({ errorCode: "401.002.01" });

    // The new token passes the bearer check (and then fails validation on the empty body instead).
    const fresh = await h.client.post("/mpesa/stkpushquery/v1/query", {});
    expect(fresh.body).toMatchObject({
      errorCode: "400.002.02",
      errorMessage: "Bad Request - Invalid BusinessShortCode",
    });
  });

  it("rejects a missing Authorization header with the API's invalid-token error", async () => {
    const stk = await h.client.request("POST", "/mpesa/stkpush/v1/processrequest", { body: {} });
    expect(stk.status).toBe(404);
    expect(stk.body.errorCode).toBe("404.001.03");
  });

  it("expires a token after expires_in seconds", async () => {
    let now = Date.parse("2025-03-01T11:30:00Z");
    const timed = await startHarness({ now: () => new Date(now) });
    try {
      now += 3598_000;
      expect((await timed.client.stkQuery("ws_CO_unknown")).body.errorCode).toBe("400.002.02");
      now += 2_000;
      expect((await timed.client.stkQuery("ws_CO_unknown")).body.errorCode).toBe("404.001.03");
    } finally {
      await timed.close();
    }
  });
});

describe("routing", () => {
  it("answers an unknown path with 404 404.001.01 and a wrong method with 405 405.001", async () => {
    const missing = await h.client.post("/mpesa/c2b/v9/nothing", {});
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ errorCode: "404.001.01", errorMessage: "Resource not found" });
    const wrongMethod = await h.client.request("GET", "/mpesa/stkpush/v1/processrequest");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toMatchObject({ errorCode: "405.001" });
  });
});
