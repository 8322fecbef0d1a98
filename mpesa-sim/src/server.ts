import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createAccountBalanceApi } from "./account-balance.js";
import { type ApiFamily, createOAuthHandler, requireBearer, TokenStore } from "./auth.js";
import { createB2cApi } from "./b2c.js";
import { createC2bApi } from "./c2b.js";
import { CallbackDispatcher, type CallbackRecord } from "./callbacks.js";
import { resolveConfig, type SimulatorConfig, type SimulatorOptions } from "./config.js";
import type { SimContext } from "./context.js";
import { DarajaError, errorEnvelope, methodNotAllowed, resourceNotFound } from "./errors.js";
import { type Reply, readRequest, type SimRequest, sendJson } from "./http.js";
import { IdFactory } from "./ids.js";
import { createInspection, type ReceivedRequest } from "./inspection.js";
import { PhoneBehaviours } from "./phone-behaviours.js";
import { createPullTransactionsApi } from "./pull-transactions.js";
import { Scheduler } from "./scheduler.js";
import { createStkApi } from "./stk.js";
import { createTransactionStatusApi } from "./transaction-status.js";

export type { CallbackRecord } from "./callbacks.js";
export { optionsFromEnv, type SimulatorConfig, type SimulatorOptions } from "./config.js";
export type { ReceivedRequest } from "./inspection.js";
export { stkPassword } from "./stk.js";

/**
 * A local stand-in for Safaricom's Daraja API, spoken to over real HTTP by the product's Daraja client: the real
 * paths, payloads, error envelopes and asynchronous callbacks (mpesa.md §6), with outcomes chosen by phone number
 * (design.md §7) or by what a number was told to act as (design.md §12.4). `/__sim/*` is the simulator's own
 * inspection and settings API.
 */
export interface DarajaSimulator extends Server {
  /** Every Daraja request received (not `/__sim`), newest last. */
  received: ReceivedRequest[];
  /** Every callback POSTed, newest last. */
  callbacks: CallbackRecord[];
  /** The live configuration (`callbackDelayMs` can be changed while running). */
  config: SimulatorConfig;
}

interface Route {
  method: "GET" | "POST";
  /** Which bearer-token check applies; OAuth itself has none. */
  auth?: ApiFamily;
  handle: (req: SimRequest) => Reply;
}

export function createDarajaSimulator(options: SimulatorOptions = {}): DarajaSimulator {
  const config = resolveConfig(options);
  const ids = new IdFactory(config.now);
  const tokens = new TokenStore(config, ids);
  const scheduler = new Scheduler();
  const callbacks = new CallbackDispatcher({
    timeoutMs: config.callbackTimeoutMs,
    sourceIp: config.callbackSourceIp,
    now: config.now,
  });
  const phones = new PhoneBehaviours();
  const ctx: SimContext = { config, ids, tokens, scheduler, callbacks, phones };
  const stk = createStkApi(ctx);
  const b2c = createB2cApi(ctx);
  const c2b = createC2bApi(ctx);
  const transactionStatus = createTransactionStatusApi(ctx, b2c, stk, c2b);
  const accountBalance = createAccountBalanceApi(ctx, b2c);
  const pull = createPullTransactionsApi(ctx, c2b, stk);
  const received: ReceivedRequest[] = [];
  const inspect = createInspection({
    config,
    received,
    callbacks,
    phones,
    stk,
    b2c,
    transactionStatus,
    accountBalance,
    c2b,
    pull,
  });

  const routes = new Map<string, Route>([
    ["/oauth/v1/generate", { method: "GET", handle: createOAuthHandler(config, tokens) }],
    ["/mpesa/stkpush/v1/processrequest", { method: "POST", auth: "stk", handle: stk.push }],
    ["/mpesa/stkpushquery/v1/query", { method: "POST", auth: "stk", handle: stk.query }],
    ["/mpesa/b2c/v3/paymentrequest", { method: "POST", auth: "initiator", handle: b2c.paymentV3 }],
    ["/mpesa/b2c/v1/paymentrequest", { method: "POST", auth: "initiator", handle: b2c.paymentV1 }],
    ["/mpesa/transactionstatus/v1/query", { method: "POST", auth: "initiator", handle: transactionStatus.query }],
    ["/mpesa/accountbalance/v1/query", { method: "POST", auth: "initiator", handle: accountBalance.query }],
    ["/mpesa/c2b/v1/registerurl", { method: "POST", auth: "c2b", handle: c2b.registerV1 }],
    ["/mpesa/c2b/v2/registerurl", { method: "POST", auth: "c2b", handle: c2b.registerV2 }],
    ["/mpesa/c2b/v1/simulate", { method: "POST", auth: "c2b", handle: c2b.simulateV1 }],
    ["/mpesa/c2b/v2/simulate", { method: "POST", auth: "c2b", handle: c2b.simulateV2 }],
    ["/pulltransactions/v1/register", { method: "POST", auth: "pull", handle: pull.register }],
    ["/pulltransactions/v1/query", { method: "POST", auth: "pull", handle: pull.query }],
  ]);

  function daraja(req: SimRequest): Reply {
    try {
      const route = routes.get(req.path);
      if (!route) throw resourceNotFound();
      if (req.method !== route.method) throw methodNotAllowed();
      if (route.auth) requireBearer(tokens, route.auth, req);
      return route.handle(req);
    } catch (error) {
      const known =
        error instanceof DarajaError ? error : new DarajaError(500, "500.003.1001", "Internal Server Error");
      if (!(error instanceof DarajaError)) console.error("[mpesa-sim] unexpected error", error);
      return { status: known.httpStatus, body: errorEnvelope(known, ids.requestId()) };
    }
  }

  async function handle(raw: IncomingMessage, res: ServerResponse): Promise<void> {
    const req = await readRequest(raw);
    if (req.path === "/__sim" || req.path.startsWith("/__sim/")) {
      const reply = inspect(req);
      sendJson(res, reply.status, reply.body);
      return;
    }
    const entry: ReceivedRequest = {
      at: config.now().toISOString(),
      method: req.method,
      path: req.path,
      query: Object.fromEntries(req.query),
      contentType: req.headers["content-type"],
      authorization: req.headers.authorization?.split(/\s+/)[0],
      body: req.body ?? (req.rawBody || undefined),
    };
    received.push(entry);
    const reply = daraja(req);
    entry.status = reply.status;
    const errorCode = (reply.body as { errorCode?: unknown } | undefined)?.errorCode;
    if (typeof errorCode === "string") entry.errorCode = errorCode;
    sendJson(res, reply.status, reply.body, reply.contentType);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Only reading the request can fail here (the client went away); there is nobody left to answer.
      console.error("[mpesa-sim] request failed", error);
      res.destroy();
    });
  });

  // Pending outcomes and in-flight callbacks belong to this server: closing it must leave no timers or sockets.
  const shutdown = () => {
    scheduler.stop();
    callbacks.stop();
  };
  const close = server.close.bind(server);
  server.close = ((callback?: (error?: Error) => void) => {
    shutdown();
    return close(callback);
  }) as Server["close"];
  server.on("close", shutdown);

  return Object.assign(server, { received, callbacks: callbacks.log, config });
}
