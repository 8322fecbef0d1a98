/**
 * Four eyes on admin money, second rule (design.md §12.1), over HTTP on the local API: one admin alone adjusts a
 * wallet within the solo limits (KES 10,000 an adjustment, KES 100,000 a Nairobi day); anything larger is a pending
 * adjustment that moves nothing until a different admin approves it. Every refusal writes nothing.
 */
import { randomUUID } from "node:crypto";
import {
  ADJUSTMENT_MESSAGES,
  type AuditEntry,
  type AuthResponse,
  type BalanceAdjustment,
  FOUR_EYES_MESSAGES,
  INVESTOR_MESSAGES,
  type User,
  type Withdrawal,
} from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { MoveRefusedError } from "../src/kernel/records.js";
import { seedDevData } from "../src/local/seed.js";
import { createDynamoAdjustmentRepository } from "../src/modules/admin-controls/dynamo/adjustment-repository.js";
import { itemsOfUser, readItem, setAttributes } from "./support/db.js";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { newRegistration } from "./support/users.js";

useLocalApi();

const ADMIN = { email: "admin@jengafund.local", password: "Admin@12345" };
let asker: AuthResponse;
let approver: AuthResponse;

type Asked = { message: string; adjustment: BalanceAdjustment };

const me = async (token: string) => (await api<{ user: User }>("GET", "/auth/me", { token })).body.user;

async function investor(): Promise<AuthResponse & { phoneNumber: string }> {
  const input = newRegistration();
  const { body } = await api<AuthResponse>("POST", "/auth/register", { body: input });
  return { ...body, phoneNumber: input.phoneNumber };
}

const adjust = (token: string, userId: string, amount: number, type: "credit" | "debit" = "credit", key?: string) =>
  api<Asked & { user: User }>("PUT", `/admin/users/${userId}/balance`, {
    token,
    body: { amount, type, reason: `Adjustment of KES ${amount}` },
    ...(key ? { idempotencyKey: key } : {}),
  });

const decide = (token: string, id: string, status: "approved" | "rejected", reason?: string) =>
  api<{ adjustment: BalanceAdjustment }>("PUT", `/admin/adjustments/${id}`, {
    token,
    body: { status, ...(reason ? { reason } : {}) },
  });

const adjustmentLines = async (userId: string) =>
  (await itemsOfUser(userId, "TX#")).filter((line) => line.transactionType === "adjustment");

const auditOf = async (token: string, targetId: string) =>
  (await api<{ entries: AuditEntry[] }>("GET", "/admin/audit?limit=100", { token })).body.entries.filter(
    (entry) => entry.target._id === targetId,
  );

/** A credit of KES 25,000 asked for by `asker`: above the solo limit, so it waits. */
async function pendingCredit(subject: { user: { _id: string } }, amount = 25_000) {
  const asked = await adjust(asker.token, subject.user._id, amount);
  expect(asked.status).toBe(202);
  return asked.body.adjustment;
}

beforeAll(async () => {
  await seedDevData(ADMIN);
  asker = (await api<AuthResponse>("POST", "/auth/login", { body: ADMIN })).body;
  approver = await signUpAdmin();
});

describe("within the solo limits", () => {
  it("moves up to KES 10,000 at once, as the spec says", async () => {
    const subject = await investor();
    const answer = await adjust(asker.token, subject.user._id, 10_000);
    expect(answer.status).toBe(200);
    expect(answer.body.user.walletBalance).toBe(10_000);
    expect((await adjustmentLines(subject.user._id)).map((line) => line.amountCents)).toEqual([1_000_000]);
  });

  it("counts an admin's day, credits and debits alike, and sends what passes KES 100,000 to a second admin", async () => {
    const dayAdmin = await signUpAdmin();
    const subject = await investor();
    for (let i = 0; i < 9; i++) expect((await adjust(dayAdmin.token, subject.user._id, 10_000)).status).toBe(200);
    // The debit counts as KES 5,000 of the day, though it takes money away.
    expect((await adjust(dayAdmin.token, subject.user._id, 5_000, "debit")).status).toBe(200);
    expect((await adjust(dayAdmin.token, subject.user._id, 5_000)).status).toBe(200);
    expect((await me(subject.token)).walletBalance).toBe(90_000);

    const over = await adjust(dayAdmin.token, subject.user._id, 0.01);
    expect(over.status).toBe(202);
    expect(over.body).toMatchObject({
      message: ADJUSTMENT_MESSAGES.sentForApproval,
      adjustment: { amount: 0.01, status: "pending" },
    });
    expect((await me(subject.token)).walletBalance).toBe(90_000);
    // Another admin's day is their own.
    expect((await adjust(approver.token, subject.user._id, 100)).status).toBe(200);
  });

  it("holds the day's ceiling when one admin's adjustments race", async () => {
    const racer = await signUpAdmin();
    const subject = await investor();
    const answers = await Promise.all(Array.from({ length: 12 }, () => adjust(racer.token, subject.user._id, 10_000)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 202)).toHaveLength(2);
    expect((await me(subject.token)).walletBalance).toBe(100_000);
    await expectLedgerToMatchBalances(subject.user._id);
  });
});

