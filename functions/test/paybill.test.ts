/**
 * Paybill (C2B) deposits, server side (design.md §12.3): the numbers to pay with, Daraja's validation call, and the
 * confirmation through the ingest → bus → settle path. Daraja-shaped payloads (mpesa.md §9.A) go over real HTTP to
 * the local API, the local event bus delivers them to the settle handler, and DynamoDB Local holds the result.
 */

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { handler as startDeposit } from "../src/handlers/http/start-deposit.js";
import { defaultDynamoContext } from "../src/kernel/dynamo/client.js";
import { counterNames } from "../src/kernel/dynamo/counter-items.js";
import { readTotals } from "../src/kernel/dynamo/counters.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { c2bPayment } from "./support/c2b-payment.js";
import { deactivateUser, itemsOfUser, readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { metricLines, outputOf } from "./support/output.js";
import { apiUrl, kindToken, postCallback, stkPaid, usePaymentsStack } from "./support/payments-stack.js";
import { registerUser } from "./support/users.js";

const payments = usePaymentsStack();

/** A fresh M-Pesa receipt: ten upper-case letters and digits, as Daraja's TransID. */
const newTransId = () => `TK${randomBytes(4).toString("hex").toUpperCase()}`;

async function postJson(url: string, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const validate = (body: unknown, token = kindToken("c2b-validation")) =>
  postJson(`${apiUrl}/hooks/daraja/c2b-validation/${token}`, body);

/** Posts a confirmation and waits until the bus has delivered (and settled) everything. */
async function confirm(body: unknown) {
  const answer = await postCallback("c2b-confirmation", body);
  await payments.stack.bus.idle();
  return answer;
}

const msisdnOf = (local: string) => `254${local.slice(1)}`;

/** Confirms each payment in turn, and how many ReceiptConflict counts the settles published meanwhile. */
async function conflictsCounted(...bodies: unknown[]) {
  const output = await outputOf(async () => {
    for (const body of bodies) expect((await confirm(body)).status).toBe(200);
  });
  return metricLines(output).reduce((sum, line) => sum + (typeof line.ReceiptConflict === "number" ? 1 : 0), 0);
}

/** The admin Unmatched tab's list, as an admin reads it. */
async function unmatchedTab(adminToken: string) {
  const response = await fetch(`${apiUrl}/admin/unmatched-payments?status=all&limit=100`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { payments: Record<string, unknown>[] }).payments;
}

const userItem = (userId: string) => readItem(keys.user(userId));
const completedDeposits = async (userId: string) =>
  (await itemsOfUser(userId, "TX#")).filter((l) => l.transactionType === "deposit" && l.status === "completed");
const depositCounters = async () => {
  const { totals } = await readTotals(defaultDynamoContext());
  return {
    completedDeposits: totals(counterNames.ledger({ type: "deposit", status: "completed" })),
    deposits: totals(counterNames.ledger({ type: "deposit" })),
    completed: totals(counterNames.ledger({ status: "completed" })),
    all: totals("totalTransactions"),
  };
};

const ACCEPTED = { ResultCode: "0", ResultDesc: "Accepted" };
const BAD_ACCOUNT = { ResultCode: "C2B00012", ResultDesc: "Rejected" };
const BAD_AMOUNT = { ResultCode: "C2B00013", ResultDesc: "Rejected" };

describe("GET /api/mpesa/paybill", () => {
  it("gives the business number and the caller's registered phone in 07 or 01 form as the account number", async () => {
    for (const prefix of ["07", "01"]) {
      const phoneNumber = `${prefix}${String(Date.now()).slice(-8)}`;
      const { token } = await registerUser({ phoneNumber });
      const response = await fetch(`${apiUrl}/mpesa/paybill`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ businessNumber: "600984", accountNumber: phoneNumber });
    }
  });

  it("answers an anonymous caller 401", async () => {
    const response = await fetch(`${apiUrl}/mpesa/paybill`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Please log in to continue" });
  });
});

describe("C2B validation", () => {
  it("accepts the registered phone in 07 and 254 form and the referral code in any case", async () => {
    const { user, input } = await registerUser();
    for (const BillRefNumber of [
      input.phoneNumber,
      msisdnOf(input.phoneNumber),
      ` ${msisdnOf(input.phoneNumber)} `,
      user.referralCode,
      user.referralCode.toLowerCase(),
    ]) {
      expect(await validate(c2bPayment({ BillRefNumber, TransAmount: "500.00" })), BillRefNumber).toEqual({
        status: 200,
        body: ACCEPTED,
      });
    }
  });

  it("rejects an account number that names no account, and a deactivated account, with C2B00012", async () => {
    const { user, input } = await registerUser();
    await deactivateUser(user._id);
    for (const BillRefNumber of ["0799999999x", "ZZZZ2222", "", input.phoneNumber, user.referralCode, "a#b"]) {
      expect(await validate(c2bPayment({ BillRefNumber, TransAmount: "100.00" })), BillRefNumber).toEqual({
        status: 200,
        body: BAD_ACCOUNT,
      });
    }
  });

  it("rejects amounts below 1 and above 250,000 KES, or unreadable, with C2B00013, and takes the bounds", async () => {
    const { input } = await registerUser();
    for (const TransAmount of ["0.99", "0.00", "250000.01", "300000", "-5.00", "abc", "1.234", ""]) {
      expect(await validate(c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount })), TransAmount).toEqual({
        status: 200,
        body: BAD_AMOUNT,
      });
    }
    for (const TransAmount of ["1.00", "1", "250000.00"]) {
      expect(await validate(c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount })), TransAmount).toEqual({
        status: 200,
        body: ACCEPTED,
      });
    }
  });

  it("answers a wrong token as a path that does not exist", async () => {
    const { input } = await registerUser();
    const response = await validate(c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "10.00" }), "nope");
    expect(response).toEqual({ status: 404, body: { message: "Not Found" } });
  });
});

