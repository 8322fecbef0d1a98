/**
 * A user's money moves over real HTTP on the payments stack (payments-stack.ts: import it first), with the whole
 * process's clock set to chosen Nairobi wall-clock times, so that what the chart routes count lands on known days.
 * Sessions are short, so an actor signs in again once the clock has moved past its token.
 */
import { randomBytes } from "node:crypto";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { AuthResponse, Withdrawal } from "@jengafund/shared";
import { expect, vi } from "vitest";
import { dynamoDocumentClient, tableName } from "../../src/kernel/dynamo/client.js";
import { keys } from "../../src/kernel/dynamo/keys.js";
import { c2bPayment } from "./c2b-payment.js";
import { readItem } from "./db.js";
import { apiUrl, eventually, postCallback } from "./payments-stack.js";
import { newRegistration } from "./users.js";

export interface Answer {
  status: number;
  headers: Headers;
  /** The body as sent (a statement's PDF or CSV). */
  bytes: Buffer;
  /** The body read as JSON, when it is JSON; `{}` otherwise. */
  json: Record<string, unknown>;
}

export async function http(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get("content-type")?.includes("json") && bytes.length > 0;
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: isJson ? JSON.parse(bytes.toString()) : {},
  };
}

export async function expectStatus(answer: Promise<Answer>, status: number): Promise<Answer> {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.json)).toBe(status);
  return settled;
}

/** Someone who signs in, again whenever the clock has moved more than a few minutes since. */
export interface Actor {
  credentials: { email: string; password: string };
  token: string;
  signedAt: number;
}

export const actor = (credentials: Actor["credentials"]): Actor => ({ credentials, token: "", signedAt: 0 });

export async function tokenOf(who: Actor): Promise<string> {
  if (!who.token || Math.abs(Date.now() - who.signedAt) > 5 * 60_000) {
    const { json } = await expectStatus(http("POST", "/auth/login", { body: who.credentials }), 200);
    who.token = String(json.token);
    who.signedAt = Date.now();
  }
  return who.token;
}

/** The dev admin the payments stack seeds. */
export const devAdmin = () => actor({ email: "admin@jengafund.local", password: "Admin@12345" });

/** A new investor, registered over HTTP at the clock's time. */
export async function signUp(overrides: Record<string, string> = {}) {
  const input = newRegistration(overrides);
  const { json } = await expectStatus(http("POST", "/auth/register", { body: input }), 201);
  const { user } = json as unknown as AuthResponse;
  return { input, user, who: actor(input) };
}

/**
 * The clock of the whole process (tokens, ids, createdAt, settledAt) at a Nairobi wall-clock time, moving on from
 * there. Call `vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })` first.
 */
export function clockAt(nairobi: string) {
  vi.setSystemTime(new Date(`${nairobi}+03:00`));
}

/** The Nairobi day `offset` days from today's (negative: before), `YYYY-MM-DD`, on the real clock. */
export function nairobiDayFromToday(offset: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

export const msisdnOf = (local: string) => `254${local.slice(1)}`;

/** An STK deposit through the simulator, awaited until completed. */
export async function stkDeposit(who: Actor, amount: number, phoneNumber: string) {
  const token = await tokenOf(who);
  const { json } = await expectStatus(http("POST", "/mpesa/deposit", { token, body: { amount, phoneNumber } }), 202);
  const id = String(json.checkoutRequestId);
  await eventually(async () => {
    const status = await http("GET", `/mpesa/deposit/${id}`, { token });
    return (status.json.deposit as { status?: string } | undefined)?.status === "completed";
  });
}

/**
 * A Paybill payment confirmed by Daraja for the account with this phone number (its account number). Its receipt is
 * `receiptPrefix` and 8 hex digits, so a test can tell its own payments apart.
 */
export async function paybillDeposit(
  local: string,
  amount: string,
  settled: () => Promise<void>,
  receiptPrefix = "TC",
) {
  const payment = c2bPayment({
    TransID: `${receiptPrefix}${randomBytes(4).toString("hex").toUpperCase()}`,
    TransTime: "20261015101500",
    TransAmount: amount,
    BillRefNumber: msisdnOf(local),
    MSISDN: "0".repeat(64),
  });
  expect((await postCallback("c2b-confirmation", payment)).status).toBe(200);
  await settled();
}

export async function buy(who: Actor, packageId: string, amount: number): Promise<string> {
  const { json } = await expectStatus(
    http("POST", "/investments/buy", { token: await tokenOf(who), body: { packageId, amount } }),
    201,
  );
  return String((json.investment as { _id: string })._id);
}

export async function claim(who: Actor, investmentId: string) {
  await expectStatus(http("POST", `/investments/claim/${investmentId}`, { token: await tokenOf(who) }), 200);
}

/** A withdrawal asked for and approved by `admin`, awaited until M-Pesa's result settled it (`completed` or not). */
export async function payout(who: Actor, phoneNumber: string, amount: number, admin: Actor, expected: string) {
  const { json } = await expectStatus(
    http("POST", "/withdrawals", { token: await tokenOf(who), body: { amount, phoneNumber } }),
    201,
  );
  const { _id } = json.withdrawal as Withdrawal;
  await expectStatus(
    http("PUT", `/admin/withdrawals/${_id}`, { token: await tokenOf(admin), body: { status: "approved" } }),
    200,
  );
  await eventually(async () => (await readItem(keys.withdrawal(_id)))?.status === expected);
}

/** Every item of this file's table (a test's table is small). */
export async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocumentClient().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
