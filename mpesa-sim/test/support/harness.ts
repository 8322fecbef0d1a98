import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SANDBOX_PASSKEY } from "../../src/config.js";
import { createDarajaSimulator, type DarajaSimulator, type SimulatorOptions, stkPassword } from "../../src/server.js";

/**
 * Test harness: the simulator on an ephemeral port, spoken to over real HTTP, and a small HTTP server standing in for
 * the product's callback endpoints.
 */
export const DEFAULT_PHONE = 254708374149;
export const CONSUMER = { key: "local-consumer-key", secret: "local-consumer-secret" };
export const TIMESTAMP = "20250301143005";
/** A sandbox C2B test short code (mpesa.md §9.A B.6). */
export const C2B_SHORTCODE = 600984;

export function listenOnEphemeralPort(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}

export interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * Records every POST it receives; answers 200 `{"ResultCode":0,"ResultDesc":"Accepted"}`, or a chosen status or body,
 * or (a path told to hang) never answers.
 */
export class CallbackReceiver {
  readonly hits: Hit[] = [];
  private readonly statusByPath = new Map<string, number>();
  private readonly bodyByPath = new Map<string, string>();
  private readonly hanging = new Set<string>();
  private baseUrl = "";
  private readonly server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      this.hits.push({ path, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      if (this.hanging.has(path)) return;
      res.writeHead(this.statusByPath.get(path) ?? 200, { "content-type": "application/json" });
      res.end(this.bodyByPath.get(path) ?? JSON.stringify({ ResultCode: 0, ResultDesc: "Accepted" }));
    });
  });

  async start(): Promise<this> {
    this.baseUrl = await listenOnEphemeralPort(this.server);
    return this;
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  answerWith(path: string, status: number): void {
    this.statusByPath.set(path, status);
  }

  /** Answers POSTs to `path` with this body (an object is sent as JSON, a string as it is). */
  answerBody(path: string, body: unknown): void {
    this.bodyByPath.set(path, typeof body === "string" ? body : JSON.stringify(body));
  }

  /** Takes POSTs to `path` and never answers them. */
  hang(path: string): void {
    this.hanging.add(path);
  }

  hitsFor(path: string): Hit[] {
    return this.hits.filter((hit) => hit.path === path);
  }

  /** Waits for `count` callbacks on `path` and returns their bodies. */
  async waitForHits<T = unknown>(path: string, count = 1): Promise<T[]> {
    await waitFor(() => this.hitsFor(path).length >= count);
    return this.hitsFor(path).map((hit) => hit.body as T);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return closeServer(this.server);
  }
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A thin Daraja client, the way the product's client calls it. */
export class DarajaTestClient {
  token = "";

  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let payload = options.rawBody;
    if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      payload = JSON.stringify(options.body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async generateToken(key = CONSUMER.key, secret = CONSUMER.secret): Promise<JsonResponse> {
    const basic = Buffer.from(`${key}:${secret}`).toString("base64");
    return this.request("GET", "/oauth/v1/generate?grant_type=client_credentials", {
      headers: { authorization: `Basic ${basic}` },
    });
  }

  async authenticate(): Promise<string> {
    const { body } = await this.generateToken();
    this.token = String(body.access_token);
    return this.token;
  }

  post<T = Record<string, unknown>>(path: string, body: unknown, token = this.token): Promise<JsonResponse<T>> {
    return this.request<T>("POST", path, { body, headers: { authorization: `Bearer ${token}` } });
  }

  stkPush(overrides: Record<string, unknown> = {}) {
    return this.post("/mpesa/stkpush/v1/processrequest", stkPushBody(overrides));
  }

  stkQuery(checkoutRequestId: unknown, overrides: Record<string, unknown> = {}) {
    return this.post("/mpesa/stkpushquery/v1/query", {
      BusinessShortCode: 174379,
      Password: stkPassword("174379", SANDBOX_PASSKEY, TIMESTAMP),
      Timestamp: TIMESTAMP,
      CheckoutRequestID: checkoutRequestId,
      ...overrides,
    });
  }

  b2c(overrides: Record<string, unknown> = {}, version: "v1" | "v3" = "v3") {
    return this.post(`/mpesa/b2c/${version}/paymentrequest`, b2cBody(overrides));
  }

  transactionStatus(overrides: Record<string, unknown> = {}) {
    return this.post("/mpesa/transactionstatus/v1/query", {
      Initiator: "testapi",
      SecurityCredential: SECURITY_CREDENTIAL,
      CommandID: "TransactionStatusQuery",
      TransactionID: "",
      PartyA: 600984,
      IdentifierType: 4,
      ResultURL: "http://127.0.0.1:1/unset",
      QueueTimeOutURL: "http://127.0.0.1:1/timeout",
      Remarks: "Reconcile",
      Occasion: "",
      ...overrides,
    });
  }

  registerC2bUrls(overrides: Record<string, unknown> = {}, version: "v1" | "v2" = "v1") {
    return this.post(`/mpesa/c2b/${version}/registerurl`, {
      ShortCode: C2B_SHORTCODE,
      ResponseType: "Completed",
      ConfirmationURL: "http://127.0.0.1:1/unset/confirmation",
      ValidationURL: "http://127.0.0.1:1/unset/validation",
      ...overrides,
    });
  }

  c2bSimulate(overrides: Record<string, unknown> = {}, version: "v1" | "v2" = "v1") {
    return this.post(`/mpesa/c2b/${version}/simulate`, {
      ShortCode: C2B_SHORTCODE,
      CommandID: "CustomerPayBillOnline",
      Amount: 500,
      Msisdn: DEFAULT_PHONE,
      BillRefNumber: "0708374149",
      ...overrides,
    });
  }

  pullRegister(overrides: Record<string, unknown> = {}) {
    return this.post("/pulltransactions/v1/register", {
      ShortCode: String(C2B_SHORTCODE),
      RequestType: "Pull",
      NominatedNumber: "0722000000",
      CallBackURL: "https://pull.example.com/hooks/pull",
      ...overrides,
    });
  }

  pullQuery(overrides: Record<string, unknown> = {}) {
    return this.post("/pulltransactions/v1/query", {
      ShortCode: String(C2B_SHORTCODE),
      StartDate: "2020-08-04 08:36:00",
      EndDate: "2020-08-04 10:10:00",
      OffSetValue: "0",
      ...overrides,
    });
  }

  /** The simulator's own inspection API. */
  inspect<T = Record<string, unknown>>(path: string, method = "GET", body?: unknown): Promise<JsonResponse<T>> {
    return this.request<T>(method, `/__sim/${path}`, body === undefined ? {} : { body });
  }
}

/** Base64 of bytes, shaped like an RSA ciphertext (the simulator cannot decrypt one, only tell it from plaintext). */
export const SECURITY_CREDENTIAL = Buffer.alloc(256, 7).toString("base64");

export function stkPushBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    BusinessShortCode: 174379,
    Password: stkPassword("174379", SANDBOX_PASSKEY, TIMESTAMP),
    Timestamp: TIMESTAMP,
    TransactionType: "CustomerPayBillOnline",
    Amount: 500,
    PartyA: DEFAULT_PHONE,
    PartyB: 174379,
    PhoneNumber: DEFAULT_PHONE,
    CallBackURL: "http://127.0.0.1:1/unset",
    AccountReference: "DEP7Q2K9M1",
    TransactionDesc: "Wallet topup",
    ...overrides,
  };
}

