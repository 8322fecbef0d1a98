/**
 * Payment tests need the whole path over real HTTP: the Daraja simulator, the local API server (whose callback
 * route the simulator calls), and the local event bus delivering to the settle handler. Import this module FIRST in
 * a test file: it points the handlers' configuration at those servers before any handler reads it.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createDarajaSimulator } from "../../../mpesa-sim/src/server.js";
import { type CallbackPathKind, callbackPathToken } from "../../src/adapters/daraja/callback-tokens.js";
import { EVENT_SOURCE } from "../../src/adapters/eventbridge/publisher.js";
import { createLocalApiServer } from "../../src/local/api-server.js";
import { createLocalEventBus, type EventEnvelope, type LocalEventBus } from "../../src/local/event-bus.js";
import { localLambdaContext } from "../../src/local/lambda-context.js";
import { startOutboxRelay } from "../../src/local/outbox-relay.js";
import { closeServer, listen } from "../../src/local/servers.js";
import { signInAsAdmin } from "./admin.js";

/**
 * Ports of their own per vitest worker, so test files using this stack can run side by side (and a second vitest run
 * can be moved with PAYMENTS_TEST_PORT_BASE).
 */
const base = Number(process.env.PAYMENTS_TEST_PORT_BASE ?? 3600) + 10 * Number(process.env.VITEST_POOL_ID ?? 1);
const PORTS = { api: base, sim: base + 1, bus: base + 2 };
export const callbackToken = randomBytes(16).toString("hex");
export const apiUrl = `http://127.0.0.1:${PORTS.api}/api`;
export const simulatorUrl = `http://127.0.0.1:${PORTS.sim}`;

Object.assign(process.env, {
  MPESA_BASE_URL: `http://127.0.0.1:${PORTS.sim}`,
  MPESA_CONSUMER_KEY: "local-consumer-key",
  MPESA_CONSUMER_SECRET: "local-consumer-secret",
  MPESA_PASSKEY: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
  MPESA_SECURITY_CREDENTIAL: Buffer.from("local-initiator").toString("base64"),
  MPESA_CALLBACK_TOKEN: callbackToken,
  MPESA_CALLBACK_BASE_URL: apiUrl,
  MPESA_CALLBACK_ALLOWED_IPS: "127.0.0.1,::1",
  MPESA_RECONCILE_AFTER_SECONDS: "1",
  EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${PORTS.bus}`,
  EVENT_BUS_NAME: "jengafund-test",
  LOG_LEVEL: "warn",
});

export interface PaymentsStack {
  simulator: ReturnType<typeof createDarajaSimulator>;
  bus: LocalEventBus;
  stop(): Promise<void>;
}

export interface PaymentsStackOptions {
  callbackDelayMs: number;
  /** The bus's target in place of the settle handler, when a test must reach it (e.g. with injected faults). */
  settle?: (event: EventEnvelope, handler: (event: EventEnvelope) => Promise<unknown>) => Promise<unknown>;
  /** Leave out the local outbox relay, for a test that sends the outbox itself (e.g. with injected faults). */
  withoutOutboxRelay?: boolean;
}

export async function startPaymentsStack(options: PaymentsStackOptions): Promise<PaymentsStack> {
  const simulator = createDarajaSimulator({ callbackDelayMs: options.callbackDelayMs });
  const settle = await import("../../src/handlers/events/settle-mpesa-result.js");
  const handler = (event: EventEnvelope) =>
    settle.handler(event as never, localLambdaContext("settle-mpesa-result", { timeoutMs: 30_000 }));
  const bus = createLocalEventBus([
    { source: EVENT_SOURCE, target: (event) => (options.settle ? options.settle(event, handler) : handler(event)) },
  ]);
  const api = createLocalApiServer(async (name) => (await import(`../../src/handlers/http/${name}.ts`)).handler);
  await Promise.all([listen(simulator, PORTS.sim), listen(bus, PORTS.bus), listen(api, PORTS.api)]);
  // As npm start: the outbox's SMS and email go out within a second of the move (the stream in AWS).
  const relay = options.withoutOutboxRelay
    ? undefined
    : startOutboxRelay(async () => (await import("../../src/modules/messaging/index.js")).notifications());
  return {
    simulator,
    bus,
    stop: async () => {
      await relay?.stop();
      await Promise.all([closeServer(simulator), closeServer(bus), closeServer(api)]);
    },
  };
}

/**
 * The payments stack for one test file, with the admin signed in: started before its tests, stopped after them.
 * Read `stack` and `adminToken` inside tests (they are set once the file's setup has run).
 */
export function usePaymentsStack(options: PaymentsStackOptions = { callbackDelayMs: 50 }) {
  const running = { stack: undefined as unknown as PaymentsStack, adminToken: "" };
  beforeAll(async () => {
    running.stack = await startPaymentsStack(options);
    running.adminToken = (await signInAsAdmin()).token;
  });
  afterAll(async () => {
    await running.stack.stop();
  });
  return running;
}

export { eventually } from "./eventually.js";

/** The path token of one kind of callback, as the API derives it from the secret (design.md §13.3). */
export const kindToken = (kind: CallbackPathKind) => callbackPathToken(callbackToken, kind);

/** Posts a callback of `kind` (any path segment) with that kind's token, or `token`. */
export async function postCallback(kind: string, body: unknown, token = kindToken(kind as CallbackPathKind)) {
  const response = await fetch(`${apiUrl}/hooks/daraja/${kind}/${token}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A successful STK callback as Daraja posts it (mpesa.md), for the deposit with this CheckoutRequestID. */
export function stkPaid(fields: { checkoutRequestId: string; amount: number; receipt: string; phone: number }) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: fields.checkoutRequestId,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: [
            { Name: "Amount", Value: fields.amount },
            { Name: "MpesaReceiptNumber", Value: fields.receipt },
            { Name: "TransactionDate", Value: 20261126081530 },
            { Name: "PhoneNumber", Value: fields.phone },
          ],
        },
      },
    },
  };
}
