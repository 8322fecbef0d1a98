import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, item, sleep, startHarness, waitFor } from "./support/harness.js";
import type { DarajaResult, StkCallback } from "./support/payloads.js";

/**
 * Behaviours per number (design.md §12.4): `PUT /__sim/phones/{msisdn}` tells any number to act as a special number
 * for one kind of payment or several; a kind left out keeps the number's own behaviour; DELETE restores it.
 */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

/** A number of the test's own, which the simulator pays unless told otherwise. */
const OWN = 254712340001;

let pathCounter = 0;
const nextPath = (kind: string) => `/hooks/daraja/${kind}/t${++pathCounter}`;

const setPhone = (msisdn: string | number, body: unknown) => h.client.inspect(`phones/${msisdn}`, "PUT", body);
const clearPhone = (msisdn: string | number) => h.client.inspect(`phones/${msisdn}`, "DELETE");

interface Decided {
  status: string;
  resultCode?: number;
  delivery: string;
  behavesAs?: string;
}

/** The STK push's record once its outcome is decided (the callback may never come). */
async function pushFrom(phone: number) {
  const path = nextPath("stk");
  const response = await h.client.stkPush({ PhoneNumber: phone, PartyA: phone, CallBackURL: h.receiver.url(path) });
  expect(response.status).toBe(200);
  const id = response.body.CheckoutRequestID;
  const record = await waitFor(async () => {
    const { body } = await h.client.inspect<{ stk: Array<Decided & { checkoutRequestId: string }> }>("transactions");
    const found = body.stk.find((r) => r.checkoutRequestId === id);
    return found && found.status !== "processing" && found.delivery !== "pending" ? found : undefined;
  });
  return { path, record };
}

/** The payout's record once decided. */
async function payTo(phone: number) {
  const path = nextPath("b2c");
  const response = await h.client.b2c({ PartyB: phone, ResultURL: h.receiver.url(path) });
  expect(response.status).toBe(200);
  const id = response.body.OriginatorConversationID;
  const record = await waitFor(async () => {
    const { body } = await h.client.inspect<{ b2c: Array<Decided & { originatorConversationId: string }> }>(
      "transactions",
    );
    const found = body.b2c.find((r) => r.originatorConversationId === id);
    return found && found.status !== "processing" && found.delivery !== "pending" ? found : undefined;
  });
  return { path, record, originatorConversationId: String(id) };
}

/** Lets any callback still on its way arrive before counting them. */
const settle = () => sleep(60);

