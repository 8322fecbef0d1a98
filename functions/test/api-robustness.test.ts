/**
 * The API's edges, route by route from the route list: the authorization matrix (R10) and generated bad input (R9).
 */
import {
  ADMIN_MAX_PAGE_WITHOUT_CURSOR,
  ADMIN_PAGE_MESSAGES,
  type AuthResponse,
  type RouteDefinition,
  routes,
} from "@jengafund/shared";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import fc from "fast-check";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as loginHandler } from "../src/handlers/http/login-user.js";
import { handler as setStatus } from "../src/handlers/http/set-user-status.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { signInAsAdmin } from "./support/admin.js";
import { readItem, readStats, setAttributes } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { registerUser } from "./support/users.js";

// A stage has a Daraja callback token: the Paybill validation route checks it before reading a body.
process.env.MPESA_CALLBACK_TOKEN ??= "robustness-callback-token";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<string, Handler>();
const handlerOf = async (route: RouteDefinition) => {
  let handler = handlers.get(route.handler);
  if (!handler) {
    handler = ((await import(`../src/handlers/http/${route.handler}.ts`)) as { handler: Handler }).handler;
    handlers.set(route.handler, handler);
  }
  return handler;
};

const SOME_ID = "01ZZZZZZZZZZZZZZZZZZZZZZZZ";
const pathParametersOf = (route: RouteDefinition) =>
  Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, SOME_ID]));

let admin: AuthResponse;
let investor: AuthResponse;
let deactivated: AuthResponse;
const tokens: Record<string, () => Promise<string | undefined>> = {};

beforeAll(async () => {
  admin = await signInAsAdmin();
  investor = await registerUser();
  deactivated = await registerUser();
  await call(
    setStatus,
    gatewayEvent("set-user-status", {
      token: admin.token,
      pathParameters: { id: deactivated.user._id },
      body: { isActive: false },
    }),
  );
  const sign = (key: string, options: { alg?: string; exp?: string; sub?: string; role?: string } = {}) =>
    new SignJWT({ role: options.role ?? "admin", ver: 1 })
      .setProtectedHeader({ alg: options.alg ?? "HS256" })
      .setSubject(options.sub ?? admin.user._id)
      .setIssuer("jengafund")
      .setAudience("jengafund-web")
      .setIssuedAt()
      .setExpirationTime(options.exp ?? "1h")
      .sign(new TextEncoder().encode(key));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  Object.assign(tokens, {
    anonymous: async () => undefined,
    expired: () => sign(process.env.JWT_SECRET ?? "", { exp: "-1m" }),
    "alg:none": async () =>
      `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: admin.user._id, role: "admin", ver: 1, iss: "jengafund", aud: "jengafund-web", exp: 9_999_999_999 })}.`,
    "wrong key": () => sign("k".repeat(64)),
    investor: async () => investor.token,
    deactivated: async () => deactivated.token,
    admin: async () => admin.token,
  });
});

/** What each identity must get on each kind of route. `ok` means: not refused for who it is (not 401/403). */
const EXPECTED: Record<string, Record<"user" | "admin", number | "ok">> = {
  anonymous: { user: 401, admin: 401 },
  expired: { user: 401, admin: 401 },
  "alg:none": { user: 401, admin: 401 },
  "wrong key": { user: 401, admin: 401 },
  investor: { user: "ok", admin: 403 },
  // The token's role is checked before the account is read: a deactivated investor is refused either way.
  deactivated: { user: 401, admin: 403 },
  admin: { user: "ok", admin: "ok" },
};

const guarded = routes.filter((r) => r.access !== "public");

/** The routes that end the caller's session (or all of its account's): they read no body, path or query. */
const SESSION_ENDING = new Set<string>(["logout-user", "logout-all-sessions"]);

/** A new account's session: an investor as registered, or one made an admin on the table and signed in again. */
async function throwawaySession(identity: "investor" | "admin"): Promise<AuthResponse> {
  const { input, ...registered } = await registerUser();
  if (identity === "investor") return registered;
  await setAttributes(keys.user(registered.user._id), { role: "admin" });
  const signedIn = await call<AuthResponse>(
    loginHandler,
    gatewayEvent("login-user", { body: { email: input.email, password: input.password } }),
  );
  if (signedIn.body.user?.role !== "admin") throw new Error("the throwaway admin could not sign in as an admin");
  return signedIn.body;
}

describe("authorization matrix (R10)", () => {
  const cells = guarded.flatMap((route) =>
    Object.keys(EXPECTED).map((identity) => [`${route.method} ${route.path}`, identity, route] as const),
  );
  it.each(cells)("%s as %s", async (_, identity, route) => {
    // Logging out ends the session it is called with (all of the account's, for logout-all): those cells sign in an
    // account of their own, so the shared investor and admin sessions stay alive for the cells after them.
    const ownSession = SESSION_ENDING.has(route.handler) && (identity === "investor" || identity === "admin");
    const token = ownSession ? (await throwawaySession(identity)).token : await tokens[identity]?.();
    const response = await call<{ message?: string }>(
      await handlerOf(route),
      gatewayEvent(route.handler as never, {
        ...(token ? { token } : {}),
        pathParameters: pathParametersOf(route),
        body: {},
      }),
    );
    const expected = EXPECTED[identity]?.[route.access as "user" | "admin"];
    if (expected === "ok") expect([401, 403]).not.toContain(response.statusCode);
    else expect(response.statusCode).toBe(expected);
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) expect(response.body.message).toEqual(expect.any(String));
  });

  it.each(guarded.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s refuses an anonymous caller before reading a broken body, path or query",
    async (_, route) => {
      const response = await call<{ message?: string }>(
        await handlerOf(route),
        gatewayEvent(route.handler as never, {
          pathParameters: Object.fromEntries(Object.keys(pathParametersOf(route)).map((name) => [name, "not-an-id"])),
          query: { page: "-1", limit: "many" },
          rawBody: "{not json",
        }),
      );
      expect(response.statusCode).toBe(401);
      expect(response.body.message).toBe("Please log in to continue");
    },
  );
});

