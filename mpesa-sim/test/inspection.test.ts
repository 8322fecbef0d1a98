import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { optionsFromEnv } from "../src/config.js";
import { type CallbackRecord, createDarajaSimulator, type ReceivedRequest } from "../src/server.js";
import {
  CallbackReceiver,
  closeServer,
  DarajaTestClient,
  type Harness,
  item,
  listenOnEphemeralPort,
  SECURITY_CREDENTIAL,
  sleep,
  startHarness,
  waitFor,
} from "./support/harness.js";
import type { DarajaResult } from "./support/payloads.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe("GET /__sim/health and /__sim/settings", () => {
  it("reports ok and the current delay, and changes the delay at runtime", async () => {
    expect((await h.client.inspect("health")).body).toMatchObject({ status: "ok", callbackDelayMs: 20 });
    const updated = await h.client.inspect("settings", "POST", { callbackDelayMs: 250 });
    expect(updated).toMatchObject({ status: 200, body: { callbackDelayMs: 250 } });
    expect((await h.client.inspect("health")).body).toMatchObject({ callbackDelayMs: 250 });

    // The new delay applies to the next push: it is still in flight well after the old 20 ms.
    const { body } = await h.client.stkPush({ CallBackURL: h.receiver.url("/hooks/daraja/stk/slow") });
    await sleep(60);
    expect((await h.client.stkQuery(body.CheckoutRequestID)).body.errorMessage).toBe(
      "The transaction is being processed",
    );
  });

  it("refuses a malformed or unknown setting with 400 { message }", async () => {
    const negative = await h.client.inspect("settings", "POST", { callbackDelayMs: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toEqual(expect.any(String));
    expect((await h.client.inspect("settings", "POST", { speed: 1 })).status).toBe(400);
  });
});

describe("GET|DELETE /__sim/requests", () => {
  it("lists every Daraja request received, newest last, without credentials, and clears on DELETE", async () => {
    await h.client.stkPush({ Amount: 0 });
    const { body } = await h.client.inspect<{ requests: ReceivedRequest[] }>("requests");
    const [oauth, push] = body.requests;
    expect(body.requests).toHaveLength(2);
    expect(oauth).toMatchObject({ method: "GET", path: "/oauth/v1/generate", authorization: "Basic", status: 200 });
    expect(push).toMatchObject({
      method: "POST",
      path: "/mpesa/stkpush/v1/processrequest",
      authorization: "Bearer",
      contentType: "application/json",
      status: 400,
      errorCode: "400.002.02",
      body: expect.objectContaining({ Amount: 0, BusinessShortCode: 174379 }),
    });
    expect(JSON.stringify(body)).not.toContain(h.client.token);

    expect((await h.client.inspect<{ requests: unknown[] }>("requests", "DELETE")).body.requests).toEqual([]);
    expect((await h.client.inspect<{ requests: unknown[] }>("requests")).body.requests).toEqual([]);
  });
});

describe("GET /__sim/callbacks", () => {
  it("records each callback with its URL, body and the receiver's status", async () => {
    const path = "/hooks/daraja/stk/logged";
    const { body } = await h.client.stkPush({ CallBackURL: h.receiver.url(path) });
    await h.receiver.waitForHits(path);
    const log = await waitFor(async () => {
      const { body: listed } = await h.client.inspect<{ callbacks: CallbackRecord[] }>("callbacks");
      return listed.callbacks.find((c) => c.relatesTo === body.CheckoutRequestID && c.finishedAt);
    });
    expect(log).toMatchObject({ kind: "stk", attempt: 1, url: h.receiver.url(path), status: 200 });
    expect(log.body).toEqual(h.receiver.hitsFor(path)[0]?.body);
    expect(log.error).toBeUndefined();
  });

  it("records a refused connection and a non-2xx answer once each, without retrying", async () => {
    const closed = new CallbackReceiver();
    await closed.start();
    const deadUrl = closed.url("/hooks/daraja/stk/dead");
    await closed.close();
    h.receiver.answerWith("/hooks/daraja/stk/broken", 503);

    const dead = await h.client.stkPush({ CallBackURL: deadUrl });
    const broken = await h.client.stkPush({
      PhoneNumber: 254711000111,
      PartyA: 254711000111,
      CallBackURL: h.receiver.url("/hooks/daraja/stk/broken"),
    });
    const records = await waitFor(async () => {
      const { body } = await h.client.inspect<{ callbacks: CallbackRecord[] }>("callbacks");
      const done = body.callbacks.filter((c) => c.finishedAt);
      return done.length >= 2 ? body.callbacks : undefined;
    });
    await sleep(50);
    const { body: later } = await h.client.inspect<{ callbacks: CallbackRecord[] }>("callbacks");
    expect(later.callbacks).toHaveLength(records.length);
    const forDead = later.callbacks.filter((c) => c.relatesTo === dead.body.CheckoutRequestID);
    const forBroken = later.callbacks.filter((c) => c.relatesTo === broken.body.CheckoutRequestID);
    expect(forDead).toEqual([expect.objectContaining({ error: "ECONNREFUSED" })]);
    expect(forDead[0]?.status).toBeUndefined();
    expect(forBroken).toEqual([expect.objectContaining({ status: 503, error: "HTTP 503" })]);
    expect(h.receiver.hitsFor("/hooks/daraja/stk/broken")).toHaveLength(1);

    expect((await h.client.inspect<{ callbacks: unknown[] }>("callbacks", "DELETE")).body.callbacks).toEqual([]);
  });
});

