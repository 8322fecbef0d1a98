/**
 * Idempotency-Key on the money routes (design.md §11, R13): a repeat with the same key changes nothing and gets the
 * same answer; ten at once change state once; the same key with another body is a 422; no key, no change.
 */

import { randomUUID } from "node:crypto";
import type { RouteHandlerName } from "@jengafund/shared";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { itemsOfUser, readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { createPackage } from "./support/packages.js";
import { eventually, simulatorUrl, usePaymentsStack } from "./support/payments-stack.js";
import { pendingWithdrawal } from "./support/payouts.js";
import { registerUser } from "./support/users.js";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlerOf = async (name: RouteHandlerName) =>
  ((await import(`../src/handlers/http/${name}.ts`)) as { handler: Handler }).handler;

const payments = usePaymentsStack();

interface Keyed {
  name: RouteHandlerName;
  token: string;
  body?: unknown;
  pathParameters?: Record<string, string>;
}

async function send(request: Keyed, key?: string) {
  return call(
    await handlerOf(request.name),
    gatewayEvent(request.name, {
      token: request.token,
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.pathParameters ? { pathParameters: request.pathParameters } : {}),
      ...(key ? { headers: { "idempotency-key": key } } : {}),
    }),
  );
}

/** A user with real money: KES 2,000 credited by the admin. */
async function fundedUser() {
  const registered = await registerUser();
  await send({
    name: "adjust-user-balance",
    token: payments.adminToken,
    pathParameters: { id: registered.user._id },
    body: { amount: 2000, type: "credit", reason: "idempotency test" },
  });
  return registered;
}

/** A KES 500 purchase of a fresh package. */
async function aPurchase() {
  const pkg = await createPackage();
  return { packageId: pkg.id, amount: 500 };
}

const walletOf = async (userId: string) => (await readItem(keys.user(userId)))?.walletBalanceCents;
const linesOf = async (userId: string, type: string) =>
  (await itemsOfUser(userId, "TX#")).filter((line) => line.transactionType === type);