describe("PUT /__sim/phones/{msisdn}", () => {
  it("answers 204 with no body and shows the number's behaviours on GET, also in the list", async () => {
    const put = await h.client.request("PUT", `/__sim/phones/${OWN}`, { body: { b2c: "254700009999" } });
    expect(put).toEqual({ status: 204, body: undefined });
    expect((await h.client.inspect(`phones/${OWN}`)).body).toEqual({ msisdn: String(OWN), b2c: "254700009999" });
    expect((await h.client.inspect("phones")).body).toEqual({ phones: [{ msisdn: String(OWN), b2c: "254700009999" }] });
  });

  it("pays by default: a number never told anything, and every kind left out", async () => {
    const { path, record } = await pushFrom(OWN);
    expect(record).toMatchObject({ status: "succeeded", resultCode: 0, delivery: "sent" });
    expect(record.behavesAs).toBeUndefined();
    expect(await h.receiver.waitForHits(path)).toHaveLength(1);

    expect((await setPhone(OWN, { stk: "254700001032" })).status).toBe(204);
    const payout = await payTo(OWN);
    expect(payout.record).toMatchObject({ status: "succeeded", resultCode: 0, delivery: "sent" });
    const [result] = await h.receiver.waitForHits<DarajaResult>(payout.path);
    expect(result?.Result.ResultCode).toBe(0);
  });

  it.each([
    ["254700000001", 1, "The balance is insufficient for the transaction."],
    ["254700001032", 1032, "Request cancelled by user"],
    ["254700001037", 1037, "DS timeout user cannot be reached"],
    ["254700002001", 2001, "The initiator information is invalid."],
  ])("stk as %s: the push from the number fails with ResultCode %d", async (special, code, desc) => {
    expect((await setPhone(OWN, { stk: special })).status).toBe(204);
    const { path, record } = await pushFrom(OWN);
    expect(record).toMatchObject({ status: "failed", resultCode: code, behavesAs: special });
    const [callback] = await h.receiver.waitForHits<StkCallback>(path);
    expect(callback?.Body.stkCallback).toMatchObject({ ResultCode: code, ResultDesc: desc });
    expect(callback?.Body.stkCallback.CallbackMetadata).toBeUndefined();
  });

  it("stk as 254700000002: paid, the callback delivered twice, with the number's own PhoneNumber", async () => {
    await setPhone(OWN, { stk: "254700000002" });
    const { path, record } = await pushFrom(OWN);
    expect(record).toMatchObject({ status: "succeeded", delivery: "sent twice" });
    const callbacks = await h.receiver.waitForHits<StkCallback>(path, 2);
    expect(callbacks).toHaveLength(2);
    expect(callbacks[0]).toEqual(callbacks[1]);
    expect(item(callbacks[0]?.Body.stkCallback.CallbackMetadata?.Item ?? [], "PhoneNumber")?.Value).toBe(OWN);
  });

  it("stk as 254700009999: paid but never called back; the STK query and Transaction Status still find it", async () => {
    await setPhone(OWN, { stk: "254700009999" });
    const { path, record } = await pushFrom(OWN);
    expect(record).toMatchObject({ status: "succeeded", delivery: "dropped by scenario" });
    await settle();
    expect(h.receiver.hitsFor(path)).toHaveLength(0);

    const { body: listed } = await h.client.inspect<{
      stk: Array<{ checkoutRequestId: string; mpesaReceiptNumber?: string; phoneNumber: string }>;
    }>("transactions");
    const stored = listed.stk.find((r) => r.phoneNumber === String(OWN));
    const query = await h.client.stkQuery(stored?.checkoutRequestId);
    expect(query.body).toMatchObject({ ResultCode: "0" });
    const statusPath = nextPath("status");
    await h.client.transactionStatus({
      TransactionID: stored?.mpesaReceiptNumber,
      ResultURL: h.receiver.url(statusPath),
    });
    const [status] = await h.receiver.waitForHits<DarajaResult>(statusPath);
    expect(status?.Result.ResultCode).toBe(0);
    const parameters = status?.Result.ResultParameters?.ResultParameter ?? [];
    expect(item(parameters, "ReceiptNo")?.Value).toBe(stored?.mpesaReceiptNumber);
  });

  it.each([
    ["254700000001", 1],
    ["254700002001", 2001],
    ["254700002040", 2040],
  ])("b2c as %s: the payout to the number fails with ResultCode %d", async (special, code) => {
    await setPhone(OWN, { b2c: special });
    const { path, record } = await payTo(OWN);
    expect(record).toMatchObject({ status: "failed", resultCode: code, behavesAs: special });
    const [result] = await h.receiver.waitForHits<DarajaResult>(path);
    expect(result?.Result.ResultCode).toBe(code);
  });

  it("b2c as 254700000002: the result is delivered twice", async () => {
    await setPhone(OWN, { b2c: "254700000002" });
    const { path, record } = await payTo(OWN);
    expect(record).toMatchObject({ status: "succeeded", delivery: "sent twice" });
    expect(await h.receiver.waitForHits(path, 2)).toHaveLength(2);
  });

  it("b2c as 254700009999: paid, no result ever, and Transaction Status reports the payout paid", async () => {
    await setPhone(OWN, { b2c: "254700009999" });
    const { path, record, originatorConversationId } = await payTo(OWN);
    expect(record).toMatchObject({ status: "succeeded", delivery: "dropped by scenario" });
    await settle();
    expect(h.receiver.hitsFor(path)).toHaveLength(0);

    const statusPath = nextPath("status");
    await h.client.transactionStatus({
      OriginalConversationID: originatorConversationId,
      ResultURL: h.receiver.url(statusPath),
    });
    const [status] = await h.receiver.waitForHits<DarajaResult>(statusPath);
    expect(status?.Result.ResultCode).toBe(0);
    const parameters = status?.Result.ResultParameters?.ResultParameter ?? [];
    expect(item(parameters, "TransactionStatus")?.Value).toBe("Completed");
    expect(String(item(parameters, "CreditPartyName")?.Value)).toContain(String(OWN));
  });

  it("applies per kind: the same number's STK push pays while its payout's result never arrives", async () => {
    await setPhone(OWN, { b2c: "254700009999" });
    const deposit = await pushFrom(OWN);
    expect(deposit.record).toMatchObject({ status: "succeeded", delivery: "sent" });
    expect(await h.receiver.waitForHits(deposit.path)).toHaveLength(1);
    const payout = await payTo(OWN);
    expect(payout.record).toMatchObject({ status: "succeeded", delivery: "dropped by scenario" });
    await settle();
    expect(h.receiver.hitsFor(payout.path)).toHaveLength(0);
  });

  it("takes every kind at once, each applying to its own kind of payment", async () => {
    expect((await setPhone(OWN, { stk: "254700001032", b2c: "254700002040", c2b: "254700000002" })).status).toBe(204);
    expect((await h.client.inspect(`phones/${OWN}`)).body).toEqual({
      msisdn: String(OWN),
      stk: "254700001032",
      b2c: "254700002040",
      c2b: "254700000002",
    });
    expect((await pushFrom(OWN)).record).toMatchObject({ resultCode: 1032 });
    expect((await payTo(OWN)).record).toMatchObject({ resultCode: 2040 });
  });

  it("replaces what the number was told before: a later PUT without b2c puts its payouts back to paid", async () => {
    await setPhone(OWN, { b2c: "254700000001" });
    await setPhone(OWN, { stk: "254700001032" });
    expect((await payTo(OWN)).record).toMatchObject({ status: "succeeded", resultCode: 0 });
  });

  it("accepts the number in its 07…, 01… and +254 forms and the special number in its 07… form", async () => {
    expect((await setPhone("0712340001", { b2c: "0700000001" })).status).toBe(204);
    expect((await h.client.inspect(`phones/${OWN}`)).body).toEqual({ msisdn: String(OWN), b2c: "254700000001" });
    expect((await setPhone("0112340002", { stk: 254700001032 })).status).toBe(204);
    expect((await h.client.inspect("phones/254112340002")).body).toEqual({
      msisdn: "254112340002",
      stk: "254700001032",
    });
    expect((await setPhone("%2B254712340003", { b2c: "254700009999" })).status).toBe(204);
    expect((await h.client.inspect("phones/0712340003")).body).toMatchObject({ b2c: "254700009999" });
  });

  it("keeps a payment already in flight on the behaviour it was accepted with", async () => {
    await h.client.inspect("settings", "POST", { callbackDelayMs: 150 });
    await setPhone(OWN, { b2c: "254700000001" });
    const path = nextPath("b2c");
    await h.client.b2c({ PartyB: OWN, ResultURL: h.receiver.url(path) });
    expect((await clearPhone(OWN)).status).toBe(204);
    const [result] = await h.receiver.waitForHits<DarajaResult>(path);
    expect(result?.Result.ResultCode).toBe(1);
  });
});