describe("GET /__sim/transactions", () => {
  it("shows STK and B2C records moving from processing to their outcome", async () => {
    await h.client.inspect("settings", "POST", { callbackDelayMs: 80 });
    const push = await h.client.stkPush({ CallBackURL: h.receiver.url("/hooks/daraja/stk/state") });
    const payout = await h.client.b2c({ ResultURL: h.receiver.url("/hooks/daraja/b2c/state") });
    type Listing = { stk: Array<Record<string, unknown>>; b2c: Array<Record<string, unknown>> };
    const before = (await h.client.inspect<Listing>("transactions")).body;
    expect(before.stk[0]).toMatchObject({ checkoutRequestId: push.body.CheckoutRequestID, status: "processing" });
    expect(before.b2c[0]).toMatchObject({ conversationId: payout.body.ConversationID, status: "processing" });

    const after = await waitFor(async () => {
      const { body } = await h.client.inspect<Listing>("transactions");
      return body.stk[0]?.status !== "processing" && body.b2c[0]?.status !== "processing" ? body : undefined;
    });
    expect(after.stk[0]).toMatchObject({ status: "succeeded", resultCode: 0, delivery: "sent" });
    expect(after.b2c[0]).toMatchObject({ status: "succeeded", resultCode: 0, amount: 1500 });
  });

  it("answers an unknown /__sim path with 404 { message }", async () => {
    const { status, body } = await h.client.inspect("nothing");
    expect(status).toBe(404);
    expect(body.message).toEqual(expect.any(String));
  });
});

describe("POST /mpesa/accountbalance/v1/query", () => {
  it("reports the B2C Utility balance in Daraja's AccountBalance string", async () => {
    const path = "/hooks/daraja/balance/result";
    const ack = await h.client.post("/mpesa/accountbalance/v1/query", {
      Initiator: "testapi",
      SecurityCredential: SECURITY_CREDENTIAL,
      CommandID: "AccountBalance",
      PartyA: 600984,
      IdentifierType: "4",
      Remarks: "Pre-check",
      QueueTimeOutURL: h.receiver.url("/hooks/daraja/balance/timeout"),
      ResultURL: h.receiver.url(path),
    });
    expect(ack.body).toMatchObject({ ResponseCode: "0" });
    const [result] = await h.receiver.waitForHits<DarajaResult>(path);
    const balance = item(result?.Result.ResultParameters?.ResultParameter ?? [], "AccountBalance")?.Value;
    expect(balance).toContain("Utility Account|KES|10000000.00|");
    expect(String(balance).split("&")).toHaveLength(3);
  });
});

describe("shutdown", () => {
  it("cancels pending outcomes when closed, so no callback arrives afterwards", async () => {
    const receiver = await new CallbackReceiver().start();
    const sim = createDarajaSimulator({ callbackDelayMs: 40 });
    const client = new DarajaTestClient(await listenOnEphemeralPort(sim));
    await client.authenticate();
    await client.stkPush({ CallBackURL: receiver.url("/hooks/daraja/stk/late") });
    await closeServer(sim);
    await sleep(80);
    expect(receiver.hits).toHaveLength(0);
    await receiver.close();
  });
});

describe("configuration from the environment", () => {
  it("reads every knob from MPESA_SIM_* variables", () => {
    expect(
      optionsFromEnv({
        MPESA_SIM_DELAY_MS: "300",
        MPESA_SIM_CONSUMER_KEY: "k",
        MPESA_SIM_CONSUMER_SECRET: "s",
        MPESA_SIM_STK_SHORTCODE: "123456",
        MPESA_SIM_PASSKEY: "p",
        MPESA_SIM_B2C_SHORTCODE: "600000",
        MPESA_SIM_INITIATOR_NAME: "apiop",
        MPESA_SIM_B2C_UTILITY_BALANCE: "5000",
        MPESA_SIM_ENFORCE_URL_RULES: "false",
        MPESA_SIM_CALLBACK_SOURCE_IP: "",
      }),
    ).toEqual({
      callbackDelayMs: 300,
      consumerKey: "k",
      consumerSecret: "s",
      stkShortcode: "123456",
      passkey: "p",
      b2cShortcode: "600000",
      initiatorName: "apiop",
      b2cUtilityBalanceKes: 5000,
      enforceCallbackUrlRules: false,
      callbackSourceIp: null,
    });
    expect(() => optionsFromEnv({ MPESA_SIM_DELAY_MS: "soon" })).toThrow(/MPESA_SIM_DELAY_MS/);
  });

  it("runs as the process npm start forks: ready over IPC, serving on the port it reports", async () => {
    const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
    const child = fork(main, [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, MPESA_SIM_PORT: "0", MPESA_SIM_DELAY_MS: "5" },
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    try {
      const ready = await new Promise<{ ready: boolean; port: number }>((resolve, reject) => {
        child.once("message", (message) => resolve(message as { ready: boolean; port: number }));
        child.once("exit", (code) => reject(new Error(`exited with ${code}`)));
      });
      expect(ready.ready).toBe(true);
      const health = await fetch(`http://127.0.0.1:${ready.port}/__sim/health`);
      expect(await health.json()).toMatchObject({ status: "ok", callbackDelayMs: 5 });
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }, 20_000);
});