let originatorCounter = 0;
export const nextOriginatorId = () => `WDR-${process.pid}-${++originatorCounter}`;

export function b2cBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OriginatorConversationID: nextOriginatorId(),
    InitiatorName: "testapi",
    SecurityCredential: SECURITY_CREDENTIAL,
    CommandID: "BusinessPayment",
    Amount: 1500,
    PartyA: 600984,
    PartyB: DEFAULT_PHONE,
    Remarks: "Withdrawal",
    QueueTimeOutURL: "http://127.0.0.1:1/timeout",
    ResultURL: "http://127.0.0.1:1/unset",
    Occassion: "",
    ...overrides,
  };
}

export interface Harness {
  sim: DarajaSimulator;
  client: DarajaTestClient;
  receiver: CallbackReceiver;
  close(): Promise<void>;
}

/** A simulator (20 ms outcome delay unless told otherwise), an authenticated client and a callback receiver. */
export async function startHarness(options: SimulatorOptions = {}): Promise<Harness> {
  const sim = createDarajaSimulator({ callbackDelayMs: 20, ...options });
  const client = new DarajaTestClient(await listenOnEphemeralPort(sim));
  const receiver = await new CallbackReceiver().start();
  await client.authenticate();
  return {
    sim,
    client,
    receiver,
    close: async () => {
      await closeServer(sim);
      await receiver.close();
    },
  };
}

/** Looks up a CallbackMetadata / ResultParameters item by name, as a client must (never by index). */
export function item<T extends { Name?: string; Key?: string; Value?: unknown }>(items: T[], name: string) {
  return items.find((entry) => entry.Name === name || entry.Key === name);
}
