import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { API_BASE_PATH, type RouteDefinition, routePattern, routes } from "@jengafund/shared";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { localLambdaContext } from "./lambda-context.js";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway's own payload limit; the handlers enforce their much smaller one and answer 413. */
const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;
/** The HTTP functions' timeout in AWS (infra's AppFunction default), unless the route list sizes the function. */
const FUNCTION_TIMEOUT_MS = 10_000;

interface MountedRoute {
  route: RouteDefinition;
  pattern: RegExp;
  handler: Promise<Handler>;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > GATEWAY_MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Turns a Node request into the API Gateway HTTP API (payload v2) event the Lambda handlers receive. */
export function toGatewayEvent(
  req: IncomingMessage,
  body: Buffer,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  requestId: string,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? "/", "http://localhost");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = query[name] === undefined ? value : `${query[name]},${value}`;
  const method = (req.method ?? "GET").toUpperCase();
  const routeKey = `${route.method} ${API_BASE_PATH}${route.path}`;
  const now = Date.now();
  const text = body.toString("utf8");
  const isText = Buffer.from(text, "utf8").equals(body);
  return {
    version: "2.0",
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "localhost",
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId,
      routeKey,
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length
      ? { body: isText ? text : body.toString("base64"), isBase64Encoded: !isText }
      : { isBase64Encoded: false }),
  };
}

/** Path parameters decoded as API Gateway passes them; null when the percent-encoding is broken (`%ZZ`). */
function decodePathParameters(params: Record<string, string>): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, statusCode: number, headers: Record<string, string>, body: string | Buffer): void {
  res.writeHead(statusCode, { "content-length": Buffer.byteLength(body).toString(), ...headers });
  res.end(body);
}

/**
 * The local stand-in for API Gateway: mounts the very handlers of the route list under /api and calls them
 * with real payload-v2 events. Handlers are imported once, on first use, like a Lambda cold start.
 */
export function createLocalApiServer(loadHandler: (name: string) => Promise<Handler>): Server {
  const mounted: MountedRoute[] = routes.map((route) => {
    let handler: Promise<Handler> | undefined;
    return {
      route,
      pattern: routePattern(`${API_BASE_PATH}${route.path}`),
      get handler() {
        handler ??= loadHandler(route.handler);
        return handler;
      },
    };
  });

  return createServer(async (req, res) => {
    const json = { "content-type": "application/json; charset=utf-8" };
    try {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      const method = (req.method ?? "GET").toUpperCase();
      const candidates = mounted.filter((m) => m.pattern.test(path));
      const match = candidates.find((m) => m.route.method === method);
      if (!match) {
        send(res, 404, json, JSON.stringify({ message: "Not Found" }));
        return;
      }
      const body = await readBody(req);
      if (body === null) {
        send(res, 413, json, JSON.stringify({ message: "Request Entity Too Large" }));
        return;
      }
      const params = match.pattern.exec(path)?.groups ?? {};
      const pathParameters = decodePathParameters(params);
      if (!pathParameters) {
        send(res, 400, json, JSON.stringify({ message: "The request path is not valid" }));
        return;
      }
      const requestId = randomUUID();
      const event = toGatewayEvent(req, body, match.route, pathParameters, requestId);
      const handler = await match.handler;
      const timeoutMs = match.route.sizing ? match.route.sizing.timeoutSeconds * 1000 : FUNCTION_TIMEOUT_MS;
      const context = localLambdaContext(match.route.handler, { timeoutMs, requestId });
      const result = await handler(event, context);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
      // A binary answer (a statement's PDF) comes base64-encoded, as API Gateway takes it; the client gets the bytes.
      const answer = result.isBase64Encoded ? Buffer.from(result.body ?? "", "base64") : (result.body ?? "");
      send(res, result.statusCode ?? 200, headers, answer);
    } catch (error) {
      // API Gateway answers a crashed integration with a bare 500; so do we, and log the cause here.
      console.error("[api] handler crashed:", error);
      send(res, 500, json, JSON.stringify({ message: "Internal Server Error" }));
    }
  });
}
