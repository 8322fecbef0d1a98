/**
 * API figures for `npm run bench`, measured on a local stack of its own (in-memory DynamoDB Local, the real
 * handlers behind the local API server, the Daraja simulator and the local event bus):
 * - DynamoDB calls and sequential round trips per request of every route;
 * - throughput and latency of hot endpoints with autocannon (c=20), as ratios to bare DynamoDB Local calls at the same
 *   concurrency in the same run: GetItem (the anchor of the reads), TransactWriteItems of the purchase's shape (the
 *   anchor of the buy), and each endpoint's own DynamoDB work without the API around it;
 * - STK callback → balance visible latency;
 * - Paybill: the C2B validation endpoint under load and confirmation → balance visible (scripts/bench-paybill.ts);
 * - the admin transaction list's page cost with 1,000 and with 100,000 transactions in the table.
 */

import { loadavg } from "node:os";
import {
  BatchWriteCommand,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import autocannon from "autocannon";
import { callbackPathToken } from "../functions/src/adapters/daraja/callback-tokens.js";
import { benchPaybill, type PaybillBench } from "./bench-paybill.js";
import { defaultLocalStackOptions, startLocalStack } from "./local-stack.js";
import { paybillUrls } from "./mpesa.js";

/** The stack's own ports; BENCH_PORT_OFFSET moves them all, so a bench can run beside another stack. */
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const PORTS = {
  web: 5473 + OFFSET,
  api: 3300 + OFFSET,
  sim: 4310 + OFFSET,
  dynamodb: 8400 + OFFSET,
  bus: 4320 + OFFSET,
  sms: 4325 + OFFSET,
  s3: 4327 + OFFSET,
};
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

/** A bare DynamoDB Local workload driven like the endpoints: callers sending one call after another. */
export interface AnchorRow {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
}

export interface ApiBench {
  roundTrips: RoundTripRow[];
  load: LoadRow[];
  /** GetItem of one item; TransactWriteItems of the purchase's shape; each endpoint's DynamoDB work on its own. */
  anchors: {
    getItem: AnchorRow;
    getItemAfter: AnchorRow;
    transactWrite: AnchorRow;
    transactWriteAfter: AnchorRow;
    /** The same transaction sent by one caller alone. */
    transactWriteAlone: AnchorRow;
    packagesWork: AnchorRow;
    meWork: AnchorRow;
    buyWork: AnchorRow;
  };
  /** The purchase's TransactWriteItems: its number of items and their kinds ("2 Put, 3 Update, 1 ConditionCheck"). */
  purchase: { items: number; shape: string };
  /** How many packages GET /packages answers with. */
  packagesListed: number;
  /** The machine's load average (1 / 5 / 15 min) when the anchors started and when the load runs ended. */
  loadAverage: { before: number[]; after: number[] };
  callbackToBalance: { medianMs: number; p95Ms: number; samples: number };
  paybill: PaybillBench;
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

/**
 * `op` called back to back by `callers` callers (CONNECTIONS unless said) for `seconds`, as autocannon drives an
 * endpoint (a closed loop): calls a second and latency percentiles, in whole milliseconds like autocannon's.
 */
async function closedLoop(
  name: string,
  seconds: number,
  op: (caller: number) => Promise<unknown>,
  callers = CONNECTIONS,
): Promise<AnchorRow> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await op(caller);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const ms = (p: number) => Math.round(percentile(latencies, p));
  return { name, perSecond: latencies.length / seconds, p50: ms(50), p99: ms(99) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `adminPages: false` leaves out the admin list's page cost, whose 100,000-line table takes minutes to write. */
export async function benchApi(
  log: (line: string) => void,
  { adminPages: measureAdminPages = true }: { adminPages?: boolean } = {},
): Promise<ApiBench> {
  // The latency runs below start many deposits by one user to one simulator phone: the STK push limits (design.md §9)
  // are not what is measured here, so they are raised for this stack only.
  Object.assign(process.env, {
    MPESA_MAX_PENDING_DEPOSITS_PER_USER: "1000",
    MPESA_MAX_PROMPTS_PER_USER_PER_HOUR: "1000",
    MPESA_MAX_PROMPTS_PER_PHONE_PER_HOUR: "1000",
    // A metric line per credit (hundreds of deposits here) would bury the figures; none is measured.
    POWERTOOLS_METRICS_DISABLED: "true",
  });
  const defaults = defaultLocalStackOptions({});
  const stack = await startLocalStack({
    ...defaults,
    ports: PORTS,
    mail: { smtpPort: 1325 + OFFSET, webPort: 1380 + OFFSET },
    dataDir: undefined,
    tableName: "jengafund-bench",
    withoutWeb: true,
    simDelayMs: 100,
  });
  process.env.LOG_LEVEL = "warn";
  try {
    const { dynamoDocumentClient, tableName } = await import("../functions/src/kernel/dynamo/client.js");
    const { ledgerItem } = await import("../functions/src/kernel/dynamo/ledger-items.js");
    const { countersUpdate, ledgerCounters } = await import("../functions/src/kernel/dynamo/counter-items.js");
    const { ulid } = await import("../functions/src/kernel/ids.js");
    const db = dynamoDocumentClient();

    // Every SDK call counts; a call that starts while none is in flight starts a new sequential round trip.
    let sdkCalls = 0;
    let roundTrips = 0;
    let inFlight = 0;
    // The items of the last TransactWriteItems sent: the purchase's, for the anchor of the same shape.
    let lastTransaction: NonNullable<TransactWriteCommandInput["TransactItems"]> = [];
    db.middlewareStack.add(
      (next) => async (args) => {
        const { TransactItems } = args.input as Partial<TransactWriteCommandInput>;
        if (TransactItems) lastTransaction = TransactItems;
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
        password: "Mvua-Nyingi-42",
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
          password: "Mvua-Nyingi-42",
          referralCode: referrer.body.user.referralCode,
        }),
      }),
    );
    const token = registered.body.token;
    const userId = registered.body.user._id;
    await measure("POST /auth/login", () =>
      json(`${api}/auth/login`, {
        method: "POST",
        body: JSON.stringify({ email: "user@bench.test", password: "Mvua-Nyingi-42" }),
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
    const purchase = lastTransaction;
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
    await measure("GET /mpesa/paybill", () => json(`${api}/mpesa/paybill`, { token }));
    await measure("POST /hooks/daraja/c2b-validation/{token}", () =>
      json(paybillUrls(api, process.env.MPESA_CALLBACK_TOKEN ?? "").validationUrl, {
        method: "POST",
        body: JSON.stringify({
          TransactionType: "Pay Bill",
          TransID: "BRT0000001",
          TransTime: "20261126081530",
          TransAmount: "500.00",
          BusinessShortCode: "600984",
          BillRefNumber: "0711000002",
          MSISDN: "2547 ***** 149",
          FirstName: "BENCH",
        }),
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
        body: JSON.stringify({ amount: 1_000, type: "credit", reason: "bench" }),
      }),
    );
    // Above the solo limit the credit waits for a second admin (design.md §12.1): a different write.
    await measure("PUT /admin/users/{id}/balance (to a second admin)", () =>
      json(`${api}/admin/users/${userId}/balance`, {
        method: "PUT",
        token: adminToken,
        body: JSON.stringify({ amount: 10_000_000, type: "credit", reason: "bench" }),
      }),
    );
    await measure("GET /admin/adjustments", () =>
      json(`${api}/admin/adjustments?status=pending&page=1&limit=10`, { token: adminToken }),
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
    // A new package waits for the second admin (design.md §13.1), who approves it.
    const asked = await measure("POST /admin/packages", () =>
      json<{ change: { _id: string; packageId: string } }>(`${api}/admin/packages`, {
        method: "POST",
        token: adminToken,
        body: JSON.stringify(pkgBody),
      }),
    );
    const checker = await json<Auth>(`${api}/auth/login`, {
      method: "POST",
      body: JSON.stringify(defaults.secondAdmin),
    });
    await measure("GET /admin/package-changes", () =>
      json(`${api}/admin/package-changes?status=pending`, { token: checker.body.token }),
    );
    await measure("PUT /admin/package-changes/{id} (approve)", () =>
      json(`${api}/admin/package-changes/${asked.body.change._id}`, {
        method: "PUT",
        token: checker.body.token,
        body: JSON.stringify({ decision: "approve" }),
      }),
    );
    const packageId = asked.body.change.packageId;
    await measure("PUT /admin/packages/{id} (words only)", () =>
      json(`${api}/admin/packages/${packageId}`, {
        method: "PUT",
        token: adminToken,
        body: JSON.stringify({ ...pkgBody, description: "For measuring, again." }),
      }),
    );
    await measure("DELETE /admin/packages/{id}", () =>
      json(`${api}/admin/packages/${packageId}`, { method: "DELETE", token: adminToken }),
    );

    // STK callback delivered → balance visible: post a success callback the way Daraja does, for deposits whose
    // own callback the simulator never sends, and poll /auth/me until the balance shows it. The deposits come from
    // the user's own number, told to act as 254700009999 for STK (paid, callback never sent; design.md §12.4).
    const callbackToken = process.env.MPESA_CALLBACK_TOKEN ?? "";
    const silentPhone = "254711000002";
    const told = await fetch(`${stack.simUrl}/__sim/phones/${silentPhone}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stk: "254700009999" }),
    });
    if (told.status !== 204) throw new Error(`the simulator refused ${silentPhone}: ${await told.text()}`);
    const latencies: number[] = [];
    for (let i = 0; i < 15; i++) {
      // The simulator holds a phone's "subscriber lock" while a prompt is open, as Daraja does: wait it out.
      let pending = await json<{ checkoutRequestId?: string }>(`${api}/mpesa/deposit`, {
        method: "POST",
        token,
        body: JSON.stringify({ amount: 10 + i, phoneNumber: silentPhone }),
      });
      for (let tries = 0; !pending.body.checkoutRequestId && tries < 50; tries++) {
        await sleep(100);
        pending = await json(`${api}/mpesa/deposit`, {
          method: "POST",
          token,
          body: JSON.stringify({ amount: 10 + i, phoneNumber: silentPhone }),
        });
      }
      if (!pending.body.checkoutRequestId) throw new Error("the simulator kept the phone locked");
      const before = (await json<Auth>(`${api}/auth/me`, { token })).body.user.walletBalance;
      const t0 = performance.now();
      await json(`${api}/hooks/daraja/stk/${callbackPathToken(callbackToken, "stk")}`, {
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
                  { Name: "PhoneNumber", Value: Number(silentPhone) },
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

    // Paybill: validation under load and confirmation → balance visible, for the same investor.
    const paybill = await benchPaybill({
      api,
      callbackToken,
      account: { token, phoneNumber: "0711000002", referralCode: registered.body.user.referralCode },
      log,
      connections: CONNECTIONS,
      durationS: DURATION_S,
    });

    // The anchors, on the same table and at the same concurrency as the endpoints, each after a warm-up.
    const { createDynamoAccountRepository } = await import(
      "../functions/src/modules/identity/dynamo/account-repository.js"
    );
    const { createDynamoInvestorRepository } = await import(
      "../functions/src/modules/investing/dynamo/investor-repository.js"
    );
    const loadBefore = loadavg();
    const accounts = createDynamoAccountRepository();
    const investor = createDynamoInvestorRepository();
    const anchor = async (name: string, op: (caller: number) => Promise<unknown>, callers = CONNECTIONS) => {
      await closedLoop(name, 2, op, callers);
      return closedLoop(name, DURATION_S, op, callers);
    };
    const getItemOnce = () =>
      db.send(new GetCommand({ TableName: tableName(), Key: { PK: `USER#${userId}`, SK: "PROFILE" } }));
    const getItem = await anchor("GetItem, before the endpoints", getItemOnce);
    // The purchase's transaction as to number and kinds of items, a Put's item as large as the purchase's (without its
    // index attributes), on keys of each caller's own as each buyer below has its own wallet; a Put writes a new item
    // each time, as the purchase's investment and ledger line do.
    const kindOf = (item: (typeof purchase)[number]) =>
      item.Put ? "Put" : item.Update ? "Update" : item.ConditionCheck ? "ConditionCheck" : "Delete";
    const purchaseShape = Object.entries(
      purchase.reduce<Record<string, number>>((count, item) => {
        const kind = kindOf(item);
        count[kind] = (count[kind] ?? 0) + 1;
        return count;
      }, {}),
    )
      .map(([kind, count]) => `${count} ${kind}`)
      .join(", ");
    const sameShape = (caller: number): NonNullable<TransactWriteCommandInput["TransactItems"]> =>
      purchase.map((item, i) => {
        const TableName = tableName();
        const Key = { PK: `BENCH#${caller}`, SK: `ITEM#${i}` };
        if (item.Put) {
          const payload = "x".repeat(JSON.stringify(item.Put.Item).length);
          const Item = { PK: `BENCH#${ulid()}`, SK: `ITEM#${i}`, payload };
          return { Put: { TableName, Item, ConditionExpression: "attribute_not_exists(PK)" } };
        }
        if (item.ConditionCheck) {
          return { ConditionCheck: { TableName, Key, ConditionExpression: "attribute_exists(PK)" } };
        }
        const ExpressionAttributeValues = { ":one": 1 };
        return { Update: { TableName, Key, UpdateExpression: "ADD n :one", ExpressionAttributeValues } };
      });
    // Every caller's items exist before the runs, so that a ConditionCheck has something to check.
    for (let caller = 0; caller < CONNECTIONS; caller++) {
      const Items = purchase.map((_, i) => ({
        PutRequest: { Item: { PK: `BENCH#${caller}`, SK: `ITEM#${i}`, n: 0 } },
      }));
      await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: Items } }));
    }
    const transactWriteOnce = (caller: number) =>
      db.send(new TransactWriteCommand({ TransactItems: sameShape(caller) }));
    const transactWrite = await anchor("TransactWriteItems, before the endpoints", transactWriteOnce);
    // The same transaction from a single caller: how long one takes when none waits for another.
    const transactWriteAlone = await anchor(
      "TransactWriteItems, one caller",
      () => db.send(new TransactWriteCommand({ TransactItems: sameShape(0) })),
      1,
    );
    // Each endpoint's DynamoDB work alone, through the repositories its handler uses: the caller read in one
    // BatchGetItem (GET /auth/me); that, then the package list's Query (GET /packages); the caller and the package
    // read, then the purchase's TransactWriteItems of the same shape (POST /investments/buy).
    const meWork = await anchor("BatchGetItem of the caller", () => accounts.getUserWith(userId, {}));
    const packagesWork = await anchor("BatchGetItem, then Query of the packages", async () => {
      await accounts.getUserWith(userId, {});
      await investor.listPackages();
    });
    const buyWork = await anchor("BatchGetItem, then TransactWriteItems", async (caller) => {
      await accounts.getUserWith(userId, { packageId: cheapest._id });
      await db.send(new TransactWriteCommand({ TransactItems: sameShape(caller) }));
    });
    log(
      `  anchors: GetItem ${getItem.perSecond.toFixed(0)}/s; TransactWriteItems (${purchaseShape}) p99 ${transactWrite.p99} ms`,
    );

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
          password: "Mvua-Nyingi-42",
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
    // The two anchors once more after the endpoints: the ratios take the mean of both, so drift in the machine's load
    // between the anchors and the endpoints shows and weighs less.
    const getItemAfter = await anchor("GetItem, after the endpoints", getItemOnce);
    const transactWriteAfter = await anchor("TransactWriteItems, after the endpoints", transactWriteOnce);
    const loadAfter = loadavg();
    for (const row of loadRows) {
      log(`  ${row.name.padEnd(24)} ${row.requestsPerSecond.toFixed(0)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms`);
    }

    // Admin page cost as the table grows: ledger lines written in bulk, with their counters.
    const adminPages: AdminPageRow[] = [];
    const seedLines = async (count: number) => {
      if (count <= 0) return;
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
    if (measureAdminPages) {
      const { readTotals } = await import("../functions/src/kernel/dynamo/counters.js");
      const existing = (await readTotals({ db, TableName: tableName() })).totals("totalTransactions");
      // The load runs above already wrote ledger lines (about a thousand purchases): the small table is at least 1,000.
      const small = Math.max(1000, existing);
      log(`  seeding up to ${small.toLocaleString("en")} transactions…`);
      await seedLines(small - existing);
      await pageCost(small);
      log(`  seeding up to ${LARGE_TABLE.toLocaleString("en")} transactions…`);
      await seedLines(LARGE_TABLE - small);
      await pageCost(LARGE_TABLE);
    }

    return {
      roundTrips: rows,
      load: loadRows,
      anchors: {
        getItem,
        getItemAfter,
        transactWrite,
        transactWriteAfter,
        transactWriteAlone,
        packagesWork,
        meWork,
        buyWork,
      },
      packagesListed: packages.body.packages.length,
      loadAverage: { before: loadBefore, after: loadAfter },
      purchase: { items: purchase.length, shape: purchaseShape },
      callbackToBalance,
      paybill,
      adminPages,
    };
  } finally {
    await stack.stop();
  }
}

export const API_LOAD_HEADING = "## API on the local stack";

/** quality.md: the endpoints against the bare DynamoDB Local anchors of the same run. */
const TARGETS = { packages: 0.5, me: 0.9, buyP99: 2 };

/** The "API on the local stack" section of docs/benchmarks.md. */
export function apiLoadSection(api: ApiBench): string {
  const { getItemAfter, transactWriteAfter, transactWriteAlone, packagesWork, meWork, buyWork } = api.anchors;
  /** Each anchor as the mean of its runs before and after the endpoints. */
  const getItem = { perSecond: (api.anchors.getItem.perSecond + getItemAfter.perSecond) / 2 };
  const transactWrite = {
    perSecond: (api.anchors.transactWrite.perSecond + transactWriteAfter.perSecond) / 2,
    p99: (api.anchors.transactWrite.p99 + transactWriteAfter.p99) / 2,
  };
  const row = (name: string) => api.load.find((r) => r.name === name);
  const packages = row("GET /packages");
  const me = row("GET /auth/me");
  const buy = row("POST /investments/buy");
  if (!packages || !me || !buy) throw new Error("an endpoint of the load runs is missing");
  const x = (value: number) => `${value.toFixed(2)}×`;
  const pct = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;
  const mark = (ok: boolean) => (ok ? "within" : "**over**");
  const packagesRatio = packages.requestsPerSecond / getItem.perSecond;
  const meRatio = me.requestsPerSecond / getItem.perSecond;
  const buyRatio = buy.p99 / transactWrite.p99;
  /** Twenty callers get hardly more transactions through than one: DynamoDB Local serializes them. */
  const serial = transactWrite.perSecond < 1.5 * transactWriteAlone.perSecond;
  const endpointRow = (r: LoadRow, ratio: string, target: string) =>
    `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors + r.non2xx} | ${ratio} | ${target} |`;
  const anchorRow = (r: AnchorRow, what: string) =>
    `| ${r.name} | ${what} | ${r.perSecond.toFixed(0)} | ${r.p50} ms | ${r.p99} ms |`;
  return `${API_LOAD_HEADING}

One process serves the real handlers (local API server) over DynamoDB Local, in memory, and autocannon drives it from
that process: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint. The anchors are bare DynamoDB Local calls made
in the same run, from the same process, by ${CONNECTIONS} callers back to back (each after a 2 s warm-up), the two
anchors once before and once after the endpoints, their mean used in the ratios: GetItem for
the reads; for the buy, a TransactWriteItems of the purchase's shape (${api.purchase.shape}; a Put's item as large as
the purchase's, without its index attributes). Targets (quality.md): GET /packages ≥ ${TARGETS.packages}× and GET
/auth/me ≥ ${TARGETS.me}× the GetItem rate; POST /investments/buy p99 ≤ ${TARGETS.buyP99}× the TransactWriteItems p99.
Load average (1 / 5 / 15 min) ${api.loadAverage.before.map((v) => v.toFixed(2)).join(" / ")} before the anchors,
${api.loadAverage.after.map((v) => v.toFixed(2)).join(" / ")} after the endpoints, on 2 cores (absolute rates move with it).
The buy load spreads over ${CONNECTIONS} funded accounts, each buying the cheapest package from its own wallet (a
refusal would count as non-2xx).

| Endpoint | req/s | p50 | p99 | errors + non-2xx | Against the anchor | Target |
|---|---|---|---|---|---|---|
${[
  endpointRow(
    packages,
    `${x(packagesRatio)} GetItem/s`,
    `≥ ${TARGETS.packages}×: ${mark(packagesRatio >= TARGETS.packages)}`,
  ),
  endpointRow(me, `${x(meRatio)} GetItem/s`, `≥ ${TARGETS.me}×: ${mark(meRatio >= TARGETS.me)}`),
  endpointRow(
    buy,
    `p99 ${x(buyRatio)} TransactWriteItems p99`,
    `≤ ${TARGETS.buyP99}×: ${mark(buyRatio <= TARGETS.buyP99)}`,
  ),
].join("\n")}

Bare DynamoDB Local, same run (${CONNECTIONS} callers unless said):

| Calls | Stands for | per s | p50 | p99 |
|---|---|---|---|---|
${[
  anchorRow(api.anchors.getItem, "anchor of the reads"),
  anchorRow(getItemAfter, "anchor of the reads"),
  anchorRow(api.anchors.transactWrite, "anchor of the buy"),
  anchorRow(transactWriteAfter, "anchor of the buy"),
  anchorRow(transactWriteAlone, "the same, without waiting for another"),
  anchorRow(meWork, "GET /auth/me's DynamoDB work"),
  anchorRow(packagesWork, "GET /packages' DynamoDB work"),
  anchorRow(buyWork, "POST /investments/buy's DynamoDB work"),
].join("\n")}

Why each endpoint stands where it does:
- **GET /auth/me** (${x(meRatio)} GetItem/s): its DynamoDB work is one BatchGetItem of the caller, which alone runs at
  ${x(meWork.perSecond / getItem.perSecond)} the GetItem rate; the endpoint reaches ${pct(me.requestsPerSecond, meWork.perSecond)} of that. What it adds per
  request, in the process that also runs autocannon and the SDK client: the HTTP server, the JWT verify (HMAC-SHA256),
  the middy chain, JSON in and out and one log line.
- **GET /packages** (${x(packagesRatio)} GetItem/s): two sequential round trips, the caller's BatchGetItem and then the
  Query of the package list (all ${api.packagesListed} packages), which alone run at ${x(packagesWork.perSecond / getItem.perSecond)} the GetItem rate; the
  endpoint reaches ${pct(packages.requestsPerSecond, packagesWork.perSecond)} of that, adding the same per-request work as /auth/me and the JSON of the list.${
    packagesWork.perSecond / getItem.perSecond < TARGETS.packages
      ? ` Its reads alone
  stay under the ${TARGETS.packages}× target: with two round trips, the second a Query returning every package, no API around them can reach it.`
      : ""
  }
- **POST /investments/buy** (p99 ${x(buyRatio)} the TransactWriteItems p99): one caller alone gets
  ${transactWriteAlone.perSecond.toFixed(0)} transactions/s (p50 ${transactWriteAlone.p50} ms), ${CONNECTIONS} callers ${transactWrite.perSecond.toFixed(0)}/s${
    serial
      ? `: DynamoDB Local commits one transaction
  at a time, so at ${CONNECTIONS} callers the anchor's latency is mostly its wait behind the others`
      : ""
  }. The buy's DynamoDB work is two
  sequential round trips, the caller and the package in one BatchGetItem and then the ${api.purchase.items}-item transaction: p99
  ${buyWork.p99} ms together (${x(buyWork.p99 / transactWrite.p99)} the anchor's). The endpoint adds the API's per-request work and the body's
  validation, and its two Puts also write index entries, which the anchor's items do not.
`;
}