describe("DELETE /__sim/phones/{msisdn}", () => {
  it("restores the default for every kind (204), also for a number never told anything", async () => {
    await setPhone(OWN, { stk: "254700000001", b2c: "254700000001" });
    expect(await h.client.request("DELETE", `/__sim/phones/0${String(OWN).slice(3)}`)).toEqual({
      status: 204,
      body: undefined,
    });
    expect((await h.client.inspect(`phones/${OWN}`)).body).toEqual({ msisdn: String(OWN) });
    expect((await h.client.inspect("phones")).body).toEqual({ phones: [] });
    expect((await pushFrom(OWN)).record).toMatchObject({ status: "succeeded", resultCode: 0 });
    expect((await payTo(OWN)).record).toMatchObject({ status: "succeeded", resultCode: 0 });
    expect((await clearPhone(254712349999)).status).toBe(204);
  });

  it("leaves a special number its own behaviour", async () => {
    await setPhone(254700000001, { stk: "254700001032" });
    expect((await pushFrom(254700000001)).record).toMatchObject({ resultCode: 1032 });
    await clearPhone(254700000001);
    expect((await pushFrom(254700000001)).record).toMatchObject({ resultCode: 1 });
  });
});

describe("refusals: 400 { message }, nothing stored", () => {
  const refusals: Array<[string, string | number, unknown, RegExp]> = [
    ["an unknown special number", OWN, { b2c: "254700001234" }, /254700001234.*not one of the simulator's special/],
    ["a special number that is not a number", OWN, { stk: "never" }, /"never" is not one of the simulator's special/],
    ["an unknown kind", OWN, { b2b: "254700009999" }, /Unknown kind\(s\) of payment: b2b; the kinds are stk, b2c, c2b/],
    ["a body that is not an object", OWN, ["254700009999"], /JSON object/],
    ["a bad msisdn", "0812345678", { b2c: "254700009999" }, /"0812345678" is not a Kenyan mobile number/],
    ["a short msisdn", "25471234", { b2c: "254700009999" }, /is not a Kenyan mobile number/],
  ];

  it.each(refusals)("refuses %s", async (_, msisdn, body, text) => {
    const response = await setPhone(msisdn, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.stringMatching(text) });
    expect((await h.client.inspect("phones")).body).toEqual({ phones: [] });
  });

  it("refuses a body that is not JSON, and a bad msisdn on DELETE", async () => {
    const malformed = await h.client.request("PUT", `/__sim/phones/${OWN}`, {
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed).toEqual({ status: 400, body: { message: "The body is not valid JSON" } });
    expect((await clearPhone("not-a-number")).status).toBe(400);
  });

  it("keeps what a number was told when a later PUT is refused", async () => {
    await setPhone(OWN, { b2c: "254700009999" });
    expect((await setPhone(OWN, { b2c: "254700009999", stk: "123" })).status).toBe(400);
    expect((await h.client.inspect(`phones/${OWN}`)).body).toEqual({ msisdn: String(OWN), b2c: "254700009999" });
  });
});
