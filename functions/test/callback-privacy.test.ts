/**
 * No phone number is written down from a Daraja callback (design.md §10): every callback the simulator sends, and
 * every one the tests build, goes through the logger and through the callback route onto the payments bus, whose
 * archive keeps what the bus carries for a year. The log masks every number, a CheckoutRequestID's nine digits
 * included; the archived body holds each number only as its hash, and the two keys settlement finds its record by
 * (the CheckoutRequestID and the BillRefNumber) sealed, so that it still settles as the original would.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness, waitFor } from "../../mpesa-sim/test/support/harness.js";
import { callbackPathToken } from "../src/adapters/daraja/callback-tokens.js";
import {
  hashMsisdn,
  parseC2bPayment,
  parsePayoutResult,
  parseStatusResult,
  parseStkCallback,
} from "../src/adapters/daraja/callbacks.js";
import type { CallbackKind } from "../src/adapters/daraja/daraja.js";
import { openSettlementKey, sealSettlementKey } from "../src/adapters/daraja/settlement-keys.js";
import { handler as receiveCallback } from "../src/handlers/http/receive-daraja-callback.js";
import { EVENT_SOURCE } from "../src/kernel/event-names.js";
import { log } from "../src/kernel/log.js";
import { createLocalEventBus, type EventEnvelope } from "../src/local/event-bus.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import { closeServer, listen } from "../src/local/servers.js";
import { createCallbackOpener } from "../src/modules/money-in/index.js";
import { c2bPayment } from "./support/c2b-payment.js";
import { gatewayEvent } from "./support/events.js";
import { logLines, outputOf } from "./support/output.js";
import { b2cResult } from "./support/payouts.js";

const busPort = Number(process.env.PAYMENTS_TEST_PORT_BASE ?? 3600) + 10 * Number(process.env.VITEST_POOL_ID ?? 1) + 7;
const CALLBACK_TOKEN = randomBytes(16).toString("hex");
Object.assign(process.env, {
  LOG_LEVEL: "INFO",
  MPESA_CALLBACK_TOKEN: CALLBACK_TOKEN,
  MPESA_CALLBACK_ALLOWED_IPS: "",
  EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${busPort}`,
  EVENT_BUS_NAME: "jengafund-test",
});

/** The numbers the callbacks are about: payers, payout recipients, and the account number a Paybill payer typed. */
const NUMBERS = {
  stkPayer: "254712345678",
  stkCancelled: "254700001032",
  payee: "254733444555",
  paybillPayer: "254711222333",
  paybillAccount: "254722000111",
};
/** A number's nine digits after 254: whatever form it is written in (07…, 254…, +254…, in an id), they are there. */
const nineDigits = Object.values(NUMBERS).map((msisdn) => msisdn.slice(3));
const writtenNumbers = (text: string) => nineDigits.filter((digits) => text.includes(digits));

interface Fixture {
  name: string;
  kind: CallbackKind;
  body: unknown;
}

const fixtures: Fixture[] = [];
/** The archive: EventBridge keeps every event with the payments source, as the settle rule receives it. */
const archived: EventEnvelope[] = [];
const bus = createLocalEventBus([{ source: EVENT_SOURCE, target: async (event) => archived.push(event) }]);
let h: Harness;
const openCallback = createCallbackOpener({ callbackToken: async () => CALLBACK_TOKEN });

