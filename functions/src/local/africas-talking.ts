/**
 * The local stand-in for Africa's Talking's SMS API (mpesa.md §9.C), as its sandbox answers: `POST
 * /version1/messaging` with a form body (`username`, `to`, `message`, optional `from`) and an `apiKey` header answers
 * 201 with `SMSMessageData.Recipients[]` (statusCode 101 "Success", a messageId and a cost). Every message accepted
 * lands in an inbox: HTML at `/`, newest first; JSON at `GET /__inbox/messages?to=<msisdn>`; emptied by
 * `DELETE /__inbox/messages`.
 *
 * Faults per number, as the Daraja simulator's per-number behaviours (design.md §12.4):
 * `PUT /__sim/numbers/{msisdn}` `{ "outcome": "...", "times"?: n }` → 204, for the next `times` messages to that
 * number (every one when absent), then back to the default; `DELETE /__sim/numbers/{msisdn}` (or `/__sim/numbers`)
 * restores it. Outcomes: `success` (the default), `fail-500` (HTTP 500, nothing sent), `refuse` (201 with the
 * recipient refused: statusCode 403 InvalidPhoneNumber, nothing sent), `timeout` (the message is sent and no answer
 * comes until the client gives up), `drop-answer` (the message is sent and the connection is cut before the answer).
 * Dev and test only.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export const SMS_OUTCOMES = ["success", "fail-500", "refuse", "timeout", "drop-answer"] as const;
export type SmsOutcomeControl = (typeof SMS_OUTCOMES)[number];

export interface StandInMessage {
  id: string;
  to: string;
  from: string;
  message: string;
  messageId: string;
  at: string;
}

export interface AfricasTalkingStandIn extends Server {
  messages: StandInMessage[];
}

export interface StandInOptions {
  /** The account's username; the sandbox's is always `sandbox`. */
  username?: string;
  /** The default sender when `from` is absent (Africa's Talking's shared one). */
  defaultSender?: string;
}

/** +254 712 345 678, 0712345678, 254712345678 → 254712345678: numbers are compared in one form. */
export const msisdnOf = (value: string) => {
  const digits = value.replace(/\D/g, "");
  return digits.startsWith("0") ? `254${digits.slice(1)}` : digits;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Africa's Talking's error answers are plain text. */
function text(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/plain" });
  res.end(body);
}

export function createAfricasTalkingStandIn(options: StandInOptions = {}): AfricasTalkingStandIn {
  const username = options.username ?? "sandbox";
  const messages: StandInMessage[] = [];
  const controls = new Map<string, { outcome: SmsOutcomeControl; remaining?: number }>();
  /** Connections held by `timeout`, ended when the server closes. */
  const held = new Set<ServerResponse>();

  function outcomeFor(msisdn: string): SmsOutcomeControl {
    const control = controls.get(msisdn);
    if (!control) return "success";
    if (control.remaining !== undefined) {
      control.remaining -= 1;
      if (control.remaining <= 0) controls.delete(msisdn);
    }
    return control.outcome;
  }

  async function messaging(req: IncomingMessage, res: ServerResponse) {
    const apiKey = req.headers.apikey;
    if (typeof apiKey !== "string" || apiKey === "") return text(res, 401, "The supplied authentication is invalid");
    const form = new URLSearchParams(await readBody(req));
    if (form.get("username") !== username) return text(res, 401, "The supplied authentication is invalid");
    const to = form.get("to");
    const message = form.get("message");
    if (!to || !message) return text(res, 400, "Request is missing required form field 'to' or 'message'");
    const msisdn = msisdnOf(to);
    const outcome = outcomeFor(msisdn);
    if (outcome === "fail-500") return text(res, 500, "Internal Server Error");
    if (outcome === "refuse") {
      return json(res, 201, {
        SMSMessageData: {
          Message: "Sent to 0/1 Total Cost: 0",
          Recipients: [{ statusCode: 403, number: to, status: "InvalidPhoneNumber", cost: "0", messageId: "None" }],
        },
      });
    }
    const messageId = `ATXid_${randomUUID().replace(/-/g, "")}`;
    messages.push({
      id: randomUUID(),
      to: `+${msisdn}`,
      from: form.get("from") ?? options.defaultSender ?? "AFRICASTKNG",
      message,
      messageId,
      at: new Date().toISOString(),
    });
    if (outcome === "drop-answer") {
      req.socket.destroy();
      return;
    }
    if (outcome === "timeout") {
      held.add(res);
      res.on("close", () => held.delete(res));
      return;
    }
    json(res, 201, {
      SMSMessageData: {
        Message: "Sent to 1/1 Total Cost: KES 0.8000",
        Recipients: [{ statusCode: 101, number: `+${msisdn}`, status: "Success", cost: "KES 0.8000", messageId }],
      },
    });
  }

  function inboxPage(res: ServerResponse) {
    const rows = [...messages]
      .reverse()
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.at.replace("T", " ").slice(0, 19))} UTC</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.from)}</td><td>${escapeHtml(m.message)}</td></tr>`,
      )
      .join("\n");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SMS inbox (Africa's Talking stand-in)</title>
<style>body{font-family:Arial,Helvetica,sans-serif;margin:24px}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:6px 10px;text-align:left;vertical-align:top}</style></head>
<body><h1>SMS inbox</h1><p>${messages.length} message${messages.length === 1 ? "" : "s"}, newest first. JSON: <code>/__inbox/messages?to=</code></p>
<table><thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">From</th><th scope="col">Text</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    if (method === "POST" && url.pathname === "/version1/messaging") return messaging(req, res);
    if (method === "GET" && url.pathname === "/") return inboxPage(res);
    if (url.pathname === "/__inbox/messages") {
      if (method === "GET") {
        const to = url.searchParams.get("to");
        return json(res, 200, to ? messages.filter((m) => msisdnOf(m.to) === msisdnOf(to)) : messages);
      }
      if (method === "DELETE") {
        messages.length = 0;
        res.writeHead(204).end();
        return;
      }
    }
    const number = url.pathname.match(/^\/__sim\/numbers(?:\/([^/]+))?$/);
    if (number) {
      const msisdn = number[1] ? msisdnOf(decodeURIComponent(number[1])) : undefined;
      if (method === "DELETE") {
        if (msisdn) controls.delete(msisdn);
        else controls.clear();
        res.writeHead(204).end();
        return;
      }
      if (method === "PUT" && msisdn) {
        let body: { outcome?: unknown; times?: unknown };
        try {
          body = JSON.parse((await readBody(req)) || "{}");
        } catch {
          return json(res, 400, { message: "The body must be JSON" });
        }
        const outcome = SMS_OUTCOMES.find((candidate) => candidate === body.outcome);
        if (!outcome) return json(res, 400, { message: `outcome must be one of ${SMS_OUTCOMES.join(", ")}` });
        if (body.times !== undefined && (!Number.isInteger(body.times) || (body.times as number) < 1)) {
          return json(res, 400, { message: "times must be a whole number above 0" });
        }
        controls.set(msisdn, { outcome, ...(body.times !== undefined ? { remaining: body.times as number } : {}) });
        res.writeHead(204).end();
        return;
      }
    }
    json(res, 404, { message: "Not found" });
  }

  const server = createServer((req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { message: "Stand-in error" });
    });
  }) as AfricasTalkingStandIn;
  server.messages = messages;
  server.on("close", () => {
    for (const res of held) res.destroy();
  });
  return server;
}
