import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";

/** What a route handler sees: the parsed request. Daraja routes answer with a Reply or throw a DarajaError. */
export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; `undefined` when there was none or it was not JSON (see `bodyError`). */
  body: unknown;
  /** The body as received, for the request log (Daraja ignores a body that is not declared as JSON). */
  rawBody: string;
  /** Set when the body claimed to be JSON but did not parse, or was too large. */
  bodyError?: "malformed" | "too-large";
}

export interface Reply {
  status: number;
  body: unknown;
  /** Set for a body that is not JSON (a string sent as it is), e.g. the sandbox's SOAP fault on C2B registration. */
  contentType?: string;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

const MAX_BODY_BYTES = 1024 * 1024;

export async function readRequest(req: IncomingMessage): Promise<SimRequest> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) tooLarge = true;
    else chunks.push(chunk as Buffer);
  }
  const base = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers };
  if (tooLarge) return { ...base, body: undefined, rawBody: "", bodyError: "too-large" };
  const text = Buffer.concat(chunks).toString("utf8");
  const withText = { ...base, rawBody: text };
  if (!text) return { ...withText, body: undefined };
  // Daraja only reads JSON when told it is JSON; a missing Content-Type is a documented cause of
  // "Invalid BusinessShortCode" (mpesa.md §1.3), i.e. the body is as good as empty.
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) return { ...withText, body: undefined };
  try {
    return { ...withText, body: JSON.parse(text) };
  } catch {
    return { ...withText, body: undefined, bodyError: "malformed" };
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, contentType?: string): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = contentType !== undefined && typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": contentType ?? "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}
