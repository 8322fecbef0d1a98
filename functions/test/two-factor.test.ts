/**
 * Two-factor sign-in (design.md §11), over HTTP through the local API server, with codes made as an authenticator app
 * makes them (RFC 6238). This file runs with REQUIRE_ADMIN_2FA on, as in AWS.
 */
import { MESSAGES, SECURITY_MESSAGES, type TwoFactorSetup, type User } from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { seedDevData } from "../src/local/seed.js";
import { ACCOUNT_MESSAGES } from "../src/modules/identity/accounts.js";
import { TWO_FACTOR_MESSAGES } from "../src/modules/identity/two-factor.js";
import { DEV_ADMIN } from "./support/admin.js";
import { readItem } from "./support/db.js";
import { api, useLocalApi } from "./support/local-api.js";
import { codeFor, currentCode, freshStep } from "./support/step-up.js";
import { login, userWithTwoFactor } from "./support/two-factor.js";
import { registerUser } from "./support/users.js";

process.env.REQUIRE_ADMIN_2FA = "true";
useLocalApi();

type Message = { message: string };
describe("two-factor sign-in", () => {
  it("sets up with a secret and an otpauth URL, and turns on only with a right code and the password", async () => {
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
    const wrong = await api<Message>("POST", "/auth/2fa/enable", {
      token,
      body: { code: "000000", password: input.password },
    });
    const wrongCode = (await codeFor(setup.body.secret, step)) === "000000" ? "111111" : "000000";
    if (wrongCode === "111111") return; // one in a million: the made-up code is today's right one
    expect(wrong).toEqual({ status: 400, body: { message: ACCOUNT_MESSAGES.wrongTwoFactorCode } });
    expect((await readItem(keys.credential(user._id)))?.twoFactor).toMatchObject({ enabled: false });

    const enabled = await api<{ message: string; user: User; recoveryCodes: string[] }>("POST", "/auth/2fa/enable", {
      token,
      body: { code: await codeFor(setup.body.secret, step), password: input.password },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({
      message: TWO_FACTOR_MESSAGES.enabled,
      user: expect.any(Object),
      recoveryCodes: expect.any(Array),
    });
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
    const password = input.password;

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
    expect(await api<Message>("POST", "/auth/2fa/disable", { token, body: { code, password } })).toEqual({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.usedTwoFactorCode },
    });
    const disabled = await api<{ message: string; user: User }>("POST", "/auth/2fa/disable", {
      token,
      body: { code: await codeFor(secret, step + 1), password },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.message).toBe(TWO_FACTOR_MESSAGES.disabled);
    expect(disabled.body.user.twoFactorEnabled).toBe(false);
    expect((await readItem(keys.credential(disabled.body.user._id)))?.twoFactor).toBeUndefined();
    const passwordOnly = await login(credentials);
    expect(passwordOnly.status).toBe(200);
    expect(passwordOnly.body.user.twoFactorEnabled).toBe(false);
  });

  const password = "any-password";
  it.each([
    ["enable", "/auth/2fa/enable", { code: "12345", password }, MESSAGES.invalidTwoFactorCode],
    ["enable", "/auth/2fa/enable", { password }, MESSAGES.invalidTwoFactorCode],
    ["enable", "/auth/2fa/enable", { code: "123456" }, "Password is required"],
    ["disable", "/auth/2fa/disable", { code: "abcdef", password }, SECURITY_MESSAGES.invalidRecoveryCode],
    ["disable", "/auth/2fa/disable", { code: "123456" }, "Password is required"],
    ["enable", "/auth/2fa/enable", { code: "123456", password }, TWO_FACTOR_MESSAGES.notStarted],
    ["disable", "/auth/2fa/disable", { code: "123456", password }, TWO_FACTOR_MESSAGES.notOn],
    ["recovery codes", "/auth/2fa/recovery-codes", { code: "123456", password }, TWO_FACTOR_MESSAGES.notOn],
  ])("answers a bad %s request with 400 { message } and changes nothing", async (_, path, body, message) => {
    const { token, user } = await registerUser();
    expect(await api<Message>("POST", path, { token, body })).toEqual({ status: 400, body: { message } });
    expect((await readItem(keys.credential(user._id)))?.twoFactor).toBeUndefined();
  });

  it("refuses the 2FA routes to an anonymous caller", async () => {
    for (const path of ["/auth/2fa/setup", "/auth/2fa/enable", "/auth/2fa/disable", "/auth/2fa/recovery-codes"]) {
      expect((await api("POST", path, { body: { code: "123456", password: "secret123" } })).status).toBe(401);
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
      body: { code: await codeFor(setup.body.secret, step - 1), password: DEV_ADMIN.password },
    });
    expect(enabled.status).toBe(200);

    expect((await api("GET", "/admin/stats", { token: adminToken })).status).toBe(200);
    // From now on the admin signs in with a code.
    expect((await login(DEV_ADMIN)).body).toMatchObject({ twoFactorRequired: true });
    const signedIn = await login({ ...DEV_ADMIN, otp: await currentCode(setup.body.secret) });
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
