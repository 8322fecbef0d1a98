/**
 * Unmatched Paybill payments, admin side (issue 21 point 4, design.md §12.1 and §12.3), over real HTTP on the local
 * API and DynamoDB Local: payments for no account arrive through the real confirmation path (ingest → bus → settle),
 * admins list them by status, credit them to a user (alone within the solo limits, else through a pending adjustment a
 * second admin decides) or record them as returned. Every refusal writes nothing; a payment is credited once.
 */
import { randomBytes } from "node:crypto";
import {
  ADJUSTMENT_MESSAGES,
  type AdminStats,
  type AuditEntry,
  type AuthResponse,
  type BalanceAdjustment,
  type UnmatchedPayment,
  type User,
} from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { c2bPayment } from "./support/c2b-payment.js";
import { deactivateUser, itemsOfUser, readItem, setAttributes } from "./support/db.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { apiUrl, postCallback, stkPaid, usePaymentsStack } from "./support/payments-stack.js";
import { newRegistration } from "./support/users.js";

const payments = usePaymentsStack();

interface Answer<T> {
  status: number;
  body: T;
}

async function api<T = Record<string, unknown>>(
  method: "GET" | "PUT" | "POST",
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

const admin = () => payments.adminToken;

async function investor(): Promise<AuthResponse> {
  const { body } = await api<AuthResponse>("POST", "/auth/register", { body: newRegistration() });
  return body;
}

async function secondAdmin(): Promise<AuthResponse> {
  const input = newRegistration();
  const registered = await api<AuthResponse>("POST", "/auth/register", { body: input });
  await setAttributes(keys.user(registered.body.user._id), { role: "admin" });
  return (await api<AuthResponse>("POST", "/auth/login", { body: { email: input.email, password: input.password } }))
    .body;
}

const me = async (token: string) => (await api<{ user: User }>("GET", "/auth/me", { token })).body.user;

const newTransId = () => `UM${randomBytes(4).toString("hex").toUpperCase()}`;

/** A Paybill payment through Daraja's confirmation, the bus and the settle; its TransID. */
async function confirmPaybill(amount: string, BillRefNumber: string) {
  const TransID = newTransId();
  const answer = await postCallback("c2b-confirmation", c2bPayment({ TransID, TransAmount: amount, BillRefNumber }));
  expect(answer.status).toBe(200);
  await payments.stack.bus.idle();
  return TransID;
}

/** A payment for an account number nobody has (or a deactivated one): kept as unmatched. */
async function unmatchedPayment(amount: string, BillRefNumber = `ZZ${randomBytes(3).toString("hex").toUpperCase()}`) {
  const id = await confirmPaybill(amount, BillRefNumber);
  expect(await readItem(keys.unmatchedPayment(id))).toMatchObject({ status: "unmatched" });
  return { id, accountNumber: BillRefNumber };
}

type Page = { payments: UnmatchedPayment[]; page: number; totalPages: number; total: number };
const list = (query: string, token = admin()) => api<Page>("GET", `/admin/unmatched-payments?${query}`, { token });

type Resolved = { message: string; payment: UnmatchedPayment; adjustment?: BalanceAdjustment };
const resolve = (id: string, body: unknown, token = admin()) =>
  api<Resolved>("PUT", `/admin/unmatched-payments/${id}`, { token, body });

const stats = async () => (await api<{ stats: AdminStats }>("GET", "/admin/stats", { token: admin() })).body.stats;

const auditEntries = async () =>
  (await api<{ entries: AuditEntry[]; total: number }>("GET", "/admin/audit?limit=100", { token: admin() })).body;

const depositLines = async (userId: string) =>
  (await itemsOfUser(userId, "TX#")).filter((line) => line.transactionType === "deposit");

/** Every item a resolution could touch, to show a refusal changed none of them. */
async function snapshot(paymentId: string, userId?: string) {
  return {
    payment: await readItem(keys.unmatchedPayment(paymentId)),
    marker: await readItem(keys.receiptMarker(paymentId)),
    user: userId ? await readItem(keys.user(userId)) : undefined,
    lines: userId ? await itemsOfUser(userId, "TX#") : [],
    audit: (await auditEntries()).total,
    stats: await stats(),
  };
}

describe("GET /api/admin/unmatched-payments", () => {
  it("lists the payments for no account by status, newest first, a page at a time", async () => {
    const made = [];
    for (const amount of ["150.00", "250.50", "350.00"]) made.push(await unmatchedPayment(amount));
    const first = await list("status=unmatched&limit=2&page=1");
    expect(first.status).toBe(200);
    expect(first.body.payments).toHaveLength(2);
    expect(first.body.page).toBe(1);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.total / 2));
    // The newest first: the last one made leads.
    expect(first.body.payments.map((p) => p._id)).toEqual([made[2]?.id, made[1]?.id]);
    const second = await list("limit=2&page=2");
    expect(second.body.payments[0]?._id).toBe(made[0]?.id);
    expect(second.body.total).toBe(first.body.total);

    expect(first.body.payments[1]).toEqual({
      _id: made[1]?.id,
      receipt: made[1]?.id,
      amount: 250.5,
      accountNumber: made[1]?.accountNumber,
      payerName: expect.any(String),
      paidAt: "2026-11-26T05:15:30.000Z",
      receivedAt: expect.any(String),
      reason: "unknown-account",
      status: "unmatched",
    });

    const all = await list("status=all&limit=100");
    expect(all.body.payments.map((p) => p._id)).toEqual(expect.arrayContaining(made.map((m) => m.id)));
    const receivedAt = all.body.payments.map((p) => p.receivedAt);
    expect([...receivedAt].sort().reverse()).toEqual(receivedAt);
    expect((await list("status=assigned&limit=100")).body.payments.map((p) => p._id)).not.toContain(made[0]?.id);
  });

  it("names the deactivated account a payment was made to", async () => {
    const subject = await investor();
    await deactivateUser(subject.user._id);
    const { id } = await unmatchedPayment("90.00", subject.user.referralCode);
    const found = (await list("limit=100")).body.payments.find((p) => p._id === id);
    expect(found).toMatchObject({
      reason: "inactive-account",
      user: { _id: subject.user._id, email: subject.user.email },
    });
  });

  it("refuses an unknown status or a bad page with a 400 and a message, and anyone but an admin", async () => {
    for (const query of ["status=lost", "limit=0", "limit=101", "page=0", "page=x"]) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(typeof (answer.body as unknown as { message: string }).message).toBe("string");
    }
    const outsider = await investor();
    expect((await list("", outsider.token)).status).toBe(403);
  });
});

