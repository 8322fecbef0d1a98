/**
 * Two-factor sign-in (design.md §11), over HTTP through the local API server, with codes made as an authenticator app
 * makes them (RFC 6238). This file runs with REQUIRE_ADMIN_2FA on, as in AWS.
 */
import type { AuthResponse, TwoFactorSetup, User } from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../src/lib/totp.js";
import { seedDevData } from "../src/local/seed.js";
import { keys } from "../src/repositories/dynamo/keys.js";
import { ACCOUNT_MESSAGES } from "../src/services/accounts.js";
import { TWO_FACTOR_MESSAGES } from "../src/services/two-factor.js";
import { DEV_ADMIN } from "./support/admin.js";
import { readItem } from "./support/db.js";
import { api, useLocalApi } from "./support/local-api.js";
import { registerUser } from "./support/users.js";

process.env.REQUIRE_ADMIN_2FA = "true";
// A small hourly budget of failures per account, so the throttling test can use it up quickly.
process.env.LOGIN_MAX_FAILURES_PER_HOUR = "10";
useLocalApi();

type Message = { message: string };
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

/**
 * The time step now, once at least 10 s of it remain: a test's codes are made for steps around it, and every request
 * of the test is then answered within the same step, so none of its codes falls out of the server's window.
 */
async function freshStep(): Promise<number> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return Math.floor(Date.now() / PERIOD_MS);
}

/** The code an authenticator app shows in time step `step`. */
const codeFor = (secret: string, step: number) => totpCodeAt(secret, new Date(step * PERIOD_MS + 1000));

const login = (body: { email: string; password: string; otp?: string }) =>
  api<AuthResponse & { message: string; twoFactorRequired?: true }>("POST", "/auth/login", { body });

/** A new user with two-factor sign-in turned on with the code of `step - 1`; returns the secret. */
async function userWithTwoFactor(step: number) {
  const registered = await registerUser();
  const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token: registered.token });
  expect(setup.status).toBe(200);
  const enabled = await api<{ message: string; user: User }>("POST", "/auth/2fa/enable", {
    token: registered.token,
    body: { code: await codeFor(setup.body.secret, step - 1) },
  });
  expect(enabled.status).toBe(200);
  return { ...registered, secret: setup.body.secret };
}

