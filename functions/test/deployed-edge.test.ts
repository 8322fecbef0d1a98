/**
 * The handlers as deployed behind CloudFront (design.md §9, R16): an origin secret is configured, so only requests
 * carrying it are served, and the caller's address is CloudFront's viewer address. The events are the payload-v2
 * shape API Gateway delivers, with CloudFront's headers on them.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { routes } from "@jengafund/shared";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackPathToken } from "../src/adapters/daraja/callback-tokens.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { EVENT_SOURCE } from "../src/kernel/event-names.js";
import { createLocalApiServer } from "../src/local/api-server.js";
import { createLocalEventBus, type EventEnvelope, type LocalEventBus } from "../src/local/event-bus.js";
import { closeServer, listen } from "../src/local/servers.js";
import { readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { logLines, outputOf } from "./support/output.js";

const ORIGIN_SECRET = randomBytes(24).toString("hex");
const CALLBACK_TOKEN = randomBytes(16).toString("hex");
const SAFARICOM = "196.201.214.200";
const EDGE = "130.176.212.13";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlerOf = async (name: string) =>
  ((await import(`../src/handlers/http/${name}.ts`)) as { handler: Handler }).handler;

let bus: LocalEventBus;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  bus = createLocalEventBus([
    {
      source: EVENT_SOURCE,
      target: async (event) => {
        published.push(event);
      },
    },
  ]);
  await listen(bus, 0);
  const { port } = bus.address() as AddressInfo;
  // Read lazily by the handlers' configuration on their first request, after this.
  Object.assign(process.env, {
    ORIGIN_SECRET,
    MPESA_CALLBACK_TOKEN: CALLBACK_TOKEN,
    MPESA_CALLBACK_ALLOWED_IPS: SAFARICOM,
    EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${port}`,
    EVENT_BUS_NAME: "jengafund-edge-test",
    LOG_LEVEL: "warn",
  });
});
afterAll(async () => {
  await closeServer(bus);
});

/** CloudFront's forwarding of a viewer's request: the socket is an edge, the viewer is in CloudFront-Viewer-Address. */
function viaCloudFront(
  handler: Parameters<typeof gatewayEvent>[0],
  viewer: string,
  options: Parameters<typeof gatewayEvent>[1] = {},
) {
  return gatewayEvent(handler, {
    ...options,
    sourceIp: EDGE,
    headers: {
      "x-origin-verify": ORIGIN_SECRET,
      "cloudfront-viewer-address": `${viewer}:51234`,
      "x-forwarded-for": `${viewer}, ${EDGE}`,
      ...options.headers,
    },
  });
}

const stkCallback = {
  Body: {
    stkCallback: {
      MerchantRequestID: "29115-34620561-1",
      CheckoutRequestID: "ws_CO_231120261030000000001",
      ResultCode: 1032,
      ResultDesc: "Request cancelled by user",
    },
  },
};
// Each callback kind has its own path token, derived from the one secret (design.md §13.3).
const callbackPath = { kind: "stk", token: callbackPathToken(CALLBACK_TOKEN, "stk") };