/** Every callback the simulator sends: STK paid and cancelled, B2C paid and failed, Transaction Status, C2B. */
async function simulatorCallbacks(): Promise<Fixture[]> {
  const path = (kind: string) => `/hooks/${kind}/${randomBytes(4).toString("hex")}`;
  const sent: { name: string; kind: CallbackKind; path: string }[] = [];
  const expect200 = (answer: { status: number; body: unknown }) => {
    if (answer.status !== 200) throw new Error(`simulator refused: ${JSON.stringify(answer.body)}`);
    return answer.body as Record<string, unknown>;
  };
  const stk = async (name: string, phone: string) => {
    const to = path("stk");
    sent.push({ name, kind: "stk", path: to });
    expect200(
      await h.client.stkPush({ PartyA: Number(phone), PhoneNumber: Number(phone), CallBackURL: h.receiver.url(to) }),
    );
  };
  const b2c = async (name: string, phone: string) => {
    const to = path("b2c");
    sent.push({ name, kind: "b2c-result", path: to });
    return expect200(await h.client.b2c({ PartyB: Number(phone), ResultURL: h.receiver.url(to) }));
  };
  await stk("STK paid", NUMBERS.stkPayer);
  await stk("STK cancelled", NUMBERS.stkCancelled);
  const payout = await b2c("B2C paid", NUMBERS.payee);
  // A failed payout's result names nobody.
  await b2c("B2C failed", "254700002040");
  const confirmation = path("c2b");
  expect200(
    await h.client.registerC2bUrls({ ConfirmationURL: h.receiver.url(confirmation), ValidationURL: undefined }),
  );
  sent.push({ name: "C2B confirmation", kind: "c2b-confirmation", path: confirmation });
  expect200(
    await h.client.c2bSimulate({
      Msisdn: Number(NUMBERS.paybillPayer),
      BillRefNumber: `0${NUMBERS.paybillAccount.slice(3)}`,
    }),
  );
  await waitFor(() => sent.every(({ path: to }) => h.receiver.hitsFor(to).length > 0) || undefined);
  // Transaction Status about the paid payout (its parties by name) and about the STK payment (the payer by name).
  const stkPaid = h.receiver.hitsFor(sent[0]?.path ?? "")[0]?.body as {
    Body: { stkCallback: { CallbackMetadata: { Item: { Name: string; Value?: unknown }[] } } };
  };
  const stkReceipt = stkPaid.Body.stkCallback.CallbackMetadata.Item.find((i) => i.Name === "MpesaReceiptNumber")?.Value;
  for (const [name, query] of [
    ["Transaction Status of a payout", { OriginalConversationID: payout.OriginatorConversationID }],
    ["Transaction Status of an STK payment", { TransactionID: stkReceipt }],
  ] as const) {
    const to = path("status");
    sent.push({ name, kind: "status-result", path: to });
    expect200(await h.client.transactionStatus({ ResultURL: h.receiver.url(to), ...query }));
  }
  await waitFor(() => sent.every(({ path: to }) => h.receiver.hitsFor(to).length > 0) || undefined);
  return sent.map(({ name, kind, path: to }) => ({ name, kind, body: h.receiver.hitsFor(to)[0]?.body }));
}

/** The bodies the payment tests build (functions/test/support), as Daraja would post them. */
function builtCallbacks(): Fixture[] {
  return [
    {
      name: "built STK paid",
      kind: "stk",
      body: {
        Body: {
          stkCallback: {
            MerchantRequestID: "29115-34620561-1",
            CheckoutRequestID: `ws_CO_01032025143006512${NUMBERS.stkPayer.slice(3)}`,
            ResultCode: 0,
            ResultDesc: "The service request is processed successfully.",
            CallbackMetadata: {
              Item: [
                { Name: "Amount", Value: 500 },
                { Name: "MpesaReceiptNumber", Value: "TK12345678" },
                { Name: "TransactionDate", Value: 20261126081530 },
                { Name: "PhoneNumber", Value: Number(NUMBERS.stkPayer) },
              ],
            },
          },
        },
      },
    },
    {
      name: "built B2C paid",
      kind: "b2c-result",
      body: b2cResult({ withdrawalId: "WDR1", conversationId: "AG_1", resultCode: 0, amount: 300, receipt: "TC1" }),
    },
    {
      name: "built C2B, number in plain",
      kind: "c2b-confirmation",
      body: c2bPayment({
        BillRefNumber: `+${NUMBERS.paybillAccount}`,
        TransAmount: "250.00",
        MSISDN: NUMBERS.paybillPayer,
      }),
    },
  ];
}

beforeAll(async () => {
  h = await startHarness({ callbackDelayMs: 0, c2bMsisdnFormat: "plain" });
  await listen(bus, busPort);
  fixtures.push(...(await simulatorCallbacks()), ...builtCallbacks());
});
afterAll(async () => {
  await h.close();
  await closeServer(bus);
});

/** What settlement reads from a body of this kind. */
const READERS: Record<CallbackKind, (body: unknown) => unknown> = {
  stk: parseStkCallback,
  "b2c-result": parsePayoutResult,
  "b2c-timeout": parsePayoutResult,
  "status-result": parseStatusResult,
  "status-timeout": parseStatusResult,
  "c2b-confirmation": (body) => {
    const payment = parseC2bPayment(body);
    return payment && { ...payment, msisdn: "(compared below)" };
  },
};

