/**
 * A recent second factor for admin money actions (design.md §12.1, issue 19 rule 4), over HTTP on the local API with
 * REQUIRE_ADMIN_2FA on, as in AWS: adjusting a balance, deciding a pending adjustment and approving, rejecting or
 * failing a withdrawal need a session whose authenticator code was entered in the last 15 minutes. An older session
 * hears 403 `stepUpRequired` and nothing is written; POST /auth/step-up with a code (counted on its own budget,
 * signed-in-budgets.test.ts, and used up as at sign-in) gives the session back with the code's moment in it, and the
 * same request, with the same Idempotency-Key, then goes through.
 */
import { randomUUID } from "node:crypto";
import {
  type AuditEntry,
  type AuthResponse,
  type BalanceAdjustment,
  FOUR_EYES_MESSAGES,
  type TwoFactorSetup,
  type User,
  type Withdrawal,
} from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { RECENT_SECOND_FACTOR_SECONDS } from "../src/http/middleware.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { ACCOUNT_MESSAGES } from "../src/modules/identity/accounts.js";
import { itemsOfUser, readItem } from "./support/db.js";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { adminSignedInWithCode, claimsOf, codeFor, freshStep, type TwoFactorAdmin } from "./support/step-up.js";
import { newRegistration } from "./support/users.js";

process.env.REQUIRE_ADMIN_2FA = "true";
useLocalApi();

const STEP_UP_REQUIRED = { status: 403, body: { message: FOUR_EYES_MESSAGES.stepUpRequired, stepUpRequired: true } };

type Message = { message: string };

const stepUp = (token: string, code: string) =>
  api<{ token: string } & Partial<Message>>("POST", "/auth/step-up", { token, body: { code } });

/** A step-up with the code of a time step no request has used yet. */
async function steppedUp(admin: TwoFactorAdmin): Promise<string> {
  const answer = await stepUp(admin.token, await codeFor(admin.secret, await freshStep()));
  expect(answer.status).toBe(200);
  return answer.body.token;
}

async function investor(): Promise<AuthResponse & { phoneNumber: string }> {
  const input = newRegistration();
  const { body } = await api<AuthResponse>("POST", "/auth/register", { body: input });
  return { ...body, phoneNumber: input.phoneNumber };
}

const me = async (token: string) => (await api<{ user: User }>("GET", "/auth/me", { token })).body.user;

const adjust = (token: string, userId: string, amount: number, key: string) =>
  api<{ user: User; adjustment: BalanceAdjustment }>("PUT", `/admin/users/${userId}/balance`, {
    token,
    body: { amount, type: "credit", reason: "Goodwill credit" },
    idempotencyKey: key,
  });

const adjustmentLines = async (userId: string) =>
  (await itemsOfUser(userId, "TX#")).filter((line) => line.transactionType === "adjustment");

const auditOf = async (token: string, targetId: string) =>
  (await api<{ entries: AuditEntry[] }>("GET", "/admin/audit?limit=100", { token })).body.entries.filter(
    (entry) => entry.target._id === targetId,
  );

/** An investor with KES 1,000 from an M-Pesa deposit and a pending withdrawal of KES 300 to their own number. */
async function pendingWithdrawal() {
  const holder = await investor();
  await depositToWallet(holder.user, 100_000);
  const requested = await api<{ withdrawal: Withdrawal }>("POST", "/withdrawals", {
    token: holder.token,
    body: { amount: 300, phoneNumber: holder.phoneNumber },
  });
  expect(requested.status).toBe(201);
  return { holder, withdrawal: requested.body.withdrawal };
}

const withdrawalStatus = async (holder: AuthResponse, id: string) =>
  (await api<{ withdrawals: Withdrawal[] }>("GET", "/withdrawals", { token: holder.token })).body.withdrawals.find(
    (w) => w._id === id,
  )?.status;

