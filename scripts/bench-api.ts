/**
 * API figures for `npm run bench`, measured on a local stack of its own (in-memory DynamoDB Local, the real
 * handlers behind the local API server):
 * - DynamoDB round trips per request of every route (the SDK calls each request makes, counted in-process);
 * - throughput and latency of hot endpoints with autocannon (c=20), beside the bare DynamoDB Local GetItem rate.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import autocannon from "autocannon";
import { defaultLocalStackOptions, startLocalStack } from "./local-stack.js";

const PORTS = { web: 5473, api: 3300, sim: 4310, dynamodb: 8400, bus: 4320 };
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 20;

export interface RoundTripRow {
  route: string;
  roundTrips: number;
}

export interface LoadRow {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    ...init,
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as T };
}

function load(name: string, options: autocannon.Options): Promise<LoadRow> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        name,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
      });
    });
  });
}

export async function benchApi(): Promise<{ roundTrips: RoundTripRow[]; load: LoadRow[]; getItemPerSecond: number }> {
  const defaults = defaultLocalStackOptions({});
  const stack = await startLocalStack({
    ...defaults,
    ports: PORTS,
    dataDir: undefined,
    tableName: "jengafund-bench",
    withoutWeb: true,
    simDelayMs: 100,
  });
  try {
    const { dynamoDocumentClient, tableName } = await import("../functions/src/repositories/dynamo/client.js");
    let sdkCalls = 0;
    dynamoDocumentClient().middlewareStack.add(
      (next) => async (args) => {
        sdkCalls++;
        return next(args);
      },
      { step: "initialize", name: "countRoundTrips" },
    );
    const api = stack.apiUrl;
    const roundTrips: RoundTripRow[] = [];
    const measure = async <T>(route: string, run: () => Promise<T>): Promise<T> => {
      const before = sdkCalls;
      const result = await run();
      roundTrips.push({ route, roundTrips: sdkCalls - before });
      return result;
    };

    type Auth = { token: string; user: { _id: string; referralCode: string } };
    const admin = await json<Auth>(`${api}/auth/login`, { method: "POST", body: JSON.stringify(defaults.admin) });
    const referrer = await json<Auth>(`${api}/auth/register`, {
      method: "POST",
      body: JSON.stringify({
        firstName: "Bench",
        lastName: "Referrer",
        email: "ref@bench.test",
        phoneNumber: "0711000001",
        password: "secret123",
      }),
    });
    const registered = await measure("POST /auth/register (with referral code)", () =>
      json<Auth>(`${api}/auth/register`, {
        method: "POST",
        body: JSON.stringify({
          firstName: "Bench",
          lastName: "User",
          email: "user@bench.test",
          phoneNumber: "0711000002",
          password: "secret123",
          referralCode: referrer.body.user.referralCode,
        }),
      }),
    );
    const token = registered.body.token;
    const userId = registered.body.user._id;
    await measure("POST /auth/login", () =>
      json(`${api}/auth/login`, {
        method: "POST",
        body: JSON.stringify({ email: "user@bench.test", password: "secret123" }),
      }),
    );
    await measure("GET /auth/me", () => json(`${api}/auth/me`, { token }));
    const packages = await measure("GET /packages", () =>
      json<{ packages: { _id: string; price: number }[] }>(`${api}/packages`, { token }),
    );
    const cheapest = [...packages.body.packages].sort((a, b) => a.price - b.price)[0];
    if (!cheapest) throw new Error("no packages seeded");
    await measure("PUT /admin/users/{id}/balance", () =>
      json(`${api}/admin/users/${userId}/balance`, {
        method: "PUT",
        token: admin.body.token,
        body: JSON.stringify({ amount: 5_000_000, type: "credit", reason: "bench" }),
      }),
    );
    const bought = await measure("POST /investments/buy (trial)", () =>
      json<{ investment: { _id: string } }>(`${api}/investments/buy`, {
        method: "POST",
        token,
        body: JSON.stringify({ packageId: cheapest._id, amount: cheapest.price }),
      }),
    );
    await measure("GET /investments", () => json(`${api}/investments`, { token }));
    await measure("POST /investments/claim/{id}", () =>
      json(`${api}/investments/claim/${bought.body.investment._id}`, { method: "POST", token }),
    );
    await measure("GET /referrals", () => json(`${api}/referrals`, { token: referrer.body.token }));
    await measure("POST /withdrawals", () =>
      json(`${api}/withdrawals`, {
        method: "POST",
        token,
        body: JSON.stringify({ amount: 100, phoneNumber: "0711000002" }),
      }),
    );
    await measure("GET /withdrawals", () => json(`${api}/withdrawals`, { token }));
    await measure("GET /transactions", () => json(`${api}/transactions`, { token }));
    await measure("PUT /admin/users/{id}/status", () =>
      json(`${api}/admin/users/${referrer.body.user._id}/status`, {
        method: "PUT",
        token: admin.body.token,
        body: JSON.stringify({ isActive: true }),
      }),
    );

    // The anchor: how fast DynamoDB Local answers a bare GetItem at the same concurrency (after a warm-up, like
    // the endpoints, which autocannon measures after the round-trip pass above has warmed them).
    const db = dynamoDocumentClient();
    const getItems = async (seconds: number) => {
      let gets = 0;
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < until) {
            await db.send(new GetCommand({ TableName: tableName(), Key: { PK: `USER#${userId}`, SK: "PROFILE" } }));
            gets++;
          }
        }),
      );
      return gets / seconds;
    };
    await getItems(2);
    const getItemPerSecond = await getItems(DURATION_S);

    const rows: LoadRow[] = [];
    rows.push(await load("GET /packages", { url: `${api}/packages`, headers: { authorization: `Bearer ${token}` } }));
    rows.push(await load("GET /auth/me", { url: `${api}/auth/me`, headers: { authorization: `Bearer ${token}` } }));
    rows.push(
      await load("POST /investments/buy", {
        url: `${api}/investments/buy`,
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ packageId: cheapest._id, amount: cheapest.price }),
      }),
    );
    return { roundTrips, load: rows, getItemPerSecond };
  } finally {
    await stack.stop();
  }
}