describe("callback fixtures", () => {
  it("carry the numbers they are about, as Daraja sends them (else the checks below would prove nothing)", () => {
    expect(fixtures.map((f) => f.name)).toHaveLength(10);
    const carried = new Set(fixtures.flatMap((f) => writtenNumbers(JSON.stringify(f.body))));
    expect([...carried].sort()).toEqual([...nineDigits].sort());
  });

  it("are logged with every phone number masked, a CheckoutRequestID's included", async () => {
    for (const fixture of fixtures) {
      const output = await outputOf(async () => {
        log("info", "Daraja callback", { kind: fixture.kind, body: fixture.body });
      });
      expect(logLines(output, "INFO"), fixture.name).toHaveLength(1);
      expect(writtenNumbers(JSON.stringify(output)), fixture.name).toEqual([]);
    }
  });

  it("go through the callback route onto the bus, and its archive, with each number hashed", async () => {
    for (const fixture of fixtures) {
      const event = gatewayEvent("receive-daraja-callback", {
        pathParameters: { kind: fixture.kind, token: callbackPathToken(CALLBACK_TOKEN, fixture.kind) },
        body: fixture.body,
        sourceIp: "196.201.214.200",
      });
      const before = archived.length;
      const output = await outputOf(async () => {
        const response = await receiveCallback(
          event,
          localLambdaContext("receive-daraja-callback", { timeoutMs: 10_000 }),
        );
        expect(response.statusCode, fixture.name).toBe(200);
      });
      await bus.idle();
      expect(writtenNumbers(JSON.stringify(output)), fixture.name).toEqual([]);
      const kept = archived.slice(before);
      expect(kept, fixture.name).toHaveLength(1);
      const { body } = (kept[0]?.detail ?? {}) as { body?: unknown };
      // No number is left in what the archive keeps, not even in the keys settlement finds its record by ...
      expect(writtenNumbers(JSON.stringify(body)), fixture.name).toEqual([]);
      // ... which settlement opens, and then reads the archived body as it would have read the original.
      const opened = await openCallback(body);
      expect(READERS[fixture.kind](opened), fixture.name).toEqual(READERS[fixture.kind](fixture.body));
      const { CheckoutRequestID, BillRefNumber } = flatten(fixture.body);
      if (CheckoutRequestID !== undefined) expect(flatten(body).CheckoutRequestID).not.toBe(CheckoutRequestID);
      if (BillRefNumber !== undefined) expect(flatten(body).BillRefNumber).not.toBe(BillRefNumber);
      expect(flatten(opened).CheckoutRequestID).toBe(CheckoutRequestID);
      expect(flatten(opened).BillRefNumber).toBe(BillRefNumber);
    }
    const c2b = archived.map((e) => (e.detail as { body: { MSISDN?: string } }).body.MSISDN).filter(Boolean);
    expect(c2b).toEqual([hashMsisdn(NUMBERS.paybillPayer), hashMsisdn(NUMBERS.paybillPayer)]);
    expect(hashMsisdn(`0${NUMBERS.paybillPayer.slice(3)}`)).toBe(hashMsisdn(NUMBERS.paybillPayer));
  });
});

describe("the sealed settlement keys", () => {
  const key = `ws_CO_01032025143006512${NUMBERS.stkPayer.slice(3)}`;

  it("differ each time a key is sealed, and open only with the callback token they were sealed with", () => {
    const once = sealSettlementKey(key, CALLBACK_TOKEN);
    const twice = sealSettlementKey(key, CALLBACK_TOKEN);
    expect(once).not.toBe(twice);
    expect(openSettlementKey(once, CALLBACK_TOKEN)).toBe(key);
    expect(openSettlementKey(twice, CALLBACK_TOKEN)).toBe(key);
    expect(() => openSettlementKey(once, "another token")).toThrow();
    const changed = `${once.slice(0, -2)}${once.endsWith("AA") ? "BB" : "AA"}`;
    expect(() => openSettlementKey(changed, CALLBACK_TOKEN)).toThrow();
  });

  it("leave an event archived before sealing as it was, and need no secret to read it", async () => {
    const opener = createCallbackOpener({
      callbackToken: () => Promise.reject(new Error("no secret needed for an unsealed body")),
    });
    const body = { Body: { stkCallback: { CheckoutRequestID: key, ResultCode: 1032 } } };
    expect(await opener(body)).toEqual(body);
  });

  it("refuse, by name, to open a callback sealed under another callback token (before a rotation)", async () => {
    const sealed = { Body: { stkCallback: { CheckoutRequestID: sealSettlementKey(key, "the token before") } } };
    await expect(createCallbackOpener({ callbackToken: async () => CALLBACK_TOKEN })(sealed)).rejects.toThrow(
      "The callback's settlement keys cannot be opened with the current callback token",
    );
  });
});

/** Every field of a body by name, at any depth (the last value wins; the keys checked here occur once). */
function flatten(value: unknown, into: Record<string, unknown> = {}): Record<string, unknown> {
  if (Array.isArray(value)) for (const item of value) flatten(item, into);
  else if (typeof value === "object" && value !== null) {
    for (const [name, inner] of Object.entries(value)) {
      if (typeof inner === "object" && inner !== null) flatten(inner, into);
      else into[name] = inner;
    }
  }
  return into;
}
