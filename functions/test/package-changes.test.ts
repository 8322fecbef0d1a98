/**
 * A package's money terms are a money action (design.md §13.1), over HTTP on the local API: a new package, or a
 * change of an existing one's price, rates or maturity, waits as a package change until a different admin approves
 * it, and investors see nothing of it until then. The review's reproduction (one admin, a package at 100 % a day, a
 * claim a second later) now finds nothing to buy. Every refusal writes nothing.
 */
import {
  type AuditEntry,
  type AuthResponse,
  FOUR_EYES_MESSAGES,
  PACKAGE_CHANGE_MESSAGES,
  type Package,
  type PackageChange,
  type PackageInput,
  type Withdrawal,
} from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { DEV_SECOND_ADMIN_ID, seedDevData } from "../src/local/seed.js";
import { readItem, setAttributes } from "./support/db.js";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { newRegistration } from "./support/users.js";

useLocalApi();

const ADMIN = { email: "admin@jengafund.local", password: "Admin@12345" };
const SECOND_ADMIN = { email: "admin2@jengafund.local", password: "Admin2@12345" };
let maker: AuthResponse;
let checker: AuthResponse;

type Asked = { message: string; change: PackageChange };
type Decided = { message: string; change: PackageChange; package: Package | null };

const terms = (overrides: Partial<PackageInput> = {}): PackageInput => ({
  name: `Lamu Port Fund ${Math.random().toString(36).slice(2, 8)}`,
  company: "Kenya Ports Authority",
  description: "Earn from the northern corridor's new port",
  price: 500,
  image: "https://example.com/lamu.png",
  category: "transport",
  riskLevel: "medium",
  monthlyReturnRate: 28,
  dailyReturnRate: 1,
  maturityDate: new Date(Date.now() + 120 * 86_400_000).toISOString(),
  ...overrides,
});

const ask = (token: string, body: PackageInput) => api<Asked>("POST", "/admin/packages", { token, body });
const askUpdate = (token: string, id: string, body: PackageInput) =>
  api<Asked & { package: Package }>("PUT", `/admin/packages/${id}`, { token, body });
const decide = (token: string, id: string, decision: "approve" | "reject", reason?: string) =>
  api<Decided>("PUT", `/admin/package-changes/${id}`, {
    token,
    body: { decision, ...(reason ? { reason } : {}) },
  });
const changes = async (token: string, status?: string) =>
  (
    await api<{ changes: PackageChange[] }>("GET", `/admin/package-changes${status ? `?status=${status}` : ""}`, {
      token,
    })
  ).body.changes;
const investorPackages = async (token: string) =>
  (await api<{ packages: Package[] }>("GET", "/packages", { token })).body.packages;
const auditOf = async (token: string, targetId: string) =>
  (await api<{ entries: AuditEntry[] }>("GET", "/admin/audit?limit=100", { token })).body.entries.filter(
    (entry) => entry.target._id === targetId,
  );

async function investor(): Promise<AuthResponse> {
  return (await api<AuthResponse>("POST", "/auth/register", { body: newRegistration() })).body;
}

/** A package asked for by the maker and approved by the checker. */
async function approvedPackage(body = terms()): Promise<Package> {
  const asked = await ask(maker.token, body);
  expect(asked.status).toBe(202);
  const approved = await decide(checker.token, asked.body.change._id, "approve");
  expect(approved.status).toBe(200);
  return approved.body.package as Package;
}

beforeAll(async () => {
  await seedDevData(ADMIN, SECOND_ADMIN);
  maker = (await api<AuthResponse>("POST", "/auth/login", { body: ADMIN })).body;
  checker = (await api<AuthResponse>("POST", "/auth/login", { body: SECOND_ADMIN })).body;
});

