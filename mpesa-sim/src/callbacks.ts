import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

/**
 * Delivers callbacks (STK results, B2C and query results) as Daraja does: one JSON POST, no signature, no retry —
 * a failure is recorded and that is the end of it (mpesa.md §2.1, the single-attempt reading of S23). Every POST
 * is logged for `GET /__sim/callbacks`.
 */
export type CallbackKind =
  | "stk"
  | "b2c"
  | "transaction-status"
  | "account-balance"
  | "c2b-validation"
  | "c2b-confirmation";

export interface CallbackRecord {
  id: number;
  kind: CallbackKind;
  /** The CheckoutRequestID, ConversationID or (C2B) TransID the callback is about. */
  relatesTo: string;
  /** 1, or 2 for the duplicate of a "delivered twice" scenario. */
  attempt: number;
  url: string;
  body: unknown;
  sentAt: string;
  finishedAt?: string;
  /** The receiver's HTTP status, once it answered. */
  status?: number;
  responseBody?: string;
  /** Why delivery failed (connection refused, timeout, non-2xx status). */
  error?: string;
}

export interface CallbackDispatcherOptions {
  timeoutMs: number;
  sourceIp: string | null;
  now: () => Date;
}

const MAX_RECORDED_RESPONSE = 2000;

export class CallbackDispatcher {
  readonly log: CallbackRecord[] = [];
  private readonly inFlight = new Set<() => void>();
  private nextId = 1;
  private stopped = false;

  constructor(private readonly options: CallbackDispatcherOptions) {}

  /**
   * POSTs the body once; resolves with the record when the receiver answered or delivery failed. `timeoutMs` overrides
   * the dispatcher's for a call whose answer is awaited (C2B validation).
   */
  send(
    kind: CallbackKind,
    relatesTo: string,
    attempt: number,
    url: string,
    body: unknown,
    timeoutMs = this.options.timeoutMs,
  ): Promise<CallbackRecord> {
    const record: CallbackRecord = {
      id: this.nextId++,
      kind,
      relatesTo,
      attempt,
      url,
      body,
      sentAt: this.options.now().toISOString(),
    };
    this.log.push(record);
    if (this.stopped) return Promise.resolve(this.finish(record, { error: "simulator closed" }));
    return new Promise((resolve) => {
      const payload = JSON.stringify(body);
      const target = new URL(url);
      const headers: Record<string, string | number> = {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(payload),
      };
      if (this.options.sourceIp) headers["x-forwarded-for"] = this.options.sourceIp;
      // agent: false — one connection per callback, closed afterwards, so nothing lingers after the server closes.
      const post = (target.protocol === "https:" ? httpsRequest : httpRequest)(target, {
        method: "POST",
        headers,
        agent: false,
        timeout: timeoutMs,
      });
      const abort = () => post.destroy(new Error("simulator closed"));
      this.inFlight.add(abort);
      let settled = false;
      const done = (outcome: { status?: number; responseBody?: string; error?: string }) => {
        if (settled) return;
        settled = true;
        this.inFlight.delete(abort);
        resolve(this.finish(record, outcome));
      };
      post.on("timeout", () => post.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      post.on("error", (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
      post.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", (error) => done({ status: response.statusCode, error: error.message }));
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const responseBody = Buffer.concat(chunks).toString("utf8").slice(0, MAX_RECORDED_RESPONSE);
          done(
            status >= 200 && status < 300
              ? { status, responseBody }
              : { status, responseBody, error: `HTTP ${status}` },
          );
        });
      });
      post.end(payload);
    });
  }

  /** Aborts deliveries still waiting for an answer; later sends are recorded as not delivered. */
  stop(): void {
    this.stopped = true;
    for (const abort of [...this.inFlight]) abort();
  }

  private finish(
    record: CallbackRecord,
    outcome: { status?: number; responseBody?: string; error?: string },
  ): CallbackRecord {
    Object.assign(record, outcome, { finishedAt: this.options.now().toISOString() });
    return record;
  }
}
