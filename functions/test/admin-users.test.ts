import type { AuthResponse, Transaction, User } from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as adjustBalance } from "../src/handlers/http/adjust-user-balance.js";
import { handler as me } from "../src/handlers/http/get-current-user.js";
import { handler as login } from "../src/handlers/http/login-user.js";
import { handler as setStatus } from "../src/handlers/http/set-user-status.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { seedDevData } from "../src/local/seed.js";
import { readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { registerUser } from "./support/users.js";

type Message = { message: string };
const ADMIN = { email: "admin@jengafund.local", password: "Admin@12345" };
let adminToken = "";
let adminId = "";

beforeAll(async () => {
  await seedDevData(ADMIN);
  const { body } = await call<AuthResponse>(login, gatewayEvent("login-user", { body: ADMIN }));
  adminToken = body.token;
  adminId = body.user._id;
});

const adjust = (token: string, id: string, body: unknown) =>
  call<{ user: User; transaction: Transaction } & Message>(
    adjustBalance,
    gatewayEvent("adjust-user-balance", { token, pathParameters: { id }, body }),
  );
const toggle = (token: string, id: string, body: unknown) =>
  call<{ user: User } & Message>(setStatus, gatewayEvent("set-user-status", { token, pathParameters: { id }, body }));

describe("PUT /admin/users/{id}/balance", () => {
  it("credits and debits the wallet with an adjustment ledger line carrying the reason", async () => {
    const { user } = await registerUser();
    const credited = await adjust(adminToken, user._id, { amount: 250.75, type: "credit", reason: "Goodwill" });
    expect(credited.statusCode).toBe(200);
    expect(credited.body.user.walletBalance).toBe(250.75);
    expect(credited.body.transaction).toMatchObject({
      type: "adjustment",
      amount: 250.75,
      status: "completed",
      description: "Balance credited by admin: Goodwill",
      user: { firstName: "Wanjiru", lastName: "Kamau", email: user.email },
    });
    expect(JSON.stringify(credited.body)).not.toMatch(/passwordHash|argon2/);

    const debited = await adjust(adminToken, user._id, { amount: 50.75, type: "debit", reason: "Correction" });
    expect(debited.body.user.walletBalance).toBe(200);
    await expectLedgerToMatchBalances(user._id);
  });

  it("refuses a debit below zero and changes nothing", async () => {
    const { user } = await registerUser();
    await adjust(adminToken, user._id, { amount: 10, type: "credit", reason: "Seed" });
    const response = await adjust(adminToken, user._id, { amount: 10.01, type: "debit", reason: "Too much" });
    expect(response).toEqual({
      statusCode: 400,
      body: { message: "Cannot debit more than the user's wallet balance (KES 10.00)" },
    });
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(1_000);
  });

  it.each([
    [{}, "Please fill in all fields"],
    [{ amount: 5, type: "credit", reason: "   " }, "Please fill in all fields"],
    [{ amount: 5, type: "bonus", reason: "x" }, "Please fill in all fields"],
    [{ amount: 0.001, type: "credit", reason: "x" }, "Amount must be at least KES 0.01"],
  ])("answers %j with 400 %j", async (body, message) => {
    const { user } = await registerUser();
    expect(await adjust(adminToken, user._id, body)).toEqual({ statusCode: 400, body: { message } });
  });

  it("is for admins only, and 404s for an unknown user", async () => {
    const investor = await registerUser();
    expect(
      (await adjust(investor.token, investor.user._id, { amount: 5, type: "credit", reason: "me" })).statusCode,
    ).toBe(403);
    expect(
      (await call(adjustBalance, gatewayEvent("adjust-user-balance", { pathParameters: { id: investor.user._id } })))
        .statusCode,
    ).toBe(401);
    expect(
      await adjust(adminToken, "01ZZZZZZZZZZZZZZZZZZZZZZZZ", { amount: 5, type: "credit", reason: "ghost" }),
    ).toEqual({ statusCode: 404, body: { message: "User not found" } });
  });
});

describe("PUT /admin/users/{id}/status", () => {
  it("deactivates a user, whose token stops working at once, and activates them again", async () => {
    const { user, token, input } = await registerUser();
    const off = await toggle(adminToken, user._id, { isActive: false });
    expect(off).toMatchObject({ statusCode: 200, body: { user: { isActive: false } } });
    expect((await call(me, gatewayEvent("get-current-user", { token }))).statusCode).toBe(401);
    expect((await call(login, gatewayEvent("login-user", { body: input }))).statusCode).toBe(403);

    const on = await toggle(adminToken, user._id, { isActive: true });
    expect(on.body.user.isActive).toBe(true);
    expect((await call(login, gatewayEvent("login-user", { body: input }))).statusCode).toBe(200);
  });

  it("cannot toggle an admin account", async () => {
    expect(await toggle(adminToken, adminId, { isActive: false })).toEqual({
      statusCode: 400,
      body: { message: "Admin accounts cannot be activated or deactivated" },
    });
  });

  it("requires isActive to be a boolean", async () => {
    const { user } = await registerUser();
    expect((await toggle(adminToken, user._id, { isActive: "no" })).statusCode).toBe(400);
  });
});