describe("admin lists opened by page number", () => {
  // The lists paged by cursor over their index shards. Pending adjustments are few (only those above the solo limits)
  // and read whole, so any of their pages opens by number (adjustments.test.ts).
  const lists = routes.filter(
    (r) =>
      r.access === "admin" &&
      r.method === "GET" &&
      r.handler.startsWith("list-admin-") &&
      r.handler !== "list-admin-adjustments",
  );
  const page = (route: RouteDefinition, query: Record<string, string>) =>
    handlerOf(route).then((handler) =>
      call<{ message?: string; page?: number }>(
        handler,
        gatewayEvent(route.handler as never, { token: admin.token, query }),
      ),
    );

  it.each(lists.map((route) => [route.path, route] as const))(
    "%s opens page 50 by number alone, and refuses page 51 without a cursor with a 400 that says what to do",
    async (_, route) => {
      const last = await page(route, { page: String(ADMIN_MAX_PAGE_WITHOUT_CURSOR) });
      expect(last.statusCode).toBe(200);
      expect(last.body.page).toBe(ADMIN_MAX_PAGE_WITHOUT_CURSOR);

      for (const tooFar of [ADMIN_MAX_PAGE_WITHOUT_CURSOR + 1, 100_000]) {
        const refused = await page(route, { page: String(tooFar) });
        expect(refused.statusCode).toBe(400);
        expect(refused.body).toEqual({ message: ADMIN_PAGE_MESSAGES.tooFarWithoutCursor(tooFar) });
      }
    },
  );

  it.each(lists.map((route) => [route.path, route] as const))(
    "%s still follows a cursor past page 50",
    async (_, route) => {
      // A cursor as the lists hand them out: the last sort key shown, and no shard done yet.
      const cursor = Buffer.from(JSON.stringify({ a: "2000-01-01T00:00:00.000Z", d: "0" }), "utf8").toString(
        "base64url",
      );
      const response = await page(route, { page: String(ADMIN_MAX_PAGE_WITHOUT_CURSOR + 1), cursor });
      expect(response.statusCode).toBe(200);
      expect(response.body.page).toBe(ADMIN_MAX_PAGE_WITHOUT_CURSOR + 1);
    },
  );
});

describe("generated bad input (R9)", () => {
  // The two-factor setup reads no body, so no body is bad for it: any request starts a new (unconfirmed) setup.
  // The logouts read no body either: any request ends the session it is called with.
  const writes = routes.filter(
    (r) =>
      (r.method === "POST" || r.method === "PUT") &&
      r.handler !== "start-two-factor-setup" &&
      !SESSION_ENDING.has(r.handler),
  );
  const badValue = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 0, 0.001, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 10.555),
    fc.string(),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.constantFrom("", " ", "0712345678", "+254712345678", "NaN", "Infinity", "1e3", "<script>", "ä½ å¥½", "\u0000"),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  );
  const fieldNames = fc.constantFrom(
    "amount",
    "packageId",
    "phoneNumber",
    "email",
    "password",
    "firstName",
    "lastName",
    "referralCode",
    "type",
    "reason",
    "isActive",
    "status",
    "price",
    "image",
    "maturityDate",
    "__proto__",
    "constructor",
  );
  const badBody = fc.oneof(
    fc.dictionary(fieldNames, badValue, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 50 }),
    fc.constant('{"__proto__": {"isAdmin": true}, "amount": 100}'),
    fc.constant(`{"amount": 1, "pad": "${"x".repeat(1024 * 1024)}"}`),
  );

  it.each(writes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers 1,000 bad bodies with a 4xx { message } and writes nothing",
    async (_, route) => {
      const handler = await handlerOf(route);
      const token = route.access === "admin" ? admin.token : route.access === "user" ? investor.token : undefined;
      const before = { stats: await readStats(), user: await readItem(keys.user(investor.user._id)) };
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(badBody, async (rawBody) => {
          runs++;
          const result = await handler(
            gatewayEvent(route.handler as never, {
              ...(token ? { token } : {}),
              pathParameters: pathParametersOf(route),
              rawBody,
              sourceIp: "198.51.100.77",
            }),
            { awsRequestId: "fuzz" } as Context,
          );
          const status = result.statusCode ?? 200;
          expect(status, rawBody.slice(0, 200)).toBeGreaterThanOrEqual(400);
          expect(status, rawBody.slice(0, 200)).toBeLessThan(500);
          expect(JSON.parse(result.body ?? "{}").message).toEqual(expect.any(String));
        }),
        { numRuns: 1000, seed: 20261122 },
      );
      expect(runs).toBe(1000);
      const after = { stats: await readStats(), user: await readItem(keys.user(investor.user._id)) };
      expect(after).toEqual(before);
    },
    120_000,
  );
});