describe("two-factor sign-in", () => {
  it("sets up with a secret and an otpauth URL, and turns on only with a right code", async () => {
    const { token, user, input } = await registerUser();
    expect(user.twoFactorEnabled).toBe(false);

    const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe(`/JengaFund:${input.email.toLowerCase()}`);
    expect(url.searchParams.get("secret")).toBe(setup.body.secret);
    expect(url.searchParams.get("issuer")).toBe("JengaFund");
    // The secret is never part of the user object.
    const me = await api<{ user: User }>("GET", "/auth/me", { token });
    expect(me.body.user.twoFactorEnabled).toBe(false);
    expect(JSON.stringify(me.body)).not.toContain(setup.body.secret);

    const step = await freshStep();
    const wrong = await api<Message>("POST", "/auth/2fa/enable", { token, body: { code: "000000" } });
    const wrongCode = (await codeFor(setup.body.secret, step)) === "000000" ? "111111" : "000000";
    if (wrongCode === "111111") return; // one in a million: the made-up code is today's right one
    expect(wrong).toEqual({ status: 400, body: { message: ACCOUNT_MESSAGES.wrongTwoFactorCode } });
    expect((await readItem(keys.user(user._id)))?.twoFactor).toMatchObject({ enabled: false });

    const enabled = await api<{ message: string; user: User }>("POST", "/auth/2fa/enable", {
      token,
      body: { code: await codeFor(setup.body.secret, step) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ message: TWO_FACTOR_MESSAGES.enabled, user: expect.any(Object) });
    expect(enabled.body.user.twoFactorEnabled).toBe(true);
    expect((await api<{ user: User }>("GET", "/auth/me", { token })).body.user.twoFactorEnabled).toBe(true);

    // On already: neither a new setup nor a second enable.
    expect(await api<Message>("POST", "/auth/2fa/setup", { token })).toEqual({
      status: 409,
      body: { message: TWO_FACTOR_MESSAGES.alreadyOn },
    });
  });

  it("asks for the code at login, accepts a right one once, and turns off with a code", async () => {
    const step = await freshStep();
    const { input, secret, token } = await userWithTwoFactor(step);
    const credentials = { email: input.email, password: input.password };

    const withoutCode = await login(credentials);
    expect(withoutCode).toEqual({
      status: 401,
      body: { message: ACCOUNT_MESSAGES.twoFactorRequired, twoFactorRequired: true },
    });
    // A wrong password still says only that.
    expect((await login({ ...credentials, password: "wrong-password" })).body).toEqual({
      message: ACCOUNT_MESSAGES.invalidCredentials,
    });

    const code = await codeFor(secret, step);
    const signedIn = await login({ ...credentials, otp: code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.twoFactorEnabled).toBe(true);
    expect(signedIn.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // The same code again: refused, even with the right password.
    expect(await login({ ...credentials, otp: code })).toEqual({
      status: 401,
      body: { message: ACCOUNT_MESSAGES.usedTwoFactorCode, twoFactorRequired: true },
    });
    // The code that turned it on (an earlier step) is no good either.
    expect((await login({ ...credentials, otp: await codeFor(secret, step - 1) })).status).toBe(401);

    // Off with a code (of a step not used yet); a used one is refused first.
    expect(await api<Message>("POST", "/auth/2fa/disable", { token, body: { code } })).toEqual({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.usedTwoFactorCode },
    });
    const disabled = await api<{ message: string; user: User }>("POST", "/auth/2fa/disable", {
      token,
      body: { code: await codeFor(secret, step + 1) },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.message).toBe(TWO_FACTOR_MESSAGES.disabled);
    expect(disabled.body.user.twoFactorEnabled).toBe(false);
    expect((await readItem(keys.user(disabled.body.user._id)))?.twoFactor).toBeUndefined();
    const passwordOnly = await login(credentials);
    expect(passwordOnly.status).toBe(200);
    expect(passwordOnly.body.user.twoFactorEnabled).toBe(false);
  });

  it("counts wrong codes like wrong passwords: with the hour's budget used, even a right code is a 429", async () => {
    const step = await freshStep();
    const { input, secret } = await userWithTwoFactor(step);
    // The account's budget is LOGIN_MAX_FAILURES_PER_HOUR (10 in this file): use it up with wrong codes.
    const right = await codeFor(secret, step);
    const wrongCode = right === "123456" ? "654321" : "123456";
    const wrongs = await Promise.all(
      Array.from({ length: 10 }, () => login({ email: input.email, password: input.password, otp: wrongCode })),
    );
    expect(new Set(wrongs.map((answer) => answer.status))).toEqual(new Set([401]));
    expect(wrongs[0]?.body).toEqual({ message: ACCOUNT_MESSAGES.wrongTwoFactorCode, twoFactorRequired: true });

    const refused = await login({ email: input.email, password: input.password, otp: right });
    expect(refused).toEqual({ status: 429, body: { message: ACCOUNT_MESSAGES.tooManyAttempts } });
  });

  it.each([
    ["enable", "/auth/2fa/enable", { code: "12345" }, "Enter the 6-digit code from your authenticator app"],
    ["enable", "/auth/2fa/enable", {}, "Enter the 6-digit code from your authenticator app"],
    ["disable", "/auth/2fa/disable", { code: "abcdef" }, "Enter the 6-digit code from your authenticator app"],
    ["enable", "/auth/2fa/enable", { code: "123456" }, TWO_FACTOR_MESSAGES.notStarted],
    ["disable", "/auth/2fa/disable", { code: "123456" }, TWO_FACTOR_MESSAGES.notOn],
  ])("answers a bad %s request with 400 { message } and changes nothing", async (_, path, body, message) => {
    const { token, user } = await registerUser();
    expect(await api<Message>("POST", path, { token, body })).toEqual({ status: 400, body: { message } });
    expect((await readItem(keys.user(user._id)))?.twoFactor).toBeUndefined();
  });

  it("refuses the 2FA routes to an anonymous caller", async () => {
    for (const path of ["/auth/2fa/setup", "/auth/2fa/enable", "/auth/2fa/disable"]) {
      expect((await api("POST", path, { body: { code: "123456" } })).status).toBe(401);
    }
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  let adminToken = "";
  beforeAll(async () => {
    await seedDevData(DEV_ADMIN);
    const signedIn = await login(DEV_ADMIN);
    expect(signedIn.status).toBe(200);
    adminToken = signedIn.body.token;
  });

  it("answers an admin without two-factor sign-in 403 on admin routes, lets them set it up, then serves them", async () => {
    for (const [method, path] of [
      ["GET", "/admin/stats"],
      ["GET", "/admin/users"],
      ["GET", "/admin/transactions"],
      ["PUT", "/admin/users/01JNOBODY0000000000000000/status"],
    ] as const) {
      const refused = await api<Message>(method, path, {
        token: adminToken,
        ...(method === "PUT" ? { body: { isActive: false } } : {}),
      });
      expect(refused).toEqual({
        status: 403,
        body: { message: ACCOUNT_MESSAGES.adminTwoFactorRequired, twoFactorSetupRequired: true },
      });
    }
    // Their own account still answers, with what the web app needs to send them to the setup.
    const me = await api<{ user: User }>("GET", "/auth/me", { token: adminToken });
    expect(me.body.user).toMatchObject({ role: "admin", twoFactorEnabled: false });

    const step = await freshStep();
    const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token: adminToken });
    expect(setup.status).toBe(200);
    const enabled = await api<{ user: User }>("POST", "/auth/2fa/enable", {
      token: adminToken,
      body: { code: await codeFor(setup.body.secret, step - 1) },
    });
    expect(enabled.status).toBe(200);

    expect((await api("GET", "/admin/stats", { token: adminToken })).status).toBe(200);
    // From now on the admin signs in with a code.
    expect((await login(DEV_ADMIN)).body).toMatchObject({ twoFactorRequired: true });
    const signedIn = await login({ ...DEV_ADMIN, otp: await codeFor(setup.body.secret, step) });
    expect(signedIn.status).toBe(200);
    expect((await api("GET", "/admin/stats", { token: signedIn.body.token })).status).toBe(200);
  });

  it("still answers an investor 403 as before", async () => {
    const { token } = await registerUser();
    expect(await api<Message>("GET", "/admin/stats", { token })).toEqual({
      status: 403,
      body: { message: ACCOUNT_MESSAGES.adminOnly },
    });
  });
});
