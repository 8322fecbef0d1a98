/**
 * Four eyes on admin money (design.md §12.1, §13.6), over HTTP on the local API: an admin can neither adjust their
 * own balance nor decide their own withdrawal, and an admin whose hand credited an account in the last 30 days may
 * approve its payout only while the balance left after it still covers what they credited. Each refusal is a 403
 * with its message, and nothing is written: no balance moves, no ledger line, no status change, no audit entry. The
 * admin list of withdrawals says beforehand whether the admin asking may approve, and why not.
 */
import { type AuditEntry, type AuthResponse, FOUR_EYES_MESSAGES, type User, type Withdrawal } from "@jengafund/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seedDevData } from "../src/local/seed.js";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { newRegistration } from "./support/users.js";

useLocalApi();

const ADMIN = { email: "admin@jengafund.local", password: "Admin@12345" };
let admin: AuthResponse;
let secondAdmin: AuthResponse;

const auditOf = async (token: string, targetId: string) =>
  (await api<{ entries: AuditEntry[] }>("GET", `/admin/audit?limit=100`, { token })).body.entries.filter(
    (entry) => entry.target._id === targetId,
  );

const me = async (token: string) => (await api<{ user: User }>("GET", "/auth/me", { token })).body.user;

beforeAll(async () => {
  await seedDevData(ADMIN);
  admin = (await api<AuthResponse>("POST", "/auth/login", { body: ADMIN })).body;
  secondAdmin = await signUpAdmin();
});