describe("one way in: the origin secret", () => {
  it.each(routes.map((route) => [`${route.method} /api${route.path}`, route.handler] as const))(
    "%s refuses a request without the origin secret with 403 { message }",
    async (_, handlerName) => {
      const response = await call(
        await handlerOf(handlerName),
        gatewayEvent(handlerName, {
          sourceIp: "203.0.113.50",
          pathParameters: { id: "01ZZZZZZZZZZZZZZZZZZZZZZZZ", checkoutRequestId: "x", ...callbackPath },
          body: {},
        }),
      );
      expect(response).toEqual({ statusCode: 403, body: { message: "Forbidden" } });
    },
  );

  it("refuses a registration sent straight to the API, and creates nothing", async () => {
    const email = `direct-${randomBytes(4).toString("hex")}@example.com`;
    const response = await call(
      await handlerOf("register-user"),
      gatewayEvent("register-user", {
        headers: { "x-origin-verify": "guessed", "cloudfront-viewer-address": `${SAFARICOM}:443` },
        body: {
          firstName: "Direct",
          lastName: "Caller",
          email,
          phoneNumber: "0712000111",
          password: "Mto-Tana-Flows-9",
          confirmPassword: "Mto-Tana-Flows-9",
        },
      }),
    );
    expect(response.statusCode).toBe(403);
    expect(await readItem(keys.emailMarker(email))).toBeUndefined();
  });

  it("serves a request that came through CloudFront", async () => {
    const email = `edge-${randomBytes(4).toString("hex")}@example.com`;
    const response = await call<{ token: string }>(
      await handlerOf("register-user"),
      viaCloudFront("register-user", "41.90.64.10", {
        body: {
          firstName: "Edge",
          lastName: "Viewer",
          email,
          phoneNumber: `07${String(Date.now()).slice(-8)}`,
          password: "Mto-Tana-Flows-9",
          confirmPassword: "Mto-Tana-Flows-9",
        },
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.body.token).toEqual(expect.any(String));
  });
});

describe("the Daraja allow-list sees the viewer, not the CloudFront edge (R16)", () => {
  it("accepts a callback from Safaricom's address as CloudFront reports it", async () => {
    const before = published.length;
    const response = await call(
      await handlerOf("receive-daraja-callback"),
      viaCloudFront("receive-daraja-callback", SAFARICOM, { pathParameters: callbackPath, body: stkCallback }),
    );
    expect(response).toEqual({ statusCode: 200, body: { ResultCode: 0, ResultDesc: "Accepted" } });
    await bus.idle();
    expect(published.length).toBe(before + 1);
    expect(published.at(-1)?.detail).toMatchObject({ kind: "StkCallback", sourceIp: SAFARICOM });
  });

  it("refuses a callback whose viewer is outside the allow-list, although the edge forwarded it", async () => {
    const before = published.length;
    let response: Awaited<ReturnType<typeof call>> | undefined;
    const output = await outputOf(async () => {
      response = await call(
        await handlerOf("receive-daraja-callback"),
        viaCloudFront("receive-daraja-callback", "203.0.113.50", {
          pathParameters: callbackPath,
          body: stkCallback,
          // A forged X-Forwarded-For naming Safaricom changes nothing: only CloudFront's own header is read.
          headers: { "x-forwarded-for": SAFARICOM },
        }),
      );
    });
    expect(response?.statusCode).toBe(403);
    expect(logLines(output, "WARN")).toContainEqual(
      expect.objectContaining({ rejection: "source-address", sourceIp: "203.0.113.50" }),
    );
    await bus.idle();
    expect(published.length).toBe(before);
  });

  it("refuses a callback sent straight to the API that forges CloudFront-Viewer-Address", async () => {
    const response = await call(
      await handlerOf("receive-daraja-callback"),
      gatewayEvent("receive-daraja-callback", {
        sourceIp: "203.0.113.50",
        pathParameters: callbackPath,
        body: stkCallback,
        headers: { "cloudfront-viewer-address": `${SAFARICOM}:443`, "x-forwarded-for": SAFARICOM },
      }),
    );
    expect(response).toEqual({ statusCode: 403, body: { message: "Forbidden" } });
  });
});

describe("bad paths", () => {
  it("answers malformed percent-encoding in a path parameter with 400 { message }", async () => {
    const response = await call(
      await handlerOf("claim-investment-reward"),
      viaCloudFront("claim-investment-reward", "41.90.64.10", { pathParameters: { id: "%ZZ" } }),
    );
    expect(response).toEqual({ statusCode: 400, body: { message: "The request path is not valid" } });
  });

  it("answers malformed percent-encoding and unknown routes on the local server with 400 and 404 { message }", async () => {
    const server: Server = createLocalApiServer(handlerOf);
    await listen(server, 0);
    const { port } = server.address() as AddressInfo;
    try {
      const malformed = await fetch(`http://127.0.0.1:${port}/api/investments/claim/%ZZ`, { method: "POST" });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ message: "The request path is not valid" });
      const unknown = await fetch(`http://127.0.0.1:${port}/api/no/such/route`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: "Not Found" });
    } finally {
      await closeServer(server);
    }
  });
});
