import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, item, sleep, startHarness, waitFor } from "./support/harness.js";
import type { C2bPayload, DarajaResult } from "./support/payloads.js";

/**
 * The phone-number behaviours of C2B payments (design.md §12.3, §12.4): 254700000002 gets its confirmation twice,
 * 254700009999 never (the payment is still made), 254700000003's validation cannot reach the product. Any number
 * can be told to act as one of them for `c2b` with `PUT /__sim/phones/{msisdn}`.
 */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

/** A number of the test's own, which pays unless told otherwise. */
const OWN = 254712340001;

let counter = 0;
async function registerHooks(responseType: "Completed" | "Cancelled" = "Completed") {
  const n = ++counter;
  const paths = { validation: `/hooks/c2b/validation/b${n}`, confirmation: `/hooks/c2b/confirmation/b${n}` };
  const response = await h.client.registerC2bUrls({
    ResponseType: responseType,
    ConfirmationURL: h.receiver.url(paths.confirmation),
    ValidationURL: h.receiver.url(paths.validation),
  });
  expect(response.status).toBe(200);
  return paths;
}

interface C2bView {
  originatorConversationId: string;
  status: string;
  transId?: string;
  validation: string;
  delivery: string;
  behavesAs?: string;
}

async function payFrom(msisdn: number): Promise<C2bView> {
  const response = await h.client.c2bSimulate({ Msisdn: msisdn });
  expect(response.status).toBe(200);
  return waitFor(async () => {
    const { body } = await h.client.inspect<{ c2b: C2bView[] }>("transactions");
    const found = body.c2b.find((r) => r.originatorConversationId === response.body.OriginatorCoversationID);
    return found && !["processing", "validating"].includes(found.status) && found.delivery !== "pending"
      ? found
      : undefined;
  });
}

const settle = () => sleep(60);
const setPhone = (msisdn: number, body: unknown) => h.client.inspect(`phones/${msisdn}`, "PUT", body);