describe("a money request repeated with the same Idempotency-Key (R13)", () => {
  it("buys once, sequentially and ten at once, and answers every repeat the same", async () => {
    const { token, user } = await fundedUser();
    const buy = { name: "buy-investment" as const, token, body: await aPurchase() };

    const key = randomUUID();
    const first = await send(buy, key);
    expect(first.statusCode).toBe(201);
    const again = await send(buy, key);
    expect(again).toEqual(first);

    const burstKey = randomUUID();
    const burst = await Promise.all(Array.from({ length: 10 }, () => send(buy, burstKey)));
    const done = burst.filter((answer) => answer.statusCode === 201);
    // Those that arrived while the first was running are told so; none bought again.
    expect(burst.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    expect(new Set(done.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await send(buy, burstKey)).toEqual(done[0]);

    expect(await linesOf(user._id, "investment")).toHaveLength(2);
    // A trial account buys with its KES 1,000 of demo money: two purchases of KES 500.
    expect((await readItem(keys.user(user._id)))?.trialBalanceCents).toBe(0);
    await expectLedgerToMatchBalances(user._id);
  });

  it("refuses the same key with another body with 422, and changes nothing", async () => {
    const { token, user } = await fundedUser();
    const purchase = await aPurchase();
    const key = randomUUID();
    await send({ name: "buy-investment", token, body: purchase }, key);
    const other = await send({ name: "buy-investment", token, body: { ...purchase, amount: 501 } }, key);
    expect(other).toEqual({
      statusCode: 422,
      body: { message: "This Idempotency-Key was already used for a different request" },
    });
    expect(await linesOf(user._id, "investment")).toHaveLength(1);
  });

  it("keeps keys per caller: another user's request with the same key is their own", async () => {
    const key = randomUUID();
    const a = await fundedUser();
    const b = await fundedUser();
    const body = await aPurchase();
    expect((await send({ name: "buy-investment", token: a.token, body }, key)).statusCode).toBe(201);
    expect((await send({ name: "buy-investment", token: b.token, body }, key)).statusCode).toBe(201);
    expect(await linesOf(b.user._id, "investment")).toHaveLength(1);
  });

  it("does the work again without a key, as before", async () => {
    const { token, user } = await fundedUser();
    const buy = { name: "buy-investment" as const, token, body: await aPurchase() };
    await send(buy);
    await send(buy);
    expect(await linesOf(user._id, "investment")).toHaveLength(2);
  });

  it("gives the key back when the request changed nothing, so a retry does the work", async () => {
    const { token, user } = await registerUser();
    const key = randomUUID();
    const withdraw = {
      name: "request-withdrawal" as const,
      token,
      body: { amount: 50, phoneNumber: user.phoneNumber },
    };
    const refused = await send(withdraw, key);
    expect(refused.statusCode).toBe(400);
    await send({
      name: "adjust-user-balance",
      token: payments.adminToken,
      pathParameters: { id: user._id },
      body: { amount: 100, type: "credit", reason: "top-up" },
    });
    expect((await send(withdraw, key)).statusCode).toBe(201);
    expect(await walletOf(user._id)).toBe(5_000);
  });

  it("refuses a malformed key with 400", async () => {
    const { token } = await fundedUser();
    const answer = await send({ name: "buy-investment", token, body: await aPurchase() }, "not a valid key!");
    expect(answer).toEqual({
      statusCode: 400,
      body: { message: "Idempotency-Key must be 1 to 100 letters, digits, '-' or '_'" },
    });
  });

  it.each([
    ["claim-investment-reward", 1],
    ["request-withdrawal", 1],
    ["adjust-user-balance", 1],
  ] as const)("%s: ten repeats at once, then one more, change state once", async (name, effects) => {
    const { token, user } = await fundedUser();
    let request: Keyed;
    let count: () => Promise<number>;
    if (name === "claim-investment-reward") {
      const bought = await send({ name: "buy-investment", token, body: await aPurchase() });
      const investmentId = (bought.body as { investment: { _id: string } }).investment._id;
      request = { name, token, pathParameters: { id: investmentId } };
      count = async () => (await linesOf(user._id, "reward")).length;
    } else if (name === "request-withdrawal") {
      request = { name, token, body: { amount: 100, phoneNumber: user.phoneNumber } };
      count = async () => (await linesOf(user._id, "withdrawal")).length;
    } else {
      request = {
        name,
        token: payments.adminToken,
        pathParameters: { id: user._id },
        body: { amount: 10, type: "credit", reason: "once" },
      };
      count = async () => (await linesOf(user._id, "adjustment")).length - 1;
    }
    const key = randomUUID();
    const burst = await Promise.all(Array.from({ length: 10 }, () => send(request, key)));
    const done = burst.filter((answer) => answer.statusCode < 300);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(burst.every((answer) => answer.statusCode < 300 || answer.statusCode === 409)).toBe(true);
    expect(new Set(done.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await send(request, key)).toEqual(done[0]);
    expect(await count()).toBe(effects);
    await expectLedgerToMatchBalances(user._id);
  });

  it("starts one deposit and sends one M-Pesa prompt, however often it is repeated", async () => {
    const { token, user } = await registerUser();
    const phoneNumber = `2547${String(Date.now()).slice(-8)}`;
    const deposit = { name: "start-deposit" as const, token, body: { amount: 120, phoneNumber } };
    const prompts = async () => {
      const { requests } = (await (await fetch(`${simulatorUrl}/__sim/requests`)).json()) as {
        requests: { path: string; body?: { PhoneNumber?: unknown } }[];
      };
      return requests.filter(
        (r) => r.path.endsWith("/stkpush/v1/processrequest") && String(r.body?.PhoneNumber) === phoneNumber,
      ).length;
    };
    const key = randomUUID();
    const burst = await Promise.all(Array.from({ length: 10 }, () => send(deposit, key)));
    const started = burst.filter((answer) => answer.statusCode === 202);
    expect(started.length).toBeGreaterThanOrEqual(1);
    expect(new Set(started.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await send(deposit, key)).toEqual(started[0]);
    expect(await prompts()).toBe(1);
    const checkoutRequestId = String(started[0]?.body.checkoutRequestId);
    await eventually(async () => (await readItem(keys.deposit(checkoutRequestId)))?.status === "completed");
    expect(await walletOf(user._id)).toBe(12_000);
  });

  it("approves a withdrawal once and answers the repeat the same", async () => {
    const { withdrawal } = await pendingWithdrawal();
    const approve = {
      name: "process-withdrawal" as const,
      token: payments.adminToken,
      pathParameters: { id: withdrawal._id },
      body: { status: "approved" },
    };
    const key = randomUUID();
    const first = await send(approve, key);
    expect(first.statusCode).toBe(200);
    expect(await send(approve, key)).toEqual(first);
    // Without the key the repeat is a second decision, refused as before.
    expect((await send(approve)).statusCode).toBe(409);
  });

  it("asks for one new package", async () => {
    const body = {
      name: `Idempotent ${randomUUID().slice(0, 8)}`,
      company: "Safaricom PLC",
      description: "A package created once",
      price: 500,
      image: "https://example.com/p.png",
      category: "technology",
      riskLevel: "low",
      monthlyReturnRate: 20,
      dailyReturnRate: 0.7,
      maturityDate: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    };
    const create = { name: "create-package" as const, token: payments.adminToken, body };
    const key = randomUUID();
    const burst = await Promise.all(Array.from({ length: 5 }, () => send(create, key)));
    // A new package is a package change waiting for a second admin (design.md §13.1): asked for once.
    const created = burst.filter((answer) => answer.statusCode === 202);
    expect(new Set(created.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await send(create, key)).toEqual(created[0]);
    const list = await send({ name: "list-package-changes", token: payments.adminToken });
    const named = (list.body as { changes: { fields: { name: string } }[] }).changes.filter(
      (change) => change.fields.name === body.name,
    );
    expect(named).toHaveLength(1);
  });
});