describe("a new package", () => {
  it("seeds a second admin to approve with", () => {
    expect(checker.user).toMatchObject({ _id: DEV_SECOND_ADMIN_ID, role: "admin", email: SECOND_ADMIN.email });
  });

  it("waits for a second admin: 202, not listed nor buyable, listed as pending for admins, audited", async () => {
    const body = terms();
    const asked = await ask(maker.token, body);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      message: "Sent to a second admin for approval",
      change: {
        kind: "create",
        status: "pending",
        requestedBy: { _id: maker.user._id, email: ADMIN.email },
        fields: { name: body.name, price: 500, monthlyReturnRate: 28, dailyReturnRate: 1 },
      },
    });
    const { change } = asked.body;
    expect(Date.parse(change.expiresAt) - Date.parse(change.requestedAt)).toBe(72 * 3_600_000);

    const buyer = await investor();
    expect((await investorPackages(buyer.token)).map((pkg) => pkg.name)).not.toContain(body.name);
    expect(
      await api("POST", "/investments/buy", { token: buyer.token, body: { packageId: change.packageId, amount: 500 } }),
    ).toEqual({ status: 404, body: { message: "Package not found" } });
    expect((await changes(checker.token, "pending")).map((c) => c._id)).toContain(change._id);
    expect((await auditOf(maker.token, change.packageId)).map((entry) => entry.action)).toEqual([
      "package.change.requested",
    ]);
  });

  it('refuses the maker\'s own approval with 403 "Another admin must approve this change", writing nothing', async () => {
    const asked = await ask(maker.token, terms());
    const { change } = asked.body;
    const answer = await decide(maker.token, change._id, "approve");
    expect(answer).toEqual({ status: 403, body: { message: PACKAGE_CHANGE_MESSAGES.secondAdminRequired } });
    expect(await readItem(keys.package(change.packageId))).toBeUndefined();
    expect((await changes(maker.token, "pending")).map((c) => c._id)).toContain(change._id);
    expect((await auditOf(maker.token, change.packageId)).map((entry) => entry.action)).toEqual([
      "package.change.requested",
    ]);
  });

  it("appears to investors once a different admin approves it, and cannot be decided twice (409)", async () => {
    const body = terms();
    const { change } = (await ask(maker.token, body)).body;
    const approved = await decide(checker.token, change._id, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: PACKAGE_CHANGE_MESSAGES.approved,
      change: { status: "approved", decidedBy: { _id: checker.user._id } },
      package: { _id: change.packageId, name: body.name, price: 500, dailyReturnRate: 1 },
    });
    const buyer = await investor();
    expect((await investorPackages(buyer.token)).map((pkg) => pkg._id)).toContain(change.packageId);
    const bought = await api("POST", "/investments/buy", {
      token: buyer.token,
      body: { packageId: change.packageId, amount: 500 },
    });
    expect(bought.status).toBe(201);

    const again = await decide(checker.token, change._id, "reject", "Second thoughts");
    expect(again).toEqual({ status: 409, body: { message: PACKAGE_CHANGE_MESSAGES.alreadyDecided } });
    const entries = await auditOf(checker.token, change.packageId);
    expect(entries.map((entry) => entry.action)).toEqual(["package.change.approved", "package.change.requested"]);
    expect(entries[0]?.details.requestedBy).toEqual({ id: maker.user._id, email: ADMIN.email });
  });

  it("needs a reason to reject (400, nothing written); rejected, it never reaches investors", async () => {
    const body = terms();
    const { change } = (await ask(maker.token, body)).body;
    expect(await decide(checker.token, change._id, "reject")).toEqual({
      status: 400,
      body: { message: PACKAGE_CHANGE_MESSAGES.reasonRequired },
    });
    expect((await changes(checker.token, "pending")).map((c) => c._id)).toContain(change._id);

    const rejected = await decide(checker.token, change._id, "reject", "Rates not agreed with the issuer");
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      message: PACKAGE_CHANGE_MESSAGES.rejected,
      change: { status: "rejected", decisionReason: "Rates not agreed with the issuer" },
      package: null,
    });
    expect(await readItem(keys.package(change.packageId))).toBeUndefined();
    expect((await changes(checker.token, "rejected")).map((c) => c._id)).toContain(change._id);
    expect((await auditOf(checker.token, change.packageId)).map((entry) => entry.action)).toEqual([
      "package.change.rejected",
      "package.change.requested",
    ]);
  });

  it("expires after 72 hours: listed as expired, no longer decidable, nothing created", async () => {
    const { change } = (await ask(maker.token, terms())).body;
    await setAttributes(keys.packageChange(change._id), { pendingUntil: new Date(Date.now() - 1000).toISOString() });
    expect((await changes(checker.token, "expired")).map((c) => c._id)).toContain(change._id);
    expect((await changes(checker.token, "pending")).map((c) => c._id)).not.toContain(change._id);
    expect(await decide(checker.token, change._id, "approve")).toEqual({
      status: 409,
      body: { message: PACKAGE_CHANGE_MESSAGES.expired },
    });
    expect(await readItem(keys.package(change.packageId))).toBeUndefined();
  });

  it("decides once when two admins approve it at the same moment", async () => {
    const third = await signUpAdmin();
    const { change } = (await ask(maker.token, terms())).body;
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => decide(checker.token, change._id, "approve")),
      ...Array.from({ length: 4 }, () => decide(third.token, change._id, "approve")),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    expect((await auditOf(maker.token, change.packageId)).map((entry) => entry.action)).toEqual([
      "package.change.approved",
      "package.change.requested",
    ]);
  });

  it("answers 404 for a change that does not exist", async () => {
    expect(await decide(checker.token, "01JENGAFUNDNOSUCHCHANGE000", "approve")).toEqual({
      status: 404,
      body: { message: PACKAGE_CHANGE_MESSAGES.notFound },
    });
  });
});