describe("C2B by phone number", () => {
  it("254700000002: validated once, the confirmation delivered twice, identical", async () => {
    const paths = await registerHooks();
    const record = await payFrom(254700000002);
    expect(record).toMatchObject({ status: "completed", validation: "accepted", delivery: "sent twice" });
    const confirmations = await h.receiver.waitForHits<C2bPayload>(paths.confirmation, 2);
    expect(confirmations[0]).toEqual(confirmations[1]);
    expect(confirmations[0]?.TransID).toBe(record.transId);
    await settle();
    expect(h.receiver.hitsFor(paths.validation)).toHaveLength(1);
    expect(h.receiver.hitsFor(paths.confirmation)).toHaveLength(2);
  });

  it("254700009999: validated, paid, and the confirmation never delivered", async () => {
    const paths = await registerHooks();
    const record = await payFrom(254700009999);
    expect(record).toMatchObject({ status: "completed", validation: "accepted", delivery: "dropped by scenario" });
    await settle();
    expect(h.receiver.hitsFor(paths.validation)).toHaveLength(1);
    expect(h.receiver.hitsFor(paths.confirmation)).toHaveLength(0);
  });

  it("254700009999: Transaction Status still finds the payment by its receipt; a bounced one it does not", async () => {
    const paths = await registerHooks();
    const record = await payFrom(254700009999);
    const statusPath = "/hooks/daraja/status/c2b";
    await h.client.transactionStatus({ TransactionID: record.transId, ResultURL: h.receiver.url(statusPath) });
    const [status] = await h.receiver.waitForHits<DarajaResult>(statusPath);
    expect(status?.Result.ResultCode).toBe(0);
    const parameters = status?.Result.ResultParameters?.ResultParameter ?? [];
    expect(item(parameters, "ReceiptNo")?.Value).toBe(record.transId);
    expect(item(parameters, "ReasonType")?.Value).toBe("Pay Bill");
    expect(item(parameters, "Amount")?.Value).toBe(500);

    h.receiver.answerBody(paths.validation, { ResultCode: "C2B00012", ResultDesc: "Rejected" });
    const bounced = await payFrom(254708374149);
    const bouncedPath = "/hooks/daraja/status/c2b-bounced";
    await h.client.transactionStatus({ TransactionID: bounced.transId, ResultURL: h.receiver.url(bouncedPath) });
    const [unknown] = await h.receiver.waitForHits<DarajaResult>(bouncedPath);
    expect(unknown?.Result.ResultCode).toBe(2032);
  });

  it('254700000003 under "Completed": no validation reaches the product, only the confirmation arrives', async () => {
    const paths = await registerHooks("Completed");
    const record = await payFrom(254700000003);
    expect(record).toMatchObject({ status: "completed", validation: "unreachable by scenario", delivery: "sent" });
    const [confirmation] = await h.receiver.waitForHits<C2bPayload>(paths.confirmation);
    expect(confirmation?.TransID).toBe(record.transId);
    await settle();
    expect(h.receiver.hits.map((hit) => hit.path)).toEqual([paths.confirmation]);
  });

  it('254700000003 under "Cancelled": the payment bounces and nothing arrives', async () => {
    const paths = await registerHooks("Cancelled");
    const record = await payFrom(254700000003);
    expect(record).toMatchObject({ status: "cancelled", validation: "unreachable by scenario" });
    await settle();
    expect(h.receiver.hitsFor(paths.validation)).toHaveLength(0);
    expect(h.receiver.hitsFor(paths.confirmation)).toHaveLength(0);
  });

  it.each([254700000001, 254700001032, 254700001037, 254700002001, 254700002040, 254708374149])(
    "%d: validated and confirmed once (the default)",
    async (msisdn) => {
      const paths = await registerHooks();
      expect(await payFrom(msisdn)).toMatchObject({ status: "completed", validation: "accepted", delivery: "sent" });
      await settle();
      expect(h.receiver.hitsFor(paths.validation)).toHaveLength(1);
      expect(h.receiver.hitsFor(paths.confirmation)).toHaveLength(1);
    },
  );

  it("254700000003 pays by STK and B2C like any other number", async () => {
    const stkPath = "/hooks/daraja/stk/c2b-number";
    await h.client.stkPush({ PhoneNumber: 254700000003, PartyA: 254700000003, CallBackURL: h.receiver.url(stkPath) });
    const b2cPath = "/hooks/daraja/b2c/c2b-number";
    await h.client.b2c({ PartyB: 254700000003, ResultURL: h.receiver.url(b2cPath) });
    const [stk] = await h.receiver.waitForHits<{ Body: { stkCallback: { ResultCode: number } } }>(stkPath);
    const [b2c] = await h.receiver.waitForHits<{ Result: { ResultCode: number } }>(b2cPath);
    expect(stk?.Body.stkCallback.ResultCode).toBe(0);
    expect(b2c?.Result.ResultCode).toBe(0);
  });
});

describe("PUT /__sim/phones/{msisdn} with c2b", () => {
  it.each([
    ["254700000002", "sent twice", 1, 2],
    ["254700009999", "dropped by scenario", 1, 0],
    ["254700000003", "sent", 0, 1],
  ] as const)(
    "c2b as %s takes effect on the number's payments",
    async (special, delivery, validations, confirmations) => {
      expect((await setPhone(OWN, { c2b: special })).status).toBe(204);
      const paths = await registerHooks();
      const record = await payFrom(OWN);
      expect(record).toMatchObject({ status: "completed", delivery, behavesAs: special });
      await settle();
      expect(h.receiver.hitsFor(paths.validation)).toHaveLength(validations);
      expect(h.receiver.hitsFor(paths.confirmation)).toHaveLength(confirmations);
    },
  );

  it("applies per kind: c2b left out keeps the default, and stk or b2c told alone leave C2B alone", async () => {
    await setPhone(OWN, { stk: "254700009999", b2c: "254700009999" });
    const paths = await registerHooks();
    expect(await payFrom(OWN)).toMatchObject({ status: "completed", delivery: "sent" });
    expect(await h.receiver.waitForHits(paths.confirmation)).toHaveLength(1);
  });

  it("accepts 254700000003 as a special number, and DELETE restores C2B's default", async () => {
    expect((await setPhone(OWN, { c2b: "0700000003" })).status).toBe(204);
    expect((await h.client.inspect(`phones/${OWN}`)).body).toEqual({ msisdn: String(OWN), c2b: "254700000003" });
    expect((await h.client.inspect(`phones/${OWN}`, "DELETE")).status).toBe(204);
    const paths = await registerHooks();
    expect(await payFrom(OWN)).toMatchObject({ validation: "accepted", delivery: "sent" });
    expect(h.receiver.hitsFor(paths.validation)).toHaveLength(1);
  });
});
