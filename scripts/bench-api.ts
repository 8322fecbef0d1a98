/**
 * API figures for `npm run bench`, measured on a local stack of its own (in-memory DynamoDB Local, the real
 * handlers behind the local API server, the Daraja simulator and the local event bus):
 * - DynamoDB calls and sequential round trips per request of every route;
 * - throughput and latency of hot endpoints with autocannon (c=20), beside the bare DynamoDB Local GetItem rate;
 * - STK callback → balance visible latency;
 * - the admin transaction list's page cost with 1,000 and with 100,000 transactions in the table.
 */
import { BatchWriteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import autocannon from "autocannon";
import { defaultLocalStackOptions, startLocalStack } from "./local-stack.js";

const PORTS = { web: 5473, api: 3300, sim: 4310, dynamodb: 8400, bus: 4320 };
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 20;
const LARGE_TABLE = Number(process.env.BENCH_LARGE_TABLE ?? 100_000);

export interface RoundTripRow {
  route: string;
  sdkCalls: number;
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

export interface AdminPageRow {
  transactions: number;
  page: string;
  medianMs: number;
  p95Ms: number;
  roundTrips: number;
}

export interface ApiBench {
  roundTrips: RoundTripRow[];
  load: LoadRow[];
  getItemPerSecond: number;
  callbackToBalance: { medianMs: number; p95Ms: number; samples: number };
  adminPages: AdminPageRow[];
}

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    ...init,
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV and other non-JSON answers stay text.
  }
  return { status: response.status, body: body as T };
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

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchApi(log: (line: string) => void): Promise<ApiBench> {
  // The latency runs below start many deposits by one user to one simulator phone: the STK push limits (design.md §9)
  // are not what is measured here, so they are raised for this stack only.
  Object.assign(process.env, {
    MPESA_MAX_PENDING_DEPOSITS_PER_USER: "1000",
    MPESA_MAX_PROMPTS_PER_USER_PER_HOUR: "1000",
    MPESA_MAX_PROMPTS_PER_PHONE_PER_HOUR: "1000",
  });
  const defaults = defaultLocalStackOptions({});
  const stack = await startLocalStack({
    ...defaults,
    ports: PORTS,
    mail: { smtpPort: 1325, webPort: 1380 },
    dataDir: undefined,
    tableName: "jengafund-bench",
    withoutWeb: true,
    simDelayMs: 100,
  });
  process.env.LOG_LEVEL = "warn";
  try {
    const { dynamoDocumentClient, tableName } = await import("../functions/src/repositories/dynamo/client.js");
    const { ledgerItem, countersUpdate, ledgerCounters } = await import(
      "../functions/src/repositories/dynamo/items.js"
    );
    const { ulid } = await import("../functions/src/lib/ids.js");
    const db = dynamoDocumentClient();

    // Every SDK call counts; a call that starts while none is in flight starts a new sequential round trip.
    let sdkCalls = 0;
    let roundTrips = 0;
    let inFlight = 0;
    db.middlewareStack.add(
      (next) => async (args) => {
        sdkCalls++;
        if (inFlight === 0) roundTrips++;
        inFlight++;
        try {
          return await next(args);
        } finally {
          inFlight--;
        }
      },
      { step: "initialize", name: "countRoundTrips" },
    );
    const api = stack.apiUrl;
    const rows: RoundTripRow[] = [];
    const measure = async <T>(route: string, run: () => Promise<T>): Promise<T> => {
      const before = { sdkCalls, roundTrips };
      const result = await run();
      rows.push({ route, sdkCalls: sdkCalls - before.sdkCalls, roundTrips: roundTrips - before.roundTrips });
      return result;
    };

    type Auth = { token: string; user: { _id: string; referralCode: string; walletBalance: number } };
    const admin = await json<Auth>(`${api}/auth/login`, { method: "POST", body: JSON.stringify(defaults.admin) });
    const adminToken = admin.body.token;
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
    const trialBuy = await measure("POST /investments/buy", () =>
      json<{ investment: { _id: string } }>(`${api}/investments/buy`, {
        method: "POST",
        token,
        body: JSON.stringify({ packageId: cheapest._id, amount: cheapest.price }),
      }),
    );
    await measure("POST /investments/claim/{id}", () =>
      json(`${api}/investments/claim/${trialBuy.body.investment._id}`, { method: "POST", token }),
    );
    await measure("GET /investments", () => json(`${api}/investments`, { token }));
    await measure("GET /referrals", () => json(`${api}/referrals`, { token: referrer.body.token }));
    const started = await measure("POST /mpesa/deposit", () =>
      json<{ checkoutRequestId: string }>(`${api}/mpesa/deposit`, {
        method: "POST",
        token,
        body: JSON.stringify({ amount: 250_000, phoneNumber: "254708374149" }),
      }),
    );
    await measure("GET /mpesa/deposit/{checkoutRequestId}", () =>
      json(`${api}/mpesa/deposit/${started.body.checkoutRequestId}`, { token }),
    );
    for (;;) {
      const { body } = await json<{ deposit: { status: string } }>(
        `${api}/mpesa/deposit/${started.body.checkoutRequestId}`,
        { token },
      );
      if (body.deposit.status !== "pending") break;
      await sleep(20);
    }
    await measure("PUT /admin/users/{id}/balance", () =>
      json(`${api}/admin/users/${userId}/balance`, {
        method: "PUT",
        token: adminToken,
        body: JSON.stringify({ amount: 10_000_000, type: "credit", reason: "bench" }),
      }),
    );
    const withdrawal = await measure("POST /withdrawals", () =>
      json<{ withdrawal: { _id: string } }>(`${api}/withdrawals`, {
        method: "POST",
        token,
        body: JSON.stringify({ amount: 100, phoneNumber: "0711000002" }),
      }),
    );
    await measure("GET /withdrawals", () => json(`${api}/withdrawals`, { token }));
    await measure("GET /transactions", () => json(`${api}/transactions`, { token }));
    await measure("GET /admin/stats", () => json(`${api}/admin/stats`, { token: adminToken }));
    await measure("GET /admin/users", () => json(`${api}/admin/users?page=1&limit=10`, { token: adminToken }));
    await measure("GET /admin/transactions", () =>
      json(`${api}/admin/transactions?page=1&limit=10&type=&status=&search=`, { token: adminToken }),
    );
    await measure("GET /admin/withdrawals", () =>
      json(`${api}/admin/withdrawals?page=1&limit=10&status=pending`, { token: adminToken }),
    );
    await measure("PUT /admin/withdrawals/{id} (reject)", () =>
      json(`${api}/admin/withdrawals/${withdrawal.body.withdrawal._id}`, {
        method: "PUT",
        token: adminToken,
        body: JSON.stringify({ status: "rejected", reason: "bench" }),
      }),
    );
    await measure("PUT /admin/users/{id}/status", () =>
      json(`${api}/admin/users/${referrer.body.user._id}/status`, {
        method: "PUT",
        token: adminToken,
        body: JSON.stringify({ isActive: true }),
      }),
    );
    const pkgBody = {
      name: "Bench Package",
      company: "Bench Co",
      description: "For measuring.",
      price: 300,
      image: "/images/packages/kengen.svg",
      category: "energy",
      riskLevel: "low",
      monthlyReturnRate: 10,
      dailyReturnRate: 0.3,
      maturityDate: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    };
    const created = await measure("POST /admin/packages", () =>
      json<{ package: { _id: string } }>(`${api}/admin/packages`, {
        method: "POST",
        token: adminToken,
        body: JSON.stringify(pkgBody),
      }),
    );
    await measure("PUT /admin/packages/{id}", () =>
      json(`${api}/admin/packages/${created.body.package._id}`, {
        method: "PUT",
        token: adminToken,
        body: JSON.stringify(pkgBody),
      }),
    );
    await measure("DELETE /admin/packages/{id}", () =>
      json(`${api}/admin/packages/${created.body.package._id}`, { method: "DELETE", token: adminToken }),
    );

    // STK callback delivered → balance visible: post a success callback the way Daraja does, for deposits whose
    // own callback the simulator never sends, and poll /auth/me until the balance shows it.
    const callbackToken = process.env.MPESA_CALLBACK_TOKEN ?? "";
    const latencies: number[] = [];
    for (let i = 0; i < 15; i++) {
      // The simulator holds a phone's "subscriber lock" while a prompt is open, as Daraja does: wait it out.
      let pending = await json<{ checkoutRequestId?: string }>(`${api}/mpesa/deposit`, {
        method: "POST",
        token,
        body: JSON.stringify({ amount: 10 + i, phoneNumber: "254700009999" }),
      });
      for (let tries = 0; !pending.body.checkoutRequestId && tries < 50; tries++) {
        await sleep(100);
        pending = await json(`${api}/mpesa/deposit`, {
          method: "POST",
          token,
          body: JSON.stringify({ amount: 10 + i, phoneNumber: "254700009999" }),
        });
      }
      if (!pending.body.checkoutRequestId) throw new Error("the simulator kept the phone locked");
      const before = (await json<Auth>(`${api}/auth/me`, { token })).body.user.walletBalance;
      const t0 = performance.now();
      await json(`${api}/hooks/daraja/stk/${callbackToken}`, {
        method: "POST",
        body: JSON.stringify({
          Body: {
            stkCallback: {
              MerchantRequestID: "bench",
              CheckoutRequestID: pending.body.checkoutRequestId,
              ResultCode: 0,
              ResultDesc: "The service request is processed successfully.",
              CallbackMetadata: {
                Item: [
                  { Name: "Amount", Value: 10 + i },
                  { Name: "MpesaReceiptNumber", Value: `UKB${String(1000000 + i)}` },
                  { Name: "PhoneNumber", Value: 254700009999 },
                ],
              },
            },
          },
        }),
      });
      const deadline = Date.now() + 10_000;
      for (;;) {
        const now = (await json<Auth>(`${api}/auth/me`, { token })).body.user.walletBalance;
        if (now > before) break;
        if (Date.now() > deadline) throw new Error("a posted callback never reached the balance");
        await sleep(5);
      }
      latencies.push(performance.now() - t0);
    }
    const callbackToBalance = {
      medianMs: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      samples: latencies.length,
    };
    log(`  callback → balance visible: median ${callbackToBalance.medianMs.toFixed(0)} ms`);

    // The anchor: bare DynamoDB Local GetItem at the same concurrency, after a warm-up.
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

    const loadRows: LoadRow[] = [];
    const auth = { authorization: `Bearer ${token}` };
    loadRows.push(await load("GET /packages", { url: `${api}/packages`, headers: auth }));
    loadRows.push(await load("GET /auth/me", { url: `${api}/auth/me`, headers: auth }));
    // Buyers as they come in real life: many accounts, each buying with its own (real-money) wallet.
    const buyers: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const phone = `07220${String(10_000 + i)}`;
      const buyer = await json<Auth>(`${api}/auth/register`, {
        method: "POST",
        body: JSON.stringify({
          firstName: "Buyer",
          lastName: `${i}`,
          email: `buyer${i}@bench.test`,
          phoneNumber: phone,
          password: "secret123",
        }),
      });
      const topUp = await json<{ checkoutRequestId: string }>(`${api}/mpesa/deposit`, {
        method: "POST",
        token: buyer.body.token,
        body: JSON.stringify({ amount: 250_000, phoneNumber: phone }),
      });
      for (;;) {
        const { body } = await json<{ deposit: { status: string } }>(
          `${api}/mpesa/deposit/${topUp.body.checkoutRequestId}`,
          {
            token: buyer.body.token,
          },
        );
        if (body.deposit.status !== "pending") break;
        await sleep(20);
      }
      buyers.push(buyer.body.token);
    }
    let turn = 0;
    loadRows.push(
      await load("POST /investments/buy", {
        url: `${api}/investments/buy`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ packageId: cheapest._id, amount: cheapest.price }),
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, authorization: `Bearer ${buyers[turn++ % buyers.length]}` },
            }),
          },
        ],
      }),
    );
    for (const row of loadRows) {
      log(`  ${row.name.padEnd(24)} ${row.requestsPerSecond.toFixed(0)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms`);
    }

    // Admin page cost as the table grows: ledger lines written in bulk, with their counters.
    const adminPages: AdminPageRow[] = [];
    const seedLines = async (count: number) => {
      const user = { firstName: "Bulk", lastName: "Seed", email: "bulk@bench.test" };
      const types = ["deposit", "investment", "reward", "withdrawal"] as const;
      const batches: Record<string, unknown>[][] = [];
      const counters: Record<string, number> = {};
      for (let i = 0; i < count; i += 25) {
        const batch: Record<string, unknown>[] = [];
        for (let j = i; j < Math.min(count, i + 25); j++) {
          const type = types[j % types.length] ?? "deposit";
          const line = {
            id: ulid(),
            userId,
            type,
            balance: "wallet" as const,
            amountCents: 100 + (j % 1000),
            status: j % 7 === 0 ? ("pending" as const) : ("completed" as const),
            description: `Bulk ${type}`,
            reference: `BULK-${j}`,
            createdAt: new Date().toISOString(),
          };
          for (const [name, delta] of Object.entries(ledgerCounters(line)))
            counters[name] = (counters[name] ?? 0) + (delta ?? 0);
          batch.push(ledgerItem(line, user));
        }
        batches.push(batch);
      }
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < batches.length) {
            const batch = batches[next++] ?? [];
            let pending = batch.map((Item) => ({ PutRequest: { Item } }));
            while (pending.length) {
              const { UnprocessedItems } = await db.send(
                new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
              );
              pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
            }
          }
        }),
      );
      const update = countersUpdate(tableName(), counters, userId).Update;
      if (update) await db.send(new UpdateCommand(update as never));
    };
    const pageCost = async (transactions: number) => {
      const cases: [string, string][] = [
        ["page 1", "page=1&limit=10&type=&status=&search="],
        ["page 1, type=reward", "page=1&limit=10&type=reward&status=&search="],
        ["page 1, status=pending", "page=1&limit=10&type=&status=pending&search="],
      ];
      const first = await json<{ nextCursor?: string }>(`${api}/admin/transactions?page=1&limit=10`, {
        token: adminToken,
      });
      cases.push(["page 2 by cursor", `page=2&limit=10&cursor=${first.body.nextCursor ?? ""}`]);
      for (const [page, query] of cases) {
        const times: number[] = [];
        let trips = 0;
        for (let i = 0; i < 21; i++) {
          const before = roundTrips;
          const t0 = performance.now();
          await json(`${api}/admin/transactions?${query}`, { token: adminToken });
          times.push(performance.now() - t0);
          trips = roundTrips - before;
        }
        adminPages.push({
          transactions,
          page,
          medianMs: percentile(times, 50),
          p95Ms: percentile(times, 95),
          roundTrips: trips,
        });
      }
    };
    const { readTotals } = await import("../functions/src/repositories/dynamo/counters.js");
    const existing = (await readTotals({ db, TableName: tableName() })).totals("totalTransactions");
    log("  seeding 1,000 transactions…");
    await seedLines(Math.max(0, 1000 - existing));
    await pageCost(1000);
    log(`  seeding ${LARGE_TABLE.toLocaleString("en")} transactions…`);
    await seedLines(LARGE_TABLE - 1000);
    await pageCost(LARGE_TABLE);

    return { roundTrips: rows, load: loadRows, getItemPerSecond, callbackToBalance, adminPages };
  } finally {
    await stack.stop();
  }
}
