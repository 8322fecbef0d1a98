/**
 * The audit trail (design.md §11): every admin action writes its entry in the same transaction as the change, with
 * the actor, the target, what changed, the reason and the caller's address; GET /admin/audit lists them newest first
 * with exact totals, filtered by action and searched by target or actor; a refused action records nothing.
 */
import type { AuditEntry, AuthResponse, PackageInput, Withdrawal } from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as adjustBalance } from "../src/handlers/http/adjust-user-balance.js";
import { handler as deletePackage } from "../src/handlers/http/delete-package.js";
import { handler as listAudit } from "../src/handlers/http/list-admin-audit.js";
import { handler as processWithdrawal } from "../src/handlers/http/process-withdrawal.js";
import { handler as setUserStatus } from "../src/handlers/http/set-user-status.js";
import { handler as updatePackage } from "../src/handlers/http/update-package.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { approvedPackage, signInAsAdmin } from "./support/admin.js";
import { readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { eventually, usePaymentsStack } from "./support/payments-stack.js";
import { approvedHoursAgo, approveWithdrawal, pendingWithdrawal } from "./support/payouts.js";
import { registerUser } from "./support/users.js";

type Page = { entries: AuditEntry[]; page: number; totalPages: number; total: number; nextCursor?: string };

const payments = usePaymentsStack();
let admin: AuthResponse;
beforeAll(async () => {
  admin = await signInAsAdmin();
});
const ADMIN_IP = "203.0.113.45";

const asAdmin = <T>(
  handler: typeof setUserStatus,
  route: Parameters<typeof gatewayEvent>[0],
  options: { pathParameters?: Record<string, string>; body?: unknown } = {},
) => call<T>(handler, gatewayEvent(route, { token: payments.adminToken, sourceIp: ADMIN_IP, ...options }));

const audit = (query: Record<string, string> = {}, token = payments.adminToken) =>
  call<Page>(listAudit, gatewayEvent("list-admin-audit", { token, query: { page: "1", limit: "10", ...query } }));

const PACKAGE: PackageInput = {
  name: "Audit Growth Fund",
  company: "Safaricom",
  description: "A package to audit",
  price: 500,
  image: "https://example.com/audit.png",
  category: "transport",
  riskLevel: "low",
  monthlyReturnRate: 30,
  dailyReturnRate: 1,
  maturityDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
};

describe("the audit trail", () => {
  it("records every admin action with its actor, target, change, reason and address, newest first", async () => {
    const { user } = await registerUser({ firstName: "Audited", lastName: "Investor" });
    const before = (await audit()).body.total;

    expect(
      (await asAdmin(setUserStatus, "set-user-status", { pathParameters: { id: user._id }, body: { isActive: false } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await asAdmin(setUserStatus, "set-user-status", { pathParameters: { id: user._id }, body: { isActive: true } }))
        .statusCode,
    ).toBe(200);
    const credit = await asAdmin(adjustBalance, "adjust-user-balance", {
      pathParameters: { id: user._id },
      body: { amount: 250, type: "credit", reason: "Goodwill for the outage" },
    });
    expect(credit.statusCode).toBe(200);
    // A new package is asked for by one admin and approved by another (design.md §13.1).
    const pkgId = (await approvedPackage(admin.token, PACKAGE))._id;
    const updated = await asAdmin(updatePackage, "update-package", {
      pathParameters: { id: pkgId },
      body: { ...PACKAGE, description: "A package to audit, described again" },
    });
    expect(updated.statusCode).toBe(200);
    expect((await asAdmin(deletePackage, "delete-package", { pathParameters: { id: pkgId } })).statusCode).toBe(200);

    const { body } = await audit();
    expect(body.total).toBe(before + 7);
    const [deleted, update, approved, requested, balance, activate, deactivate] = body.entries;
    for (const entry of [deleted, update, requested, balance, activate, deactivate]) {
      expect(entry?.actor).toMatchObject({ _id: admin.user._id, email: admin.user.email });
    }
    // The package was asked for through the test's own helper, from its default address.
    for (const entry of [deleted, update, balance, activate, deactivate]) expect(entry?.details.ip).toBe(ADMIN_IP);
    expect(deactivate).toMatchObject({
      action: "user.status",
      target: { type: "user", _id: user._id, label: user.email },
      details: { before: { isActive: true }, after: { isActive: false } },
    });
    expect(activate?.details).toMatchObject({ before: { isActive: false }, after: { isActive: true } });
    expect(balance).toMatchObject({
      action: "user.balance",
      target: { _id: user._id },
      details: { before: { walletBalance: 0 }, after: { walletBalance: 250 }, reason: "Goodwill for the outage" },
    });
    expect(requested).toMatchObject({
      action: "package.change.requested",
      target: { type: "package", _id: pkgId, label: PACKAGE.name },
      details: { after: { name: PACKAGE.name, price: 500, kind: "create", status: "pending" } },
    });
    expect(approved).toMatchObject({
      action: "package.change.approved",
      actor: { email: "admin2@jengafund.local" },
      target: { type: "package", _id: pkgId },
      details: { after: { name: PACKAGE.name, price: 500, status: "approved" }, requestedBy: { id: admin.user._id } },
    });
    expect(update).toMatchObject({
      action: "package.update",
      details: {
        before: { description: PACKAGE.description },
        after: { description: "A package to audit, described again" },
      },
    });
    expect(Object.keys(update?.details.after ?? {}).sort()).toEqual(["description"]);
    expect(deleted).toMatchObject({ action: "package.delete", details: { before: { name: PACKAGE.name } } });
    expect(body.entries.map((e) => e._id)).toEqual([...body.entries.map((e) => e._id)].sort().reverse());

    // Filters and search: by action, by the target's email, by the actor's email.
    const statuses = (await audit({ action: "user.status" })).body;
    expect(statuses.entries.every((e) => e.action === "user.status")).toBe(true);
    expect(statuses.entries.slice(0, 2).map((e) => e._id)).toEqual([activate?._id, deactivate?._id]);
    const onUser = (await audit({ search: user.email })).body;
    expect(onUser.entries.map((e) => e.action).sort()).toEqual(["user.balance", "user.status", "user.status"]);
    const byAdmin = (await audit({ search: admin.user.email, action: "package.update" })).body;
    expect(byAdmin.entries.map((e) => e._id)).toContain(update?._id);
    expect(byAdmin.entries.every((e) => e.action === "package.update")).toBe(true);
    const byPackageId = (await audit({ search: pkgId })).body;
    expect(byPackageId.entries.map((e) => e.action)).toEqual([
      "package.delete",
      "package.update",
      "package.change.approved",
      "package.change.requested",
    ]);
  });

  it("records withdrawal approvals, rejections and payouts marked failed, with their reasons", async () => {
    const rejectReason = "Phone number does not match the account";
    const { withdrawal: toReject } = await pendingWithdrawal();
    const rejected = await asAdmin<{ withdrawal: Withdrawal }>(processWithdrawal, "process-withdrawal", {
      pathParameters: { id: toReject._id },
      body: { status: "rejected", reason: rejectReason },
    });
    expect(rejected.statusCode).toBe(200);

    // A payout whose result never comes (the simulator drops it for this phone), then marked failed.
    const { withdrawal: stuck } = await pendingWithdrawal({ b2c: "254700009999" });
    await approveWithdrawal(payments.adminToken, stuck._id);
    await eventually(async () => (await readItem(keys.withdrawal(stuck._id)))?.conversationId);
    await approvedHoursAgo(stuck._id, 25);
    const failReason = "Transaction Status: no such payout at M-Pesa";
    const failed = await asAdmin(processWithdrawal, "process-withdrawal", {
      pathParameters: { id: stuck._id },
      body: { status: "failed", reason: failReason },
    });
    expect(failed.statusCode).toBe(200);

    const entries = (await audit({ search: stuck._id })).body.entries;
    expect(entries.map((e) => e.action)).toEqual(["withdrawal.fail", "withdrawal.approve"]);
    expect(entries[0]).toMatchObject({
      target: { type: "withdrawal", _id: stuck._id },
      details: { before: { status: "approved" }, after: { status: "rejected" }, reason: failReason },
    });
    expect(entries[0]?.target.label).toContain("KES 300.00");
    expect(entries[1]?.details).toMatchObject({ before: { status: "pending" }, after: { status: "approved" } });
    const rejection = (await audit({ search: toReject._id })).body.entries;
    expect(rejection).toHaveLength(1);
    expect(rejection[0]).toMatchObject({ action: "withdrawal.reject", details: { reason: rejectReason } });
    expect((await audit({ action: "withdrawal.reject" })).body.total).toBeGreaterThanOrEqual(1);
  });

  it("records nothing when the action is refused", async () => {
    const { user } = await registerUser();
    const before = (await audit()).body.total;
    const tooMuch = await asAdmin(adjustBalance, "adjust-user-balance", {
      pathParameters: { id: user._id },
      body: { amount: 5000, type: "debit", reason: "More than the wallet holds" },
    });
    expect(tooMuch.statusCode).toBe(400);
    const adminToggle = await asAdmin(setUserStatus, "set-user-status", {
      pathParameters: { id: admin.user._id },
      body: { isActive: false },
    });
    expect(adminToggle.statusCode).toBe(400);
    const missing = await asAdmin(deletePackage, "delete-package", {
      pathParameters: { id: "01JENGAFUNDNOSUCHPACKAGE00" },
    });
    expect(missing.statusCode).toBe(404);
    expect((await audit()).body.total).toBe(before);
    expect((await audit({ search: user.email })).body.entries).toEqual([]);
  });

  it("pages by cursor and refuses investors and bad filters", async () => {
    const { user } = await registerUser();
    for (let i = 0; i < 12; i++) {
      await asAdmin(setUserStatus, "set-user-status", {
        pathParameters: { id: user._id },
        body: { isActive: i % 2 === 1 },
      });
    }
    const first = (await audit({ action: "user.status" })).body;
    expect(first.entries).toHaveLength(10);
    expect(first.totalPages).toBe(Math.ceil(first.total / 10));
    const second = (await audit({ action: "user.status", page: "2", cursor: first.nextCursor ?? "" })).body;
    expect(second.entries.length).toBeGreaterThan(0);
    expect(new Set([...first.entries, ...second.entries].map((e) => e._id)).size).toBe(
      first.entries.length + second.entries.length,
    );
    expect(String(second.entries[0]?._id) < String(first.entries.at(-1)?._id)).toBe(true);

    const investor = await registerUser();
    expect(await audit({}, investor.token)).toEqual({ statusCode: 403, body: { message: expect.any(String) } });
    expect(await audit({ action: "user.delete" })).toEqual({
      statusCode: 400,
      body: { message: "Unknown audit action" },
    });
  });
});