describe("no admin moves money for themselves", () => {
  it.each(["credit", "debit"] as const)(
    "refuses an admin's %s of their own wallet with 403 and writes nothing",
    async (type) => {
      const before = await me(admin.token);
      const answer = await api("PUT", `/admin/users/${admin.user._id}/balance`, {
        token: admin.token,
        body: { amount: type === "credit" ? 5000 : 1, type, reason: "Paying myself" },
      });
      expect(answer).toEqual({ status: 403, body: { message: FOUR_EYES_MESSAGES.ownBalance } });
      expect(await me(admin.token)).toMatchObject({
        walletBalance: before.walletBalance,
        trialBalance: before.trialBalance,
      });
      expect(await auditOf(admin.token, admin.user._id)).toEqual([]);
      await expectLedgerToMatchBalances(admin.user._id);
    },
  );

  it("still lets a second admin adjust the first admin's wallet, audited as the second admin", async () => {
    const answer = await api<{ user: User }>("PUT", `/admin/users/${admin.user._id}/balance`, {
      token: secondAdmin.token,
      body: { amount: 800, type: "credit", reason: "Float for a payout test" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.walletBalance).toBe(800);
    const [entry] = await auditOf(secondAdmin.token, admin.user._id);
    expect(entry?.actor._id).toBe(secondAdmin.user._id);
  });

  it.each(["approved", "rejected", "failed"] as const)(
    'refuses an admin\'s own withdrawal marked %s with 403 "You cannot process your own withdrawal", and it stays as it was',
    async (status) => {
      const requested = await api<{ withdrawal: Withdrawal }>("POST", "/withdrawals", {
        token: admin.token,
        body: { amount: 100, phoneNumber: admin.user.phoneNumber },
      });
      expect(requested.status).toBe(201);
      const { withdrawal } = requested.body;
      const answer = await api("PUT", `/admin/withdrawals/${withdrawal._id}`, {
        token: admin.token,
        body: { status, reason: "Deciding for myself" },
      });
      expect(answer).toEqual({ status: 403, body: { message: FOUR_EYES_MESSAGES.ownWithdrawal } });
      const listed = await api<{ withdrawals: Withdrawal[] }>("GET", "/withdrawals", { token: admin.token });
      expect(listed.body.withdrawals.find((w) => w._id === withdrawal._id)?.status).toBe("pending");
      expect(await auditOf(admin.token, withdrawal._id)).toEqual([]);

      // Another admin may decide it; a rejection returns the hold.
      const rejected = await api<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${withdrawal._id}`, {
        token: secondAdmin.token,
        body: { status: "rejected", reason: "Four eyes test" },
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body.withdrawal.status).toBe("rejected");
      await expectLedgerToMatchBalances(admin.user._id);
    },
  );
});

describe("who may approve a payout", () => {
  /** An investor credited by `creditor`, with a pending withdrawal of KES 300 to their registered number. */
  async function creditedInvestorWithWithdrawal(creditor: AuthResponse) {
    const input = newRegistration();
    const { body } = await api<AuthResponse>("POST", "/auth/register", { body: input });
    const credited = await api("PUT", `/admin/users/${body.user._id}/balance`, {
      token: creditor.token,
      body: { amount: 1000, type: "credit", reason: "Goodwill credit" },
    });
    expect(credited.status).toBe(200);
    const requested = await api<{ withdrawal: Withdrawal }>("POST", "/withdrawals", {
      token: body.token,
      body: { amount: 300, phoneNumber: input.phoneNumber },
    });
    expect(requested.status).toBe(201);
    return { investor: body, withdrawal: requested.body.withdrawal };
  }

  it('refuses the admin who credited the account with 403 "Another admin must approve this withdrawal", and writes nothing', async () => {
    const { investor, withdrawal } = await creditedInvestorWithWithdrawal(admin);
    const answer = await api("PUT", `/admin/withdrawals/${withdrawal._id}`, {
      token: admin.token,
      body: { status: "approved" },
    });
    expect(answer).toEqual({ status: 403, body: { message: FOUR_EYES_MESSAGES.recentAdjuster } });
    const listed = await api<{ withdrawals: Withdrawal[] }>("GET", "/withdrawals", { token: investor.token });
    expect(listed.body.withdrawals.find((w) => w._id === withdrawal._id)?.status).toBe("pending");
    expect(await auditOf(admin.token, withdrawal._id)).toEqual([]);
    await expectLedgerToMatchBalances(investor.user._id);
  });

  it("lets the admin who credited the account reject its withdrawal, which returns the money", async () => {
    const { investor, withdrawal } = await creditedInvestorWithWithdrawal(admin);
    const answer = await api<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${withdrawal._id}`, {
      token: admin.token,
      body: { status: "rejected", reason: "Asked by the customer" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.withdrawal.status).toBe("rejected");
    expect((await me(investor.token)).walletBalance).toBe(1000);
  });

  it("lets a different admin approve it", async () => {
    const { withdrawal } = await creditedInvestorWithWithdrawal(admin);
    const answer = await api<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${withdrawal._id}`, {
      token: secondAdmin.token,
      body: { status: "approved" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.withdrawal.status).not.toBe("pending");
  });
});

describe("the credited money, not the account (design.md §13.6)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A new investor with `ownCents` of their own money (an M-Pesa deposit). */
  async function investorWithOwnMoney(ownCents: number) {
    const input = newRegistration();
    const { body } = await api<AuthResponse>("POST", "/auth/register", { body: input });
    await depositToWallet(body.user, ownCents);
    return { ...body, input };
  }

  async function credit(by: AuthResponse, userId: string, amount: number) {
    return api<{ adjustment?: { _id: string } }>("PUT", `/admin/users/${userId}/balance`, {
      token: by.token,
      body: { amount, type: "credit", reason: "Goodwill credit" },
    });
  }

  async function requestWithdrawal(investor: Awaited<ReturnType<typeof investorWithOwnMoney>>, amount: number) {
    const requested = await api<{ withdrawal: Withdrawal }>("POST", "/withdrawals", {
      token: investor.token,
      body: { amount, phoneNumber: investor.input.phoneNumber },
    });
    expect(requested.status).toBe(201);
    return requested.body.withdrawal;
  }

  /** The withdrawal as the admin list shows it to `to`. */
  async function listedFor(to: AuthResponse, withdrawalId: string) {
    const listed = await api<{ withdrawals: Withdrawal[] }>("GET", "/admin/withdrawals?status=pending&limit=50", {
      token: to.token,
    });
    expect(listed.status).toBe(200);
    return listed.body.withdrawals.find((w) => w._id === withdrawalId);
  }

  const approve = (by: AuthResponse, withdrawalId: string) =>
    api<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${withdrawalId}`, {
      token: by.token,
      body: { status: "approved" },
    });

  it("lets the admin who credited approve a payout that leaves exactly what they credited", async () => {
    const investor = await investorWithOwnMoney(200_000);
    expect((await credit(admin, investor.user._id, 500)).status).toBe(200);
    // 2,500 in the wallet; 2,000 out leaves 500, all of the admin's credit.
    const withdrawal = await requestWithdrawal(investor, 2000);

    expect(await listedFor(admin, withdrawal._id)).toMatchObject({ mayApprove: true });
    expect((await listedFor(admin, withdrawal._id))?.approveBlockedReason).toBeUndefined();
    const answer = await approve(admin, withdrawal._id);
    expect(answer.status).toBe(200);
    expect(answer.body.withdrawal.status).not.toBe("pending");
    await expectLedgerToMatchBalances(investor.user._id);
  });

  it("refuses them when one cent less would be left, says why up front, and leaves the other admin free", async () => {
    const investor = await investorWithOwnMoney(199_999);
    expect((await credit(admin, investor.user._id, 500.01)).status).toBe(200);
    // 2,500.00 in the wallet; 2,000 out leaves 500.00, one cent short of the 500.01 credited.
    const withdrawal = await requestWithdrawal(investor, 2000);

    expect(await listedFor(admin, withdrawal._id)).toMatchObject({
      mayApprove: false,
      approveBlockedReason: FOUR_EYES_MESSAGES.creditNotCovered("KES 500.01", "KES 500.00"),
    });
    expect(await approve(admin, withdrawal._id)).toEqual({
      status: 403,
      body: { message: FOUR_EYES_MESSAGES.recentAdjuster },
    });
    expect(await auditOf(admin.token, withdrawal._id)).toEqual([]);
    expect((await me(investor.token)).walletBalance).toBe(500);

    // The other admin put nothing in: free to approve.
    const forOther = await listedFor(secondAdmin, withdrawal._id);
    expect(forOther).toMatchObject({ mayApprove: true });
    expect(forOther?.approveBlockedReason).toBeUndefined();
    expect((await approve(secondAdmin, withdrawal._id)).status).toBe(200);
    await expectLedgerToMatchBalances(investor.user._id);
  });

  it("weighs each admin's own hand: what they credited alone, asked for, or approved", async () => {
    const investor = await investorWithOwnMoney(100_000);
    expect((await credit(admin, investor.user._id, 50)).status).toBe(200);
    // Above the solo limit: the first admin asks, the second approves.
    const asked = await credit(admin, investor.user._id, 15_000);
    expect(asked.status).toBe(202);
    const decided = await api("PUT", `/admin/adjustments/${asked.body.adjustment?._id}`, {
      token: secondAdmin.token,
      body: { status: "approved", reason: "Checked the bank transfer" },
    });
    expect(decided.status).toBe(200);
    // 16,050 in the wallet; 1,010 out leaves 15,040: short of the first admin's 15,050, enough for the second's 15,000.
    const withdrawal = await requestWithdrawal(investor, 1010);

    expect(await listedFor(admin, withdrawal._id)).toMatchObject({
      mayApprove: false,
      approveBlockedReason: FOUR_EYES_MESSAGES.creditNotCovered("KES 15,050.00", "KES 15,040.00"),
    });
    expect((await approve(admin, withdrawal._id)).status).toBe(403);
    expect(await listedFor(secondAdmin, withdrawal._id)).toMatchObject({ mayApprove: true });
    expect((await approve(secondAdmin, withdrawal._id)).status).toBe(200);
  });

  it("tells an admin up front that they cannot approve their own withdrawal", async () => {
    expect((await credit(secondAdmin, admin.user._id, 300)).status).toBe(200);
    const own = await api<{ withdrawal: Withdrawal }>("POST", "/withdrawals", {
      token: admin.token,
      body: { amount: 100, phoneNumber: admin.user.phoneNumber },
    });
    expect(own.status).toBe(201);
    expect(await listedFor(admin, own.body.withdrawal._id)).toMatchObject({
      mayApprove: false,
      approveBlockedReason: FOUR_EYES_MESSAGES.ownWithdrawal,
    });
  });

  it("stops counting a credit 30 days after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const investor = await investorWithOwnMoney(0);
    expect((await credit(admin, investor.user._id, 1000)).status).toBe(200);
    const withdrawal = await requestWithdrawal(investor, 1000);
    expect(await listedFor(admin, withdrawal._id)).toMatchObject({ mayApprove: false });

    vi.setSystemTime(new Date(Date.now() + 30 * 24 * 3_600_000 + 60_000));
    // Signed in again: a session does not last a month.
    const later = (await api<AuthResponse>("POST", "/auth/login", { body: ADMIN })).body;
    expect(await listedFor(later, withdrawal._id)).toMatchObject({ mayApprove: true });
    expect((await approve(later, withdrawal._id)).status).toBe(200);
  });
});