describe("C2B confirmation", () => {
  it("credits the wallet once with a completed Paybill ledger line, counts it and ends the trial", async () => {
    const { token, user, input } = await registerUser();
    expect(await userItem(user._id)).toMatchObject({ isTrialAccount: true, walletBalanceCents: 0 });
    const before = await depositCounters();
    const payment = c2bPayment({ BillRefNumber: msisdnOf(input.phoneNumber), TransAmount: "1234.50" });

    expect(await confirm(payment)).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: "Success" } });

    expect(await userItem(user._id)).toMatchObject({ isTrialAccount: false, walletBalanceCents: 123_450 });
    const lines = await completedDeposits(user._id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      transactionType: "deposit",
      status: "completed",
      balance: "wallet",
      amountCents: 123_450,
      mpesaTransactionId: payment.TransID,
      description: "M-Pesa Paybill deposit",
      reference: payment.TransID,
    });
    expect(await readItem(keys.receiptMarker(payment.TransID))).toMatchObject({
      userId: user._id,
      lineId: lines[0]?.id,
      channel: "paybill",
    });
    const after = await depositCounters();
    expect(after).toEqual({
      completedDeposits: before.completedDeposits + 1,
      deposits: before.deposits + 1,
      completed: before.completed + 1,
      all: before.all + 1,
    });
    // The MSISDN of a C2B payment is hashed: it proves no number, so no payout number comes of it.
    expect(await itemsOfUser(user._id, keys.payoutNumberPrefix)).toEqual([]);

    // The investor sees it in their own list.
    const listed = await fetch(`${apiUrl}/transactions`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { transactions: { description: string }[] }).transactions).toContainEqual(
      expect.objectContaining({ description: "M-Pesa Paybill deposit", amount: 1234.5, status: "completed" }),
    );

    // A replay changes nothing.
    expect((await confirm(payment)).status).toBe(200);
    expect((await userItem(user._id))?.walletBalanceCents).toBe(123_450);
    expect(await completedDeposits(user._id)).toHaveLength(1);
    expect(await depositCounters()).toEqual(after);
    expect(payments.stack.bus.deadLetters).toEqual([]);
    await expectLedgerToMatchBalances(user._id);
  });

  it("credits exactly once under 100 concurrent deliveries of one confirmation (R2)", async () => {
    const { user } = await registerUser();
    const before = await depositCounters();
    const payment = c2bPayment({ BillRefNumber: user.referralCode.toLowerCase(), TransAmount: "750.00" });
    const answers = await Promise.all(Array.from({ length: 100 }, () => postCallback("c2b-confirmation", payment)));
    expect(answers.every((a) => a.status === 200 && a.body.ResultDesc === "Success")).toBe(true);
    await payments.stack.bus.idle();

    expect((await userItem(user._id))?.walletBalanceCents).toBe(75_000);
    expect(await completedDeposits(user._id)).toHaveLength(1);
    expect((await depositCounters()).completedDeposits).toBe(before.completedDeposits + 1);
    expect(payments.stack.bus.deadLetters).toEqual([]);
    await expectLedgerToMatchBalances(user._id);
  });

  it("credits a receipt once when it is replayed in lower case, one after the other (design.md §13.3)", async () => {
    const { user } = await registerUser();
    const payment = c2bPayment({ BillRefNumber: user.referralCode, TransAmount: "400.00" });
    await confirm(payment);
    await confirm({ ...payment, TransID: payment.TransID.toLowerCase() });
    await confirm({ ...payment, TransID: ` ${payment.TransID.slice(0, 5)}${payment.TransID.slice(5).toLowerCase()} ` });

    expect((await userItem(user._id))?.walletBalanceCents).toBe(40_000);
    const credited = await completedDeposits(user._id);
    expect(credited).toHaveLength(1);
    expect(credited[0]?.mpesaTransactionId).toBe(payment.TransID);
    expect(await readItem(keys.receiptMarker(payment.TransID.toLowerCase()))).toBeUndefined();
    await expectLedgerToMatchBalances(user._id);
  });

  it("credits once under 50 concurrent deliveries of one confirmation in upper and lower case (R20)", async () => {
    const { user } = await registerUser();
    const payment = c2bPayment({ BillRefNumber: user.referralCode, TransAmount: "650.00" });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postCallback(
          "c2b-confirmation",
          i % 2 === 0 ? payment : { ...payment, TransID: payment.TransID.toLowerCase() },
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await payments.stack.bus.idle();

    expect((await userItem(user._id))?.walletBalanceCents).toBe(65_000);
    expect(await completedDeposits(user._id)).toHaveLength(1);
    expect(payments.stack.bus.deadLetters).toEqual([]);
    await expectLedgerToMatchBalances(user._id);
  });

  it("credits nothing for the same receipt with another amount; counts, keeps and shows it as a receipt-conflict (§13.3)", async () => {
    const { user } = await registerUser();
    const payment = c2bPayment({ BillRefNumber: user.referralCode, TransAmount: "500.00" });
    await confirm(payment);
    const marker = await readItem(keys.receiptMarker(payment.TransID));
    const counters = await depositCounters();

    // The review's reproduction: the same TransID again, for KES 50,000, in lower case too.
    const inflated = { ...payment, TransAmount: "50000.00" };
    expect(await conflictsCounted(inflated, { ...inflated, TransID: payment.TransID.toLowerCase() }, inflated)).toBe(1);

    expect((await userItem(user._id))?.walletBalanceCents).toBe(50_000);
    expect(await completedDeposits(user._id)).toHaveLength(1);
    expect(await depositCounters()).toEqual(counters);
    // The receipt's own marker and payment are untouched; the conflict has an item of its own.
    expect(await readItem(keys.receiptMarker(payment.TransID))).toEqual(marker);
    expect(await readItem(keys.unmatchedPayment(payment.TransID))).toBeUndefined();
    const shown = (await unmatchedTab(payments.adminToken)).filter((p) => p.receipt === payment.TransID);
    expect(shown).toEqual([
      expect.objectContaining({
        _id: expect.stringMatching(new RegExp(`^${payment.TransID}C[0-9A-F]{9}$`)),
        receipt: payment.TransID,
        amount: 50_000,
        accountNumber: user.referralCode,
        reason: "receipt-conflict",
        status: "unmatched",
      }),
    ]);
    expect(await readItem(keys.unmatchedPayment(String(shown[0]?._id)))).toMatchObject({
      type: "UnmatchedPayment",
      reason: "receipt-conflict",
      amountCents: 5_000_000,
    });

    // No admin can credit it: the receipt's money came once, with its first payment.
    const conflictId = String(shown[0]?._id);
    const before = await readItem(keys.unmatchedPayment(conflictId));
    const assign = await fetch(`${apiUrl}/admin/unmatched-payments/${conflictId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${payments.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ userId: user._id, reason: "Looks like theirs" }),
    });
    expect(assign.status).toBe(400);
    expect(await assign.json()).toEqual({
      message: "This receipt was already taken by another payment; it cannot be credited again",
    });
    expect(await readItem(keys.unmatchedPayment(conflictId))).toEqual(before);
    expect((await userItem(user._id))?.walletBalanceCents).toBe(50_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("counts a repeat naming another account or another short code as a conflict; an exact repeat is silent", async () => {
    const { user, input } = await registerUser();
    const other = await registerUser();
    const payment = c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "800.00" });
    await confirm(payment);

    // Exact repeats, also with the account number in other blanks or case: nothing kept, nothing counted.
    expect(await conflictsCounted(payment, { ...payment, BillRefNumber: ` ${input.phoneNumber} ` })).toBe(0);
    expect((await unmatchedTab(payments.adminToken)).filter((p) => p.receipt === payment.TransID)).toEqual([]);

    const toOther = { ...payment, BillRefNumber: other.input.phoneNumber };
    const otherShortCode = { ...payment, BusinessShortCode: "600999" };
    expect(await conflictsCounted(toOther, otherShortCode, toOther)).toBe(2);
    const kept = (await unmatchedTab(payments.adminToken)).filter((p) => p.receipt === payment.TransID);
    expect(kept.map((p) => p.reason)).toEqual(["receipt-conflict", "receipt-conflict"]);
    expect(new Set(kept.map((p) => p._id)).size).toBe(2);

    expect((await userItem(user._id))?.walletBalanceCents).toBe(80_000);
    expect((await userItem(other.user._id))?.walletBalanceCents).toBe(0);
    expect(await completedDeposits(other.user._id)).toEqual([]);
  });

  it("counts a conflict with a receipt kept as unmatched, and with an STK deposit's receipt of another amount", async () => {
    const unmatched = c2bPayment({ BillRefNumber: "0700000002x", TransAmount: "120.00" });
    await confirm(unmatched);
    expect(await conflictsCounted({ ...unmatched, TransAmount: "1200.00" })).toBe(1);
    expect(await readItem(keys.unmatchedPayment(unmatched.TransID))).toMatchObject({
      reason: "unknown-account",
      amountCents: 12_000,
    });

    const { token, user, input } = await registerUser();
    const started = await call<{ checkoutRequestId: string }>(
      startDeposit,
      gatewayEvent("start-deposit", { token, body: { amount: 150, phoneNumber: "254700009999" } }),
    );
    expect(started.statusCode).toBe(202);
    const receipt = newTransId();
    await postCallback(
      "stk",
      stkPaid({ checkoutRequestId: started.body.checkoutRequestId, amount: 150, receipt, phone: 254700009999 }),
    );
    await payments.stack.bus.idle();
    expect(
      await conflictsCounted(
        c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "150.00", TransID: receipt }),
        c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "15000.00", TransID: receipt }),
      ),
    ).toBe(1);
    expect((await userItem(user._id))?.walletBalanceCents).toBe(15_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("keeps a receipt that is not ten letters and digits as unmatched (invalid-receipt), never credited", async () => {
    const { user } = await registerUser();
    const payment = c2bPayment({ BillRefNumber: user.referralCode, TransAmount: "300.00", TransID: "TK12345" });
    const answer = await confirm(payment);
    expect(answer.status).toBe(200);

    expect(await readItem(keys.unmatchedPayment("TK12345"))).toMatchObject({
      status: "unmatched",
      reason: "invalid-receipt",
      amountCents: 30_000,
    });
    expect((await userItem(user._id))?.walletBalanceCents).toBe(0);
    expect(await completedDeposits(user._id)).toEqual([]);
  });

  it("never credits a TransID that an STK deposit already took as its receipt", async () => {
    const { token, user, input } = await registerUser();
    // The simulator never calls back for this number: the STK callback below is ours.
    const started = await call<{ checkoutRequestId: string }>(
      startDeposit,
      gatewayEvent("start-deposit", { token, body: { amount: 200, phoneNumber: "254700009999" } }),
    );
    expect(started.statusCode).toBe(202);
    const receipt = newTransId();
    await postCallback(
      "stk",
      stkPaid({
        checkoutRequestId: started.body.checkoutRequestId,
        amount: 200,
        receipt: receipt,
        phone: 254700009999,
      }),
    );
    await payments.stack.bus.idle();
    expect((await userItem(user._id))?.walletBalanceCents).toBe(20_000);

    await confirm(c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "200.00", TransID: receipt }));
    expect((await userItem(user._id))?.walletBalanceCents).toBe(20_000);
    expect(await completedDeposits(user._id)).toHaveLength(1);
    expect(await readItem(keys.unmatchedPayment(receipt))).toBeUndefined();
    await expectLedgerToMatchBalances(user._id);
  });

  it("leaves a confirmation of an STK payment (our JF reference) to the STK deposit, even when it comes first", async () => {
    const { token, user } = await registerUser();
    // The simulator never calls back for this number: the STK callback below is ours.
    const started = await call<{ checkoutRequestId: string }>(
      startDeposit,
      gatewayEvent("start-deposit", { token, body: { amount: 300, phoneNumber: "254700009999" } }),
    );
    expect(started.statusCode).toBe(202);
    // The account reference the STK push gave the payment (services/deposits.ts: JF and ten id characters).
    const reference = String((await readItem(keys.deposit(started.body.checkoutRequestId)))?.accountReference);
    expect(reference).toMatch(/^JF[0-9A-Z]{10}$/);
    const receipt = newTransId();

    // Where the STK short code is also the Paybill, Daraja confirms the same payment to the C2B URL.
    const before = await depositCounters();
    await confirm(c2bPayment({ BillRefNumber: reference, TransAmount: "300.00", TransID: receipt }));
    expect(await readItem(keys.unmatchedPayment(receipt))).toBeUndefined();
    expect(await readItem(keys.receiptMarker(receipt))).toBeUndefined();
    expect(await depositCounters()).toEqual(before);

    await postCallback(
      "stk",
      stkPaid({
        checkoutRequestId: started.body.checkoutRequestId,
        amount: 300,
        receipt: receipt,
        phone: 254700009999,
      }),
    );
    await payments.stack.bus.idle();
    expect((await userItem(user._id))?.walletBalanceCents).toBe(30_000);
    expect(await completedDeposits(user._id)).toHaveLength(1);
    expect(await readItem(keys.unmatchedPayment(receipt))).toBeUndefined();
    await expectLedgerToMatchBalances(user._id);
  });

  it("keeps a payment whose account number only looks like an STK reference as unmatched, never lost (§13.3)", async () => {
    const { token } = await registerUser();
    const started = await call<{ checkoutRequestId: string }>(
      startDeposit,
      gatewayEvent("start-deposit", { token, body: { amount: 300, phoneNumber: "254700009999" } }),
    );
    expect(started.statusCode).toBe(202);
    const reference = String((await readItem(keys.deposit(started.body.checkoutRequestId)))?.accountReference);
    const typed = [
      // A reference no push of ours gave.
      c2bPayment({ BillRefNumber: `JF${randomBytes(5).toString("hex").toUpperCase()}`, TransAmount: "700.00" }),
      // A real push's reference, for an amount that push never asked.
      c2bPayment({ BillRefNumber: reference, TransAmount: "900.00" }),
    ];
    for (const payment of typed) {
      await confirm(payment);
      expect(await readItem(keys.unmatchedPayment(payment.TransID))).toMatchObject({
        status: "unmatched",
        reason: "unknown-account",
        billRefNumber: payment.BillRefNumber,
      });
      expect(await readItem(keys.receiptMarker(payment.TransID))).toMatchObject({ outcome: "unmatched" });
    }
    expect(await readItem(keys.deposit(started.body.checkoutRequestId))).toMatchObject({ status: "pending" });
  });

  it("keeps a payment for no account as one unmatched record, however often it is delivered", async () => {
    const before = await depositCounters();
    const payment = c2bPayment({ BillRefNumber: "0700000001x", TransAmount: "99.90" });
    expect(await confirm(payment)).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: "Success" } });
    expect(await confirm(payment)).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: "Success" } });

    expect(await readItem(keys.unmatchedPayment(payment.TransID))).toMatchObject({
      type: "UnmatchedPayment",
      transId: payment.TransID,
      amountCents: 9_990,
      billRefNumber: "0700000001x",
      msisdn: payment.MSISDN,
      transTime: payment.TransTime,
      businessShortCode: "600984",
      payerName: "WANJIRU KAMAU",
      status: "unmatched",
      reason: "unknown-account",
    });
    expect(await readItem(keys.receiptMarker(payment.TransID))).toMatchObject({ outcome: "unmatched" });
    expect(await depositCounters()).toEqual(before);
    expect(payments.stack.bus.deadLetters).toEqual([]);
  });

  it("keeps a confirmed amount outside KES 1–250,000 as unmatched, never credited unseen", async () => {
    const { user, input } = await registerUser();
    for (const TransAmount of ["250000.01", "0.50"]) {
      const payment = c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount });
      await confirm(payment);
      expect(await readItem(keys.unmatchedPayment(payment.TransID))).toMatchObject({
        status: "unmatched",
        reason: "amount-out-of-bounds",
      });
    }
    expect((await userItem(user._id))?.walletBalanceCents).toBe(0);
    expect(await completedDeposits(user._id)).toEqual([]);
  });

  it("keeps a payment for a deactivated account as unmatched, naming the account", async () => {
    const { user, input } = await registerUser();
    await deactivateUser(user._id);
    const payment = c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "500.00" });
    await confirm(payment);
    expect((await userItem(user._id))?.walletBalanceCents).toBe(0);
    expect(await readItem(keys.unmatchedPayment(payment.TransID))).toMatchObject({
      status: "unmatched",
      reason: "inactive-account",
      userId: user._id,
    });
  });

  it("refuses a confirmation whose amount is not an exact KES amount, and changes nothing", async () => {
    const { user, input } = await registerUser();
    for (const TransAmount of ["12.345", "-5.00", "abc", "", "1e3", "0.00"]) {
      const payment = c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount });
      const answer = await confirm(payment);
      expect(answer, TransAmount).toEqual({ status: 400, body: { message: "Unexpected callback body" } });
      expect(await readItem(keys.receiptMarker(payment.TransID))).toBeUndefined();
      expect(await readItem(keys.unmatchedPayment(payment.TransID))).toBeUndefined();
    }
    expect(await userItem(user._id)).toMatchObject({ walletBalanceCents: 0, isTrialAccount: true });
    expect(await completedDeposits(user._id)).toEqual([]);
  });

  it("refuses a confirmation with a wrong token", async () => {
    const { user, input } = await registerUser();
    const payment = c2bPayment({ BillRefNumber: input.phoneNumber, TransAmount: "10.00" });
    expect(await postCallback("c2b-confirmation", payment, "wrong")).toEqual({
      status: 404,
      body: { message: "Not Found" },
    });
    await payments.stack.bus.idle();
    expect((await userItem(user._id))?.walletBalanceCents).toBe(0);
  });
});