describe("an existing package", () => {
  it("changes its words at once (200), as before", async () => {
    const pkg = await approvedPackage();
    const { _id, ...rest } = pkg;
    const fields = rest as PackageInput;
    const renamed = await askUpdate(maker.token, _id, { ...fields, name: `${pkg.name} II`, riskLevel: "low" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.package).toMatchObject({ _id, name: `${pkg.name} II`, riskLevel: "low" });
  });

  it("keeps its old terms until a second admin approves new ones, then investors see the new ones", async () => {
    const pkg = await approvedPackage();
    const { _id, ...rest } = pkg;
    const fields = rest as PackageInput;
    const asked = await askUpdate(maker.token, _id, {
      ...fields,
      name: "Renamed too",
      price: 800,
      dailyReturnRate: 0.5,
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      message: PACKAGE_CHANGE_MESSAGES.sentForApproval,
      change: { kind: "update", packageId: _id, before: { price: 500 }, fields: { price: 800, name: "Renamed too" } },
    });
    const buyer = await investor();
    // The whole change waits: neither its words nor its terms reach investors yet.
    expect((await investorPackages(buyer.token)).find((p) => p._id === _id)).toMatchObject({
      name: pkg.name,
      price: 500,
      dailyReturnRate: 1,
    });

    expect((await decide(checker.token, asked.body.change._id, "approve")).status).toBe(200);
    expect((await investorPackages(buyer.token)).find((p) => p._id === _id)).toMatchObject({
      name: "Renamed too",
      price: 800,
      dailyReturnRate: 0.5,
    });
  });

  it("refuses to apply a change to a package deleted meanwhile (409), creating nothing", async () => {
    const pkg = await approvedPackage();
    const { _id, ...rest } = pkg;
    const fields = rest as PackageInput;
    const asked = await askUpdate(maker.token, _id, { ...fields, price: 900 });
    expect((await api("DELETE", `/admin/packages/${_id}`, { token: maker.token })).status).toBe(200);
    expect(await decide(checker.token, asked.body.change._id, "approve")).toEqual({
      status: 409,
      body: { message: PACKAGE_CHANGE_MESSAGES.packageGone },
    });
    expect(await readItem(keys.package(_id))).toBeUndefined();
  });
});

describe("the payout rule", () => {
  it("bars the package change's maker and approver from approving a payout of its recent buyer (403, nothing written), and shows the rewards it paid", async () => {
    const payer = await signUpAdmin();
    const pkg = await approvedPackage(terms({ price: 300, dailyReturnRate: 1 }));
    const buyer = await investor();
    // Real money from a deposit, so the investment and its rewards are wallet money.
    await depositToWallet(buyer.user, 100_000);
    const bought = await api<{ investment: { _id: string } }>("POST", "/investments/buy", {
      token: buyer.token,
      body: { packageId: pkg._id, amount: 300 },
    });
    expect(bought.status).toBe(201);
    const claimed = await api<{ reward: number }>("POST", `/investments/claim/${bought.body.investment._id}`, {
      token: buyer.token,
    });
    expect(claimed.body.reward).toBe(3);
    const requested = await api<{ withdrawal: Withdrawal }>("POST", "/withdrawals", {
      token: buyer.token,
      body: { amount: 200, phoneNumber: buyer.user.phoneNumber },
    });
    expect(requested.status).toBe(201);
    const { withdrawal } = requested.body;

    for (const hand of [maker, checker]) {
      const answer = await api("PUT", `/admin/withdrawals/${withdrawal._id}`, {
        token: hand.token,
        body: { status: "approved" },
      });
      expect(answer).toEqual({ status: 403, body: { message: FOUR_EYES_MESSAGES.recentAdjuster } });
    }
    expect(await auditOf(payer.token, withdrawal._id)).toEqual([]);
    // The payout screen's signals weigh the rewards beside the payout (design.md §13.1).
    const listed = await api<{ withdrawals: Withdrawal[] }>("GET", "/admin/withdrawals?status=pending&limit=100", {
      token: payer.token,
    });
    expect(listed.body.withdrawals.find((w) => w._id === withdrawal._id)?.account?.rewards30d).toBe(3);
    const approved = await api<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${withdrawal._id}`, {
      token: payer.token,
      body: { status: "approved" },
    });
    expect(approved.status).toBe(200);
    await expectLedgerToMatchBalances(buyer.user._id);
  });
});
