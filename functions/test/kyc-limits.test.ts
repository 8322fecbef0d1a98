/**
 * An unverified account's limits (design.md §13.5), over HTTP through the local API with deposits paid by the Daraja
 * simulator: at most KES 10,000 withdrawn in a Nairobi day and KES 100,000 deposited in all, STK and Paybill counted
 * together. A refusal is a 403 `{ message, kycRequired: true }` and writes nothing; a Paybill payment past the limit
 * waits as an unmatched payment; a verified account has M-Pesa's own limits only.
 */
import { KYC_MESSAGES, type User, type Withdrawal } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { c2bPayment } from "./support/c2b-payment.js";
import { itemsOfUser, readItem, setAttributes } from "./support/db.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { apiUrl, eventually, postCallback, usePaymentsStack } from "./support/payments-stack.js";
import { registerUser } from "./support/users.js";

const payments = usePaymentsStack();

interface Answer<T> {
  status: number;
  body: T;
}

async function api<T = Record<string, unknown>>(
  method: "GET" | "POST" | "PUT",
  path: string,
  options: { token: string; body?: unknown },
): Promise<Answer<T>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${options.token}` },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const me = async (token: string) => (await api<{ user: User }>("GET", "/auth/me", { token })).body.user;
const withdraw = (token: string, amount: number, phoneNumber: string) =>
  api<{ withdrawal: Withdrawal; message: string; kycRequired?: boolean }>("POST", "/withdrawals", {
    token,
    body: { amount, phoneNumber },
  });

/** An STK deposit paid by the simulator, followed until it completes. */
async function paidDeposit(token: string, phoneNumber: string, amount: number) {
  const started = await api<{ checkoutRequestId: string }>("POST", "/mpesa/deposit", {
    token,
    body: { amount, phoneNumber },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await eventually(async () => {
    const { body } = await api<{ deposit: { status: string } }>(
      "GET",
      `/mpesa/deposit/${started.body.checkoutRequestId}`,
      { token },
    );
    return body.deposit.status === "completed";
  }, 15_000);
}

/** How many STK pushes the simulator has received. */
const stkPushes = () =>
  payments.stack.simulator.received.filter((request) => request.path === "/mpesa/stkpush/v1/processrequest").length;

/** The account's identity verified, as an admin's decision leaves the user item (kyc.test.ts drives the real one). */
const markVerified = (userId: string) => setAttributes(keys.user(userId), { kyc: { status: "verified" } });

describe("withdrawals of an unverified account", () => {
  it("allows KES 10,000 in a Nairobi day and refuses the smallest payout more, writing nothing", async () => {
    const { token, user, input } = await registerUser();
    await depositToWallet(user, 3_000_000);
    expect((await me(token)).kyc).toEqual({ status: "none" });

    expect((await withdraw(token, 6_000, input.phoneNumber)).status).toBe(201);
    expect((await withdraw(token, 4_000, input.phoneNumber)).status).toBe(201);
    const before = await me(token);
    const lines = (await itemsOfUser(user._id, keys.ledgerPrefix)).length;

    const refused = await withdraw(token, 10, input.phoneNumber);
    expect(refused).toEqual({ status: 403, body: { message: KYC_MESSAGES.withdrawalLimit, kycRequired: true } });
    expect((await me(token)).walletBalance).toBe(before.walletBalance);
    expect(await itemsOfUser(user._id, keys.ledgerPrefix)).toHaveLength(lines);
    await expectLedgerToMatchBalances(user._id);
  });

  it("refuses KES 10,001 at once, and two requests at once cannot pass the limit together", async () => {
    const { token, user, input } = await registerUser();
    await depositToWallet(user, 3_000_000);
    expect(await withdraw(token, 10_001, input.phoneNumber)).toEqual({
      status: 403,
      body: { message: KYC_MESSAGES.withdrawalLimit, kycRequired: true },
    });
    const racing = await Promise.all([
      withdraw(token, 6_000, input.phoneNumber),
      withdraw(token, 6_000, input.phoneNumber),
    ]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 403]);
    expect((await me(token)).walletBalance).toBe(30_000 - 6_000);
  });

  it("gives the day's room back when a withdrawal is rejected", async () => {
    const { token, user, input } = await registerUser();
    await depositToWallet(user, 3_000_000);
    const asked = await withdraw(token, 10_000, input.phoneNumber);
    expect(asked.status).toBe(201);
    const rejected = await api("PUT", `/admin/withdrawals/${asked.body.withdrawal._id}`, {
      token: payments.adminToken,
      body: { status: "rejected", reason: "Asked by the owner" },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await withdraw(token, 10_000, input.phoneNumber)).status).toBe(201);
  });

  it("lifts once the identity is verified: M-Pesa's own limits only", async () => {
    const { token, user, input } = await registerUser();
    await depositToWallet(user, 10_000_000);
    expect((await withdraw(token, 15_000, input.phoneNumber)).status).toBe(403);
    await markVerified(user._id);
    expect((await withdraw(token, 15_000, input.phoneNumber)).status).toBe(201);
    expect((await withdraw(token, 60_000, input.phoneNumber)).status).toBe(201);
  });
});

describe("deposits of an unverified account", () => {
  it("counts STK and Paybill together up to KES 100,000 and refuses the next shilling before any prompt", async () => {
    const { token, user, input } = await registerUser();
    await paidDeposit(token, input.phoneNumber, 60_000);
    await paidDeposit(token, input.phoneNumber, 30_000);
    const paybill = await postCallback(
      "c2b-confirmation",
      c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "10000.00" }),
    );
    expect(paybill.status).toBe(200);
    await payments.stack.bus.idle();
    await eventually(async () => (await me(token)).walletBalance === 100_000);
    expect((await readItem(keys.user(user._id)))?.depositsCents).toBe(10_000_000);

    const prompts = stkPushes();
    const refused = await api("POST", "/mpesa/deposit", { token, body: { amount: 1, phoneNumber: input.phoneNumber } });
    expect(refused).toEqual({ status: 403, body: { message: KYC_MESSAGES.depositLimit, kycRequired: true } });
    expect(stkPushes()).toBe(prompts);
    await expectLedgerToMatchBalances(user._id);
  });

  it("keeps a Paybill payment past the limit as an unmatched payment (kyc-limit), crediting nothing", async () => {
    const { token, user, input } = await registerUser();
    await paidDeposit(token, input.phoneNumber, 99_995);
    const payment = c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "5.01" });
    await postCallback("c2b-confirmation", payment);
    await payments.stack.bus.idle();
    expect((await me(token)).walletBalance).toBe(99_995);
    const kept = await api<{ payments: { receipt: string; reason: string; status: string }[] }>(
      "GET",
      "/admin/unmatched-payments?status=unmatched",
      { token: payments.adminToken },
    );
    expect(kept.body.payments.find((row) => row.receipt === payment.TransID)).toMatchObject({
      reason: "kyc-limit",
      status: "unmatched",
    });
    // At the edge it still credits: KES 100,000.00 in all.
    await postCallback("c2b-confirmation", c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "5.00" }));
    await payments.stack.bus.idle();
    await eventually(async () => (await me(token)).walletBalance === 100_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("refuses one STK deposit above KES 100,000 and gives the count back when a prompt fails", async () => {
    const { token, user, input } = await registerUser();
    expect(
      await api("POST", "/mpesa/deposit", { token, body: { amount: 100_001, phoneNumber: input.phoneNumber } }),
    ).toEqual({ status: 403, body: { message: KYC_MESSAGES.depositLimit, kycRequired: true } });
    expect((await readItem(keys.user(user._id)))?.depositsCents ?? 0).toBe(0);
    await markVerified(user._id);
    await paidDeposit(token, input.phoneNumber, 150_000);
    expect((await me(token)).walletBalance).toBe(150_000);
  });
});