describe("above them, a second admin", () => {
  it("answers 202 with the pending adjustment, moves nothing, and records who asked", async () => {
    const subject = await investor();
    const asked = await adjust(asker.token, subject.user._id, 10_000.01);
    expect(asked.status).toBe(202);
    const { adjustment } = asked.body;
    expect(asked.body.message).toBe("Sent to a second admin for approval");
    expect(adjustment).toMatchObject({
      user: { _id: subject.user._id, email: subject.user.email },
      type: "credit",
      amount: 10_000.01,
      reason: "Adjustment of KES 10000.01",
      status: "pending",
      requestedBy: { _id: asker.user._id, email: asker.user.email },
    });
    expect(Date.parse(adjustment.expiresAt) - Date.parse(adjustment.createdAt)).toBe(72 * 3_600_000);
    expect((await me(subject.token)).walletBalance).toBe(0);
    expect(await adjustmentLines(subject.user._id)).toEqual([]);
    const [entry] = await auditOf(asker.token, subject.user._id);
    expect(entry).toMatchObject({ action: "adjustment.request", actor: { _id: asker.user._id } });
  });

  it("lists pending adjustments newest first, by status, with their total", async () => {
    const subject = await investor();
    const first = await pendingCredit(subject, 20_000);
    const second = await pendingCredit(subject, 30_000);
    const listed = await api<{ adjustments: BalanceAdjustment[]; total: number; totalPages: number }>(
      "GET",
      "/admin/adjustments?status=pending&limit=100",
      { token: approver.token },
    );
    expect(listed.status).toBe(200);
    const ids = listed.body.adjustments.map((a) => a._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(listed.body.adjustments.every((a) => a.status === "pending")).toBe(true);
    expect(listed.body.total).toBe(listed.body.adjustments.length);
    // Read whole, so a far page opens by its number alone: empty, with the same total.
    const far = await api<{ adjustments: BalanceAdjustment[]; total: number; page: number }>(
      "GET",
      "/admin/adjustments?status=pending&page=60&limit=100",
      { token: approver.token },
    );
    expect(far.body).toMatchObject({ adjustments: [], page: 60, total: listed.body.total });
    const bad = await api("GET", "/admin/adjustments?status=maybe", { token: approver.token });
    expect(bad).toEqual({ status: 400, body: { message: "Unknown adjustment status" } });
    const investorAsks = await api("GET", "/admin/adjustments", { token: subject.token });
    expect(investorAsks.status).toBe(403);
  });

  it("keeps the 202 for a repeat with the same Idempotency-Key, and asks once", async () => {
    const subject = await investor();
    const key = randomUUID();
    const first = await adjust(asker.token, subject.user._id, 15_000, "credit", key);
    const again = await adjust(asker.token, subject.user._id, 15_000, "credit", key);
    expect(first.status).toBe(202);
    expect(again).toEqual(first);
    const listed = await api<{ adjustments: BalanceAdjustment[] }>("GET", "/admin/adjustments?limit=100", {
      token: approver.token,
    });
    expect(listed.body.adjustments.filter((a) => a.user._id === subject.user._id)).toHaveLength(1);
  });

  it("refuses the admin who asked (403) and the adjusted admin (403), writing nothing", async () => {
    const subject = await investor();
    const adjustment = await pendingCredit(subject);
    expect(await decide(asker.token, adjustment._id, "approved")).toEqual({
      status: 403,
      body: { message: ADJUSTMENT_MESSAGES.secondAdminRequired },
    });

    const adjustedAdmin = await signUpAdmin();
    const own = await pendingCredit(adjustedAdmin);
    expect(await decide(adjustedAdmin.token, own._id, "approved")).toEqual({
      status: 403,
      body: { message: ADJUSTMENT_MESSAGES.ownAccount },
    });
    for (const [id, userId] of [
      [adjustment._id, subject.user._id],
      [own._id, adjustedAdmin.user._id],
    ] as const) {
      expect((await readItem(keys.adjustment(id)))?.status).toBe("pending");
      expect(await adjustmentLines(userId)).toEqual([]);
      expect((await auditOf(asker.token, userId)).map((e) => e.action)).toEqual(["adjustment.request"]);
    }
  });

  it("approves: the money moves with its ledger line and audit entry, and the decision is final", async () => {
    const subject = await investor();
    const adjustment = await pendingCredit(subject);
    const approved = await decide(approver.token, adjustment._id, "approved");
    expect(approved.status).toBe(200);
    expect(approved.body.adjustment).toMatchObject({
      status: "approved",
      decidedBy: { _id: approver.user._id },
      requestedBy: { _id: asker.user._id },
    });
    expect((await me(subject.token)).walletBalance).toBe(25_000);
    expect((await adjustmentLines(subject.user._id)).map((line) => line.amountCents)).toEqual([2_500_000]);
    const [entry] = await auditOf(asker.token, subject.user._id);
    expect(entry).toMatchObject({
      action: "adjustment.approve",
      actor: { _id: approver.user._id },
      details: { before: { walletBalance: 0 }, after: { walletBalance: 25_000 }, requestedBy: { id: asker.user._id } },
    });
    expect(await decide(approver.token, adjustment._id, "rejected", "Changed my mind")).toEqual({
      status: 409,
      body: { message: ADJUSTMENT_MESSAGES.alreadyDecided },
    });
    await expectLedgerToMatchBalances(subject.user._id);
  });

  it("rejects only with a reason, and then nothing moves", async () => {
    const subject = await investor();
    const adjustment = await pendingCredit(subject);
    expect(await decide(approver.token, adjustment._id, "rejected")).toEqual({
      status: 400,
      body: { message: ADJUSTMENT_MESSAGES.reasonRequired },
    });
    const rejected = await decide(approver.token, adjustment._id, "rejected", "No ticket for this credit");
    expect(rejected.status).toBe(200);
    expect(rejected.body.adjustment).toMatchObject({
      status: "rejected",
      decisionReason: "No ticket for this credit",
    });
    expect((await me(subject.token)).walletBalance).toBe(0);
    expect(await adjustmentLines(subject.user._id)).toEqual([]);
    expect((await decide(approver.token, adjustment._id, "approved")).status).toBe(409);
  });

  it("decides once when admins approve at the same moment", async () => {
    const subject = await investor();
    const adjustment = await pendingCredit(subject, 40_000);
    const third = await signUpAdmin();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => decide((i % 2 ? approver : third).token, adjustment._id, "approved")),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    expect((await me(subject.token)).walletBalance).toBe(40_000);
    expect(await adjustmentLines(subject.user._id)).toHaveLength(1);
    await expectLedgerToMatchBalances(subject.user._id);
  });

  it("refuses a debit past zero at approval with 400 'Insufficient balance' and leaves it pending", async () => {
    const subject = await investor();
    await adjust(approver.token, subject.user._id, 10_000);
    await adjust(approver.token, subject.user._id, 10_000);
    const asked = await adjust(asker.token, subject.user._id, 15_000, "debit");
    expect(asked.status).toBe(202);
    // The balance falls below the debit while it waits.
    await adjust(approver.token, subject.user._id, 10_000, "debit");
    expect(await decide(approver.token, asked.body.adjustment._id, "approved")).toEqual({
      status: 400,
      body: { message: INVESTOR_MESSAGES.insufficientBalance },
    });
    expect((await readItem(keys.adjustment(asked.body.adjustment._id)))?.status).toBe("pending");
    expect((await me(subject.token)).walletBalance).toBe(10_000);
  });

  it("expires after 72 hours: listed as expired, no longer decidable, nothing moved", async () => {
    const subject = await investor();
    const adjustment = await pendingCredit(subject);
    // 72 hours pass: the deadline it was stored with is now behind us.
    await setAttributes(keys.adjustment(adjustment._id), { pendingUntil: new Date(Date.now() - 1000).toISOString() });
    const listed = await api<{ adjustments: BalanceAdjustment[] }>("GET", "/admin/adjustments?status=expired", {
      token: approver.token,
    });
    expect(listed.body.adjustments.map((a) => a._id)).toContain(adjustment._id);
    const pending = await api<{ adjustments: BalanceAdjustment[] }>("GET", "/admin/adjustments?status=pending", {
      token: approver.token,
    });
    expect(pending.body.adjustments.map((a) => a._id)).not.toContain(adjustment._id);
    for (const status of ["approved", "rejected"] as const) {
      expect(await decide(approver.token, adjustment._id, status, "Too late")).toEqual({
        status: 409,
        body: { message: ADJUSTMENT_MESSAGES.expired },
      });
    }
    expect((await me(subject.token)).walletBalance).toBe(0);
  });

  it("lets an approval that reached the table after the deadline move nothing, though it read the adjustment pending", async () => {
    const subject = await investor();
    const asked = await pendingCredit(subject);
    const repository = createDynamoAdjustmentRepository();
    const read = await repository.get(asked._id);
    if (!read) throw new Error("the pending adjustment was not stored");
    expect(read.status).toBe("pending");
    const user = await me(subject.token);
    const late = new Date(Date.parse(read.expiresAt) + 1).toISOString();
    const approval = repository.approve(
      read,
      {
        subject: {
          id: user._id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          walletBalanceCents: 0,
        } as never,
        line: {
          id: "01JZZZZZZZZZZZZZZZZZZZZZZZ",
          userId: user._id,
          type: "adjustment",
          balance: "wallet",
          amountCents: read.amountCents,
          status: "completed",
          description: "late approval",
          reference: "ADJ-LATE",
          createdAt: late,
          requestId: randomUUID(),
        },
        reason: read.reason,
      },
      { decidedBy: { id: approver.user._id, ...approver.user }, at: late, requestId: randomUUID() },
      {
        id: "01JZZZZZZZZZZZZZZZZZZZZZZY",
        action: "adjustment.approve",
        actor: { id: approver.user._id, ...approver.user },
        target: { type: "user", id: user._id, label: user.email },
        details: { ip: "127.0.0.1" },
        createdAt: late,
      },
    );
    await expect(approval).rejects.toEqual(new MoveRefusedError("not-pending"));
    expect((await me(subject.token)).walletBalance).toBe(0);
    expect(await adjustmentLines(subject.user._id)).toEqual([]);
  });

  it("answers 404 for an adjustment that does not exist", async () => {
    expect(await decide(approver.token, "01ZZZZZZZZZZZZZZZZZZZZZZZZ", "approved")).toEqual({
      status: 404,
      body: { message: ADJUSTMENT_MESSAGES.notFound },
    });
  });
});

describe("an approved credit counts against both its admins approving a payout of it (design.md §13.6)", () => {
  it("refuses the asker and the approver a payout the balance left would not cover, and lets a third admin approve", async () => {
    const subject = await investor();
    const adjustment = await pendingCredit(subject);
    expect((await decide(approver.token, adjustment._id, "approved")).status).toBe(200);
    const requested = await api<{ withdrawal: Withdrawal }>("POST", "/withdrawals", {
      token: subject.token,
      body: { amount: 500, phoneNumber: subject.phoneNumber },
    });
    expect(requested.status).toBe(201);
    const id = requested.body.withdrawal._id;
    for (const admin of [asker, approver]) {
      expect(
        await api("PUT", `/admin/withdrawals/${id}`, { token: admin.token, body: { status: "approved" } }),
      ).toEqual({ status: 403, body: { message: FOUR_EYES_MESSAGES.recentAdjuster } });
    }
    const third = await signUpAdmin();
    const approved = await api<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${id}`, {
      token: third.token,
      body: { status: "approved" },
    });
    expect(approved.status).toBe(200);
  });
});