describe("crediting an unmatched payment within the solo limits", () => {
  it("credits the user at once with a Paybill deposit line, the statistics and the audit entry, ending the trial", async () => {
    const subject = await investor();
    expect(subject.user.isTrialAccount).toBe(true);
    const { id } = await unmatchedPayment("500.00");
    const before = await stats();

    const answer = await resolve(id, { userId: subject.user._id, reason: "  Payer called: typed 0712 for 0721  " });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(`Payment credited to ${subject.user.firstName} ${subject.user.lastName}`);
    expect(answer.body.payment).toMatchObject({
      _id: id,
      status: "assigned",
      user: { _id: subject.user._id },
      resolution: { reason: "Payer called: typed 0712 for 0721" },
      resolvedBy: { email: "admin@jengafund.local" },
    });

    const user = await me(subject.token);
    expect(user.walletBalance).toBe(500);
    expect(user.isTrialAccount).toBe(false);
    expect(await depositLines(subject.user._id)).toEqual([
      expect.objectContaining({
        status: "completed",
        amountCents: 50_000,
        mpesaTransactionId: id,
        description: "M-Pesa Paybill deposit",
        balance: "wallet",
      }),
    ]);
    await expectLedgerToMatchBalances(subject.user._id);
    expect(await readItem(keys.receiptMarker(id))).toMatchObject({ outcome: "assigned", userId: subject.user._id });

    const after = await stats();
    expect(after.depositsByChannel.paybill).toEqual({
      count: before.depositsByChannel.paybill.count + 1,
      amount: before.depositsByChannel.paybill.amount + 500,
    });
    expect(after.depositsByChannel.stk).toEqual(before.depositsByChannel.stk);
    expect(after.unmatchedPayments).toBe(before.unmatchedPayments - 1);
    expect(after.totalTransactions).toBe(before.totalTransactions + 1);

    const entry = (await auditEntries()).entries.find(
      (e) => e.action === "unmatched-payment.assign" && e.target._id === subject.user._id,
    );
    expect(entry?.details).toMatchObject({ reason: "Payer called: typed 0712 for 0721", after: { receipt: id } });

    // Resolved once: a second credit is refused and moves nothing.
    const again = await resolve(id, { userId: subject.user._id, reason: "Again" });
    expect(again).toEqual({ status: 409, body: { message: "This payment has already been resolved" } });
    expect((await me(subject.token)).walletBalance).toBe(500);
    expect((await list("status=assigned&limit=100")).body.payments.map((p) => p._id)).toContain(id);
  });

  it("bars the admin who credited the payment from approving a withdrawal that spends it; another admin may", async () => {
    const other = await secondAdmin();
    const subject = await investor();
    const { id } = await unmatchedPayment("800.00");
    expect((await resolve(id, { userId: subject.user._id, reason: "Payer called" })).status).toBe(200);
    const requested = await api<{ withdrawal: { _id: string } }>("POST", "/withdrawals", {
      token: subject.token,
      body: { amount: 300, phoneNumber: subject.user.phoneNumber },
    });
    expect(requested.status).toBe(201);
    const path = `/withdrawals/${requested.body.withdrawal._id}`;

    const byCreditor = await api("PUT", `/admin${path}`, { token: admin(), body: { status: "approved" } });
    expect(byCreditor).toEqual({ status: 403, body: { message: "Another admin must approve this withdrawal" } });
    const byOther = await api<{ withdrawal: { status: string } }>("PUT", `/admin${path}`, {
      token: other.token,
      body: { status: "approved" },
    });
    expect(byOther.status).toBe(200);
    expect(byOther.body.withdrawal.status).not.toBe("pending");
  });

  it("credits once when two admins assign the same payment at the same moment", async () => {
    const other = await secondAdmin();
    const [one, two] = [await investor(), await investor()];
    const { id } = await unmatchedPayment("700.00");
    const answers = await Promise.all([
      resolve(id, { userId: one.user._id, reason: "Race one" }),
      resolve(id, { userId: two.user._id, reason: "Race two" }, other.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const balances = [(await me(one.token)).walletBalance, (await me(two.token)).walletBalance];
    expect(balances.sort()).toEqual([0, 700]);
    const lines = [...(await depositLines(one.user._id)), ...(await depositLines(two.user._id))];
    expect(lines).toHaveLength(1);
  });
});

describe("crediting above the solo limit: four eyes", () => {
  it("sends it to a second admin, moves nothing, and credits once when another admin approves", async () => {
    const subject = await investor();
    const approver = await secondAdmin();
    const { id } = await unmatchedPayment("25000.00");
    const before = await stats();

    const asked = await resolve(id, { userId: subject.user._id, reason: "Payer's bank slip checked" });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe(ADJUSTMENT_MESSAGES.sentForApproval);
    expect(asked.body.adjustment).toMatchObject({
      type: "credit",
      amount: 25_000,
      status: "pending",
      reason: "Payer's bank slip checked",
      unmatchedPaymentId: id,
      user: { _id: subject.user._id },
    });
    const adjustmentId = asked.body.adjustment?._id as string;
    expect(asked.body.payment).toMatchObject({ status: "pending", adjustmentId, user: { _id: subject.user._id } });
    expect((await me(subject.token)).walletBalance).toBe(0);
    expect(await depositLines(subject.user._id)).toEqual([]);
    expect((await stats()).depositsByChannel).toEqual(before.depositsByChannel);
    expect((await stats()).unmatchedPayments).toBe(before.unmatchedPayments);
    expect((await list("status=pending&limit=100")).body.payments.map((p) => p._id)).toContain(id);
    expect((await list("status=unmatched&limit=100")).body.payments.map((p) => p._id)).not.toContain(id);

    // The console's Approvals tab lists it.
    const approvals = await api<{ adjustments: BalanceAdjustment[] }>("GET", "/admin/adjustments?status=pending", {
      token: approver.token,
    });
    expect(approvals.body.adjustments.find((a) => a._id === adjustmentId)).toMatchObject({ unmatchedPaymentId: id });

    // Not while it waits: neither another resolution nor the asker's own approval.
    expect((await resolve(id, { status: "returned", receipt: "RVS0000001", reason: "No" })).status).toBe(409);
    const own = await api("PUT", `/admin/adjustments/${adjustmentId}`, {
      token: admin(),
      body: { status: "approved" },
    });
    expect(own).toEqual({ status: 403, body: { message: ADJUSTMENT_MESSAGES.secondAdminRequired } });
    expect((await me(subject.token)).walletBalance).toBe(0);

    const approved = await api<{ adjustment: BalanceAdjustment }>("PUT", `/admin/adjustments/${adjustmentId}`, {
      token: approver.token,
      body: { status: "approved" },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.adjustment.status).toBe("approved");
    const user = await me(subject.token);
    expect(user.walletBalance).toBe(25_000);
    expect(user.isTrialAccount).toBe(false);
    const lines = await itemsOfUser(subject.user._id, "TX#");
    expect(lines.filter((l) => l.transactionType === "adjustment")).toEqual([]);
    expect(await depositLines(subject.user._id)).toEqual([
      expect.objectContaining({
        amountCents: 2_500_000,
        mpesaTransactionId: id,
        description: "M-Pesa Paybill deposit",
      }),
    ]);
    await expectLedgerToMatchBalances(subject.user._id);
    const found = (await list("status=assigned&limit=100")).body.payments.find((p) => p._id === id);
    expect(found).toMatchObject({
      status: "assigned",
      user: { _id: subject.user._id },
      resolvedBy: { _id: approver.user._id },
    });
    const after = await stats();
    expect(after.depositsByChannel.paybill).toEqual({
      count: before.depositsByChannel.paybill.count + 1,
      amount: before.depositsByChannel.paybill.amount + 25_000,
    });
    expect(after.unmatchedPayments).toBe(before.unmatchedPayments - 1);
    const actions = (await auditEntries()).entries
      .filter((e) => e.target._id === subject.user._id)
      .map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["adjustment.request", "adjustment.approve", "unmatched-payment.assign"]),
    );

    // Approved once.
    const twice = await api("PUT", `/admin/adjustments/${adjustmentId}`, {
      token: approver.token,
      body: { status: "approved" },
    });
    expect(twice.status).toBe(409);
    expect((await me(subject.token)).walletBalance).toBe(25_000);
  });

  it("puts the payment back to unmatched when the second admin rejects it, or when it expires", async () => {
    const subject = await investor();
    const approver = await secondAdmin();
    const { id } = await unmatchedPayment("30000.00");
    const asked = await resolve(id, { userId: subject.user._id, reason: "Looks like theirs" });
    expect(asked.status).toBe(202);
    const rejected = await api("PUT", `/admin/adjustments/${asked.body.adjustment?._id}`, {
      token: approver.token,
      body: { status: "rejected", reason: "Not proven" },
    });
    expect(rejected.status).toBe(200);
    const back = (await list("status=unmatched&limit=100")).body.payments.find((p) => p._id === id);
    expect(back).toMatchObject({ status: "unmatched" });
    expect(back).not.toHaveProperty("adjustmentId");
    expect(back).not.toHaveProperty("user");
    expect((await me(subject.token)).walletBalance).toBe(0);

    // Asked again; this time nobody answers in time: past its deadline the payment is open again.
    const again = await resolve(id, { userId: subject.user._id, reason: "Second try" });
    expect(again.status).toBe(202);
    const past = new Date(Date.now() - 1000).toISOString();
    await setAttributes(keys.adjustment(again.body.adjustment?._id as string), { pendingUntil: past });
    await setAttributes(keys.unmatchedPayment(id), { pendingUntil: past });
    expect((await list("status=unmatched&limit=100")).body.payments.find((p) => p._id === id)).toMatchObject({
      status: "unmatched",
    });
    expect((await list("status=pending&limit=100")).body.payments.map((p) => p._id)).not.toContain(id);
    const late = await api("PUT", `/admin/adjustments/${again.body.adjustment?._id}`, {
      token: approver.token,
      body: { status: "approved" },
    });
    expect(late.status).toBe(409);
    expect((await me(subject.token)).walletBalance).toBe(0);
    const returned = await resolve(id, { status: "returned", receipt: "RVS7K2M9QA", reason: "Sent back" });
    expect(returned.status).toBe(200);
    expect(returned.body.payment).not.toHaveProperty("user");
  });
});

describe("recording a payment as returned", () => {
  it("records the reversal's receipt and the reason, moves no money, and is audited", async () => {
    const { id } = await unmatchedPayment("1200.00");
    const before = await stats();
    const answer = await resolve(id, { status: "returned", receipt: "QWE1234567", reason: "Reversed to the payer" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: "Payment marked as returned",
      payment: expect.objectContaining({
        _id: id,
        status: "returned",
        resolution: { reason: "Reversed to the payer", receipt: "QWE1234567" },
        resolvedBy: expect.objectContaining({ email: "admin@jengafund.local" }),
        resolvedAt: expect.any(String),
      }),
    });
    const after = await stats();
    expect(after.depositsByChannel).toEqual(before.depositsByChannel);
    expect(after.unmatchedPayments).toBe(before.unmatchedPayments - 1);
    expect((await list("status=returned&limit=100")).body.payments.map((p) => p._id)).toContain(id);
    const entry = (await auditEntries()).entries.find(
      (e) => e.action === "unmatched-payment.return" && e.target._id === id,
    );
    expect(entry).toMatchObject({ target: { type: "payment" }, details: { after: { receipt: "QWE1234567" } } });
    expect((await resolve(id, { status: "returned", receipt: "QWE1234567", reason: "Again" })).status).toBe(409);
  });
});

describe("a payment outside Paybill's amounts (design.md §13.3)", () => {
  it("cannot be credited to anyone, alone or for a second admin, and writes nothing; it can be returned", async () => {
    const subject = await investor();
    for (const amount of ["250000.01", "0.50"]) {
      const { id } = await unmatchedPayment(amount);
      expect(await readItem(keys.unmatchedPayment(id))).toMatchObject({ reason: "amount-out-of-bounds" });
      const before = await snapshot(id, subject.user._id);
      const answer = await resolve(id, { userId: subject.user._id, reason: "Ticket 77: the payer's account" });
      expect(answer).toEqual({
        status: 400,
        body: {
          message: "A payment outside KES 1 to 250,000 cannot be credited; it can only be returned to the payer",
        },
      });
      expect(await snapshot(id, subject.user._id)).toEqual(before);
      const approvals = await api<{ adjustments: BalanceAdjustment[] }>("GET", "/admin/adjustments?status=pending", {
        token: admin(),
      });
      expect(approvals.status).toBe(200);
      expect(approvals.body.adjustments.find((a) => a.unmatchedPaymentId === id)).toBeUndefined();

      const returned = await resolve(id, { status: "returned", receipt: "QWE7654321", reason: "Sent back" });
      expect(returned.status).toBe(200);
      expect(returned.body.payment).toMatchObject({ _id: id, status: "returned" });
    }
    expect(await readItem(keys.user(subject.user._id))).toMatchObject({ walletBalanceCents: 0 });
  });
});

describe("refusals write nothing", () => {
  it("answers each bad request with its status and message and leaves every item as it was", async () => {
    const subject = await investor();
    const inactive = await investor();
    await deactivateUser(inactive.user._id);
    const adminId = (await me(admin()))._id;
    const { id } = await unmatchedPayment("400.00");
    const before = await snapshot(id, subject.user._id);

    const cases: [string, unknown, number, string | null][] = [
      [id, { userId: subject.user._id }, 400, null],
      [id, { userId: subject.user._id, reason: "   " }, 400, null],
      [id, { userId: subject.user._id, reason: "x".repeat(501) }, 400, null],
      [id, { userId: subject.user._id, reason: "ok", amount: 5 }, 400, null],
      [id, { status: "returned", receipt: "short", reason: "ok" }, 400, null],
      [id, { status: "returned", receipt: "qwe1234567", reason: "ok" }, 400, null],
      [id, { status: "returned", receipt: "QWE1234567" }, 400, null],
      [id, { status: "assigned", userId: subject.user._id, reason: "ok" }, 400, null],
      [id, "not an object", 400, null],
      ["NOSUCHPAY1", { userId: subject.user._id, reason: "ok" }, 404, "Payment not found"],
      [id, { userId: "01JZZZZZZZZZZZZZZZZZZZZZZZ", reason: "ok" }, 404, "User not found"],
      [id, { userId: adminId, reason: "ok" }, 403, "You cannot adjust your own balance"],
      [id, { userId: inactive.user._id, reason: "ok" }, 400, "This account is deactivated"],
    ];
    for (const [paymentId, body, status, message] of cases) {
      const answer = await resolve(paymentId, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      const text = (answer.body as unknown as { message: string }).message;
      expect(typeof text).toBe("string");
      if (message) expect(text).toBe(message);
    }
    expect(await snapshot(id, subject.user._id)).toEqual(before);
    expect(await readItem(keys.user(inactive.user._id))).toMatchObject({ walletBalanceCents: 0 });
  });
});

describe("GET /api/admin/stats: deposits by channel", () => {
  it("counts an STK deposit under stk and a matched Paybill confirmation under paybill, with their amounts", async () => {
    const subject = await investor();
    const before = await stats();

    // An STK deposit: the simulator never calls back for this number, so the callback below is the completion.
    const started = await api<{ checkoutRequestId: string }>("POST", "/mpesa/deposit", {
      token: subject.token,
      body: { amount: 200, phoneNumber: "254700009999" },
    });
    expect(started.status).toBe(202);
    await postCallback(
      "stk",
      stkPaid({
        checkoutRequestId: started.body.checkoutRequestId,
        amount: 200,
        receipt: newTransId(),
        phone: 254700009999,
      }),
    );
    await payments.stack.bus.idle();
    // A Paybill payment naming the account: credited by the confirmation itself.
    const paid = await confirmPaybill("350.00", subject.user.referralCode);
    expect(await readItem(keys.unmatchedPayment(paid))).toBeUndefined();
    expect((await me(subject.token)).walletBalance).toBe(550);

    const after = await stats();
    expect(after.depositsByChannel).toEqual({
      stk: { count: before.depositsByChannel.stk.count + 1, amount: before.depositsByChannel.stk.amount + 200 },
      paybill: {
        count: before.depositsByChannel.paybill.count + 1,
        amount: before.depositsByChannel.paybill.amount + 350,
      },
    });
    expect(after.unmatchedPayments).toBe(before.unmatchedPayments);
    // The spec's eight figures are all still there.
    for (const name of [
      "totalUsers",
      "totalPackages",
      "totalInvestments",
      "activeInvestments",
      "totalTransactions",
      "pendingWithdrawals",
      "totalRevenue",
      "newUsersToday",
    ]) {
      expect(typeof (after as unknown as Record<string, unknown>)[name], name).toBe("number");
    }
  });
});
