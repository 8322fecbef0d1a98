import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A local stand-in for Safaricom's Daraja API, spoken to over real HTTP by the product's Daraja client.
 * This first cut serves OAuth (Basic credentials → bearer token, a new token invalidating the previous one, as
 * Daraja does) and the inspection endpoint; the payment endpoints arrive with the M-Pesa work.
 */
export interface SimulatorOptions {
  /** Delay before an STK callback is delivered (design.md §7: MPESA_SIM_DELAY_MS, default 1500). */
  callbackDelayMs: number;
}

export interface ReceivedRequest {
  at: string;
  method: string;
  path: string;
  body: unknown;
}

function json(res: ServerResponse, statusCode: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createDarajaSimulator(options: SimulatorOptions): Server & { received: ReceivedRequest[] } {
  const received: ReceivedRequest[] = [];
  let currentToken: string | undefined;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const body = method === "GET" ? undefined : await readJson(req);
    if (!url.pathname.startsWith("/__sim")) {
      received.push({ at: new Date().toISOString(), method, path: url.pathname, body });
    }

    if (url.pathname === "/__sim/health") {
      json(res, 200, { status: "ok", callbackDelayMs: options.callbackDelayMs });
      return;
    }
    if (url.pathname === "/__sim/requests") {
      if (method === "DELETE") received.length = 0;
      json(res, 200, { requests: received });
      return;
    }
    if (url.pathname === "/oauth/v1/generate") {
      if (method !== "GET") {
        json(res, 405, { requestId: "", errorCode: "405.001", errorMessage: "Method Not Allowed" });
        return;
      }
      if (url.searchParams.get("grant_type") !== "client_credentials") {
        json(res, 400, { requestId: "", errorCode: "400.008.02", errorMessage: "Invalid grant type passed" });
        return;
      }
      if (!/^Basic\s+\S+$/i.test(req.headers.authorization ?? "")) {
        json(res, 400, { requestId: "", errorCode: "400.008.01", errorMessage: "Invalid Authentication passed" });
        return;
      }
      currentToken = randomBytes(21).toString("base64url");
      json(res, 200, { access_token: currentToken, expires_in: "3599" });
      return;
    }
    json(res, 404, { requestId: "", errorCode: "404.001.01", errorMessage: "Resource not found" });
  });
  return Object.assign(server, { received });
}
