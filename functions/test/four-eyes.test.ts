/**
 * Four eyes on admin money (design.md §12.1), over HTTP on the local API: an admin can neither adjust their own
 * balance nor decide their own withdrawal, and an admin who adjusted an account's balance in the last 30 days cannot
 * approve its payout. Each refusal is a 403 with its message, and nothing is written: no balance moves, no ledger
 * line, no status change, no audit entry.
 */
import { type AuditEntry, type AuthResponse, FOUR_EYES_MESSAGES, type User, type Withdrawal } from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDevData } from "../src/local/seed.js";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
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
