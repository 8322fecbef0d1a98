/**
 * With REQUIRE_ADMIN_2FA off (the local default), the recent second factor of design.md §12.1 asks nothing: admins
 * whose code is old, or who sign in with a password alone, move money as before. A file of its own, because the
 * configuration is read once per process.
 */
import { randomUUID } from "node:crypto";
import type { AuthResponse, BalanceAdjustment, User, Withdrawal } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { depositToWallet } from "./support/money.js";
import { adminSignedInWithCode, claimsOf, codeFor, freshStep } from "./support/step-up.js";
import { newRegistration } from "./support/users.js";

delete process.env.REQUIRE_ADMIN_2FA;
useLocalApi();

async function investor(): Promise<AuthResponse & { phoneNumber: string }> {
  const input = newRegistration();
  const { body } = await api<AuthResponse>("POST", "/auth/register", { body: input });
  return { ...body, phoneNumber: input.phoneNumber };
}

const adjust = (token: string, userId: string, amount: number) =>
  api<{ user: User; adjustment: BalanceAdjustment }>("PUT", `/admin/users/${userId}/balance`, {
    token,
    body: { amount, type: "credit", reason: "Goodwill credit" },
    idempotencyKey: randomUUID(),
  });

describe("REQUIRE_ADMIN_2FA off", () => {
  it("lets an admin whose code is 16 minutes old adjust, decide and process withdrawals without a step-up", async () => {
    const stale = await adminSignedInWithCode(16);
    const other = await signUpAdmin();
    const subject = await investor();

    const adjusted = await adjust(stale.token, subject.user._id, 500);
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.user.walletBalance).toBe(500);

    const asked = await adjust(other.token, subject.user._id, 25_000);
    expect(asked.status).toBe(202);
    const decided = await api<{ adjustment: BalanceAdjustment }>(
      "PUT",
      `/admin/adjustments/${asked.body.adjustment._id}`,
      { token: stale.token, body: { status: "approved" }, idempotencyKey: randomUUID() },
    );
    expect(decided.status).toBe(200);
    expect(decided.body.adjustment.status).toBe("approved");

    const holder = await investor();
    await depositToWallet(holder.user, 100_000);
    const requested = await api<{ withdrawal: Withdrawal }>("POST", "/withdrawals", {
      token: holder.token,
      body: { amount: 300, phoneNumber: holder.phoneNumber },
    });
    const rejected = await api<{ withdrawal: Withdrawal }>(
      "PUT",
      `/admin/withdrawals/${requested.body.withdrawal._id}`,
      {
        token: stale.token,
        body: { status: "rejected", reason: "Asked by the customer" },
        idempotencyKey: randomUUID(),
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.withdrawal.status).toBe("rejected");
  });

  it("lets an admin without two-factor sign-in adjust with a password-only session", async () => {
    const admin = await signUpAdmin();
    expect(claimsOf(admin.token)).not.toHaveProperty("sfa");
    const subject = await investor();
    expect((await adjust(admin.token, subject.user._id, 100)).status).toBe(200);
  });

  it("still answers a step-up, for an admin who has two-factor sign-in", async () => {
    const admin = await adminSignedInWithCode(16);
    const answer = await api<{ token: string }>("POST", "/auth/step-up", {
      token: admin.token,
      body: { code: await codeFor(admin.secret, await freshStep()) },
    });
    expect(answer.status).toBe(200);
    expect(claimsOf(answer.body.token).sub).toBe(admin.user._id);
  });
});