describe("a code entered more than 15 minutes ago", () => {
  it("holds back a balance adjustment with 403 stepUpRequired and writes nothing; after a step-up the same request goes through", async () => {
    const admin = await adminSignedInWithCode(16);
    const subject = await investor();
    const key = randomUUID();

    expect(await adjust(admin.token, subject.user._id, 500, key)).toEqual(STEP_UP_REQUIRED);
    expect((await me(subject.token)).walletBalance).toBe(0);
    expect(await adjustmentLines(subject.user._id)).toEqual([]);
    expect(await auditOf(admin.token, subject.user._id)).toEqual([]);

    const token = await steppedUp(admin);
    const done = await adjust(token, subject.user._id, 500, key);
    expect(done.status).toBe(200);
    expect(done.body.user.walletBalance).toBe(500);
    // The key was not spent by the refusal, and is now: a repeat is the kept answer, not a second credit.
    expect(await adjust(token, subject.user._id, 500, key)).toEqual(done);
    expect((await me(subject.token)).walletBalance).toBe(500);
    await expectLedgerToMatchBalances(subject.user._id);
  });

  it("holds back a decision on a pending adjustment, which stays pending, until a step-up", async () => {
    const asker = await adminSignedInWithCode(0);
    const approver = await adminSignedInWithCode(16);
    const subject = await investor();
    const asked = await adjust(asker.token, subject.user._id, 25_000, randomUUID());
    expect(asked.status).toBe(202);
    const { adjustment } = asked.body;
    const key = randomUUID();
    const decide = (token: string) =>
      api<{ adjustment: BalanceAdjustment }>("PUT", `/admin/adjustments/${adjustment._id}`, {
        token,
        body: { status: "approved" },
        idempotencyKey: key,
      });

    expect(await decide(approver.token)).toEqual(STEP_UP_REQUIRED);
    expect((await readItem(keys.adjustment(adjustment._id)))?.status).toBe("pending");
    expect((await me(subject.token)).walletBalance).toBe(0);
    expect(await adjustmentLines(subject.user._id)).toEqual([]);
    expect((await auditOf(asker.token, subject.user._id)).map((entry) => entry.action)).toEqual(["adjustment.request"]);

    const approved = await decide(await steppedUp(approver));
    expect(approved.status).toBe(200);
    expect(approved.body.adjustment.status).toBe("approved");
    expect((await me(subject.token)).walletBalance).toBe(25_000);
  });

  it.each(["approved", "rejected", "failed"] as const)(
    "holds back a withdrawal marked %s: it stays pending, unaudited, until a step-up",
    async (status) => {
      const admin = await adminSignedInWithCode(16);
      const { holder, withdrawal } = await pendingWithdrawal();
      const key = randomUUID();
      const processWithdrawal = (token: string) =>
        api<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${withdrawal._id}`, {
          token,
          body: { status, reason: "Checked with the customer" },
          idempotencyKey: key,
        });

      expect(await processWithdrawal(admin.token)).toEqual(STEP_UP_REQUIRED);
      expect(await withdrawalStatus(holder, withdrawal._id)).toBe("pending");
      expect(await auditOf(admin.token, withdrawal._id)).toEqual([]);
      expect((await me(holder.token)).walletBalance).toBe(700);

      // Past the step-up the payout rules decide: a pending withdrawal cannot be marked failed (409).
      const answer = await processWithdrawal(await steppedUp(admin));
      expect(answer.body).not.toHaveProperty("stepUpRequired");
      if (status === "failed") {
        expect(answer.status).toBe(409);
      } else {
        expect(answer.status).toBe(200);
        expect(answer.body.withdrawal.status).not.toBe("pending");
      }
      await expectLedgerToMatchBalances(holder.user._id);
    },
  );

  it("still lets the admin read: lists and figures need no recent code", async () => {
    const admin = await adminSignedInWithCode(16);
    for (const path of ["/admin/stats", "/admin/users", "/admin/withdrawals", "/admin/adjustments", "/admin/audit"]) {
      expect((await api("GET", path, { token: admin.token })).status).toBe(200);
    }
  });
});

describe("a code entered within 15 minutes", () => {
  it("lets an admin who signed in with a code 14 minutes ago adjust at once", async () => {
    const admin = await adminSignedInWithCode(14);
    const subject = await investor();
    const answer = await adjust(admin.token, subject.user._id, 250, randomUUID());
    expect(answer.status).toBe(200);
    expect(answer.body.user.walletBalance).toBe(250);
  });

  it("is recorded in the session at sign-in with a code, and by a step-up in the same session's token", async () => {
    const before = Math.floor(Date.now() / 1000);
    const admin = await adminSignedInWithCode(0);
    const signedIn = claimsOf(admin.token);
    // The moment of the login's code (the helper signs in 5 s into the current time step).
    expect(signedIn.sfa).toEqual(expect.any(Number));
    expect(before - Number(signedIn.sfa)).toBeLessThanOrEqual(30);

    const stale = await adminSignedInWithCode(16);
    expect(Math.floor(Date.now() / 1000) - Number(claimsOf(stale.token).sfa)).toBeGreaterThan(
      RECENT_SECOND_FACTOR_SECONDS,
    );
    const token = await steppedUp(stale);
    const renewed = claimsOf(token);
    // Same account and session: the step-up never lengthens it.
    expect(renewed).toMatchObject({ sub: stale.user._id, role: "admin", exp: claimsOf(stale.token).exp });
    expect(Math.abs(Math.floor(Date.now() / 1000) - Number(renewed.sfa))).toBeLessThanOrEqual(2);
    // The old token goes on working for everything else, and still may not move money.
    expect((await api("GET", "/auth/me", { token: stale.token })).status).toBe(200);
    const subject = await investor();
    expect(await adjust(stale.token, subject.user._id, 10, randomUUID())).toEqual(STEP_UP_REQUIRED);
  });

  it("is never the case for a session that began with a password alone, even once two-factor sign-in is on", async () => {
    const admin = await signUpAdmin();
    const subject = await investor();
    // Without a second factor at all, the older rule speaks first: turn it on (REQUIRE_ADMIN_2FA).
    const setupRequired = {
      status: 403,
      body: { message: ACCOUNT_MESSAGES.adminTwoFactorRequired, twoFactorSetupRequired: true },
    };
    expect(await adjust(admin.token, subject.user._id, 10, randomUUID())).toEqual(setupRequired);
    expect(await stepUp(admin.token, "123456")).toEqual(setupRequired);

    // Turned on in this session, whose token records no code: the money waits for a step-up.
    const step = await freshStep();
    const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token: admin.token });
    const enabled = await api("POST", "/auth/2fa/enable", {
      token: admin.token,
      // signUpAdmin registers with the test registration's default password.
      body: { code: await codeFor(setup.body.secret, step - 1), password: newRegistration().password },
    });
    expect(enabled.status).toBe(200);
    expect(claimsOf(admin.token)).not.toHaveProperty("sfa");
    const key = randomUUID();
    expect(await adjust(admin.token, subject.user._id, 10, key)).toEqual(STEP_UP_REQUIRED);
    const steppedUpToken = (await stepUp(admin.token, await codeFor(setup.body.secret, step))).body.token;
    expect((await adjust(steppedUpToken, subject.user._id, 10, key)).status).toBe(200);
  });
});

describe("POST /auth/step-up", () => {
  it("refuses a code already used, at sign-in or by an earlier step-up, and the used step cannot sign in again", async () => {
    const admin = await adminSignedInWithCode(16);
    const step = await freshStep();
    const code = await codeFor(admin.secret, step);
    expect((await stepUp(admin.token, code)).status).toBe(200);
    const used = { status: 400, body: { message: ACCOUNT_MESSAGES.usedTwoFactorCode } };
    expect(await stepUp(admin.token, code)).toEqual(used);
    // Nor can it sign in: the step-up spent it, as a login does.
    expect(
      await api("POST", "/auth/login", {
        body: { email: admin.input.email, password: admin.input.password, otp: code },
      }),
    ).toEqual({ status: 401, body: { message: ACCOUNT_MESSAGES.usedTwoFactorCode, twoFactorRequired: true } });

    // The code a login has just used is no good for a step-up either.
    const fresh = await adminSignedInWithCode(0);
    const loginStep = Number(claimsOf(fresh.token).sfa) * 1000;
    expect(await stepUp(fresh.token, await codeFor(fresh.secret, Math.floor(loginStep / 30_000)))).toEqual(used);
  });

  it("answers a malformed code with 400 and refuses investors and anonymous callers", async () => {
    const admin = await adminSignedInWithCode(16);
    expect(await stepUp(admin.token, "12345")).toEqual({
      status: 400,
      body: { message: "Enter the 6-digit code from your authenticator app" },
    });
    const { token } = await investor();
    expect(await stepUp(token, "123456")).toEqual({ status: 403, body: { message: ACCOUNT_MESSAGES.adminOnly } });
    expect((await api("POST", "/auth/step-up", { body: { code: "123456" } })).status).toBe(401);
  });
});
