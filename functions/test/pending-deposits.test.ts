/**
 * A deposit awaiting M-Pesa survives a reload (design.md §12.7): GET /mpesa/deposits?status=pending lists the
 * caller's own deposits still pending, newest first, over HTTP through the local API server, with deposits started on
 * the Daraja simulator (a phone whose callback never arrives stays pending; the others settle).
 */

import type { DepositStatusView } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { createDynamoDepositRepository } from "../src/modules/money-in/dynamo/deposit-repository.js";
import { apiUrl, eventually, usePaymentsStack } from "./support/payments-stack.js";
import { simulatePhone } from "./support/simulated-phones.js";
import { registerUser } from "./support/users.js";

usePaymentsStack();

interface Answer<T> {
  status: number;
  body: T;
}

async function api<T = Record<string, unknown>>(
  method: "GET" | "POST",
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A Safaricom number nobody registered in this run (none of the simulator's special numbers). */
const newPhone = () => `2547${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

/** A phone that takes the behaviour of one of the simulator's special STK numbers (README's table). */
async function phoneActingAs(special: string) {
  const phone = newPhone();
  await simulatePhone(phone, { stk: special });
  return phone;
}
const neverAnswers = () => phoneActingAs("254700009999");
const cancels = () => phoneActingAs("254700001032");

const deposits = createDynamoDepositRepository();

async function startDeposit(token: string, phoneNumber: string, amount: number) {
  const started = await api<{ checkoutRequestId: string }>("POST", "/mpesa/deposit", {
    token,
    body: { amount, phoneNumber },
  });
  expect(started.status).toBe(202);
  return started.body.checkoutRequestId;
}

/** Waits until the deposit has left pending, and answers its status then. */
const settled = (checkoutRequestId: string) =>
  eventually(async () => {
    const status = (await deposits.get(checkoutRequestId))?.status;
    return status !== "pending" && status;
  }, 15_000);

const listPending = (token?: string, query = "?status=pending") =>
  api<{ deposits: DepositStatusView[] }>("GET", `/mpesa/deposits${query}`, token ? { token } : {});

describe("GET /mpesa/deposits?status=pending", () => {
  it("lists only the caller's own deposits still awaiting M-Pesa, newest first", async () => {
    const investor = await registerUser();
    const other = await registerUser();

    const paid = await startDeposit(investor.token, newPhone(), 50);
    const cancelled = await startDeposit(investor.token, await cancels(), 60);
    expect(await settled(paid)).toBe("completed");
    expect(await settled(cancelled)).toBe("cancelled");
    const older = await startDeposit(investor.token, await neverAnswers(), 100);
    const newer = await startDeposit(investor.token, await neverAnswers(), 250);
    const othersPending = await startDeposit(other.token, await neverAnswers(), 300);

    const listed = await listPending(investor.token);

    expect(listed.status).toBe(200);
    expect(listed.body.deposits.map((deposit) => deposit.checkoutRequestId)).toEqual([newer, older]);
    const [first] = listed.body.deposits;
    expect(first).toMatchObject({ checkoutRequestId: newer, amount: 250, status: "pending" });
    expect(Number.isNaN(Date.parse(first?.createdAt ?? ""))).toBe(false);
    // The same view the deposit's own status route gives.
    const own = await api<{ deposit: DepositStatusView }>("GET", `/mpesa/deposit/${newer}`, {
      token: investor.token,
    });
    expect(first).toEqual(own.body.deposit);

    const theirs = await listPending(other.token);
    expect(theirs.body.deposits.map((deposit) => deposit.checkoutRequestId)).toEqual([othersPending]);
  });

  it("answers an empty list once nothing is pending", async () => {
    const investor = await registerUser();
    const paid = await startDeposit(investor.token, newPhone(), 75);
    expect(await settled(paid)).toBe("completed");

    const listed = await listPending(investor.token);

    expect(listed).toEqual({ status: 200, body: { deposits: [] } });
  });

  it.each([
    ["another status", "?status=completed"],
    ["no status", ""],
    ["an empty status", "?status="],
  ])("refuses %s with 400 and a message", async (_, query) => {
    const investor = await registerUser();

    const refused = await listPending(investor.token, query);

    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.any(String) });
    expect((refused.body as unknown as { message: string }).message).not.toBe("");
  });

  it("refuses a caller without a session with 401", async () => {
    const refused = await listPending(undefined);

    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: expect.any(String) });
  });
});
