/**
 * A signed-in caller's own checks (design.md §12.2) have budgets of their own, on the account and the caller's
 * network: the admins' step-up codes (5 wrong ones an hour) and the password asked for again before a two-factor
 * change (10 an hour). Neither is the login's: failed sign-ins by whoever knows the email or the password use up
 * neither, and a caller on one network uses up only that network's. A login takes the code of the current time step
 * only; the step-up one either side too.
 */
import type { TwoFactorSetup } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { handler as enableTwoFactor } from "../src/handlers/http/enable-two-factor.js";
import { handler as stepUpHandler } from "../src/handlers/http/step-up.js";
import { minutesToNextHour } from "../src/kernel/clock.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { ACCOUNT_MESSAGES, loginAttemptAt } from "../src/modules/identity/accounts.js";
import { PASSWORD_CONFIRMATION_MESSAGES } from "../src/modules/identity/password-confirmation.js";
import { SECOND_FACTOR_MAX_FAILURES } from "../src/modules/identity/second-factor.js";
import { SIGNED_IN_LIMITS, signedInLimitMessage } from "../src/modules/identity/signed-in-budget.js";
import { setAttributes } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { api, useLocalApi } from "./support/local-api.js";
import { adminSignedInWithCode, codeFor, currentCode, freshStep, wrongCodeFor } from "./support/step-up.js";
import { login } from "./support/two-factor.js";
import { registerUser } from "./support/users.js";

process.env.REQUIRE_ADMIN_2FA = "true";
useLocalApi();

/** Another network than the local API's 127.0.0.1. */
const ELSEWHERE = "203.0.113.50";

const stepUp = (token: string, code: string) =>
  api<{ token?: string; message?: string }>("POST", "/auth/step-up", { token, body: { code } });

/** Waits out the last seconds of a clock hour, so that a test's counting is all in one hour's window. */
async function wellInsideTheHour(): Promise<void> {
  const now = new Date();
  const left = 3_600_000 - (now.getTime() % 3_600_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

const wrongCodeAnswer = { status: 400, body: { message: ACCOUNT_MESSAGES.wrongTwoFactorCode } };

describe("the step-up's own budget", () => {
  it("answers the 6th wrong code in an hour from one network 429, even a right one, for that network only; the login's lock is not set", async () => {
    const admin = await adminSignedInWithCode(16);
    await wellInsideTheHour();
    const step = await freshStep();
    const wrong = await wrongCodeFor(admin.secret, step);
    expect(await stepUp(admin.token, wrong)).toEqual(wrongCodeAnswer);
    // 7 more at once: 4 are checked (5 in all), 3 refused without a check.
    const answers = await Promise.all(Array.from({ length: 7 }, () => stepUp(admin.token, wrong)));
    const limited = { status: 429, body: { message: signedInLimitMessage("step-up", new Date()) } };
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(SIGNED_IN_LIMITS["step-up"] - 1);
    expect(answers.filter((answer) => answer.status === 429)).toEqual(Array(3).fill(limited));
    expect(await stepUp(admin.token, await codeFor(admin.secret, step))).toEqual(limited);
    expect(limited.body.message).toContain(`${minutesToNextHour(new Date())} minute`);

    // The second factor's own lock was never set: the admin signs in with the password and a right code.
    const loginStep = await freshStep();
    const signedIn = await login({ ...admin.input, otp: await codeFor(admin.secret, loginStep) });
    expect(signedIn.status).toBe(200);
    // From another network the same session steps up with the next step's code (one step either side is taken).
    const elsewhere = await call<{ token: string }>(
      stepUpHandler,
      gatewayEvent("step-up", {
        token: admin.token,
        body: { code: await codeFor(admin.secret, loginStep + 1) },
        sourceIp: ELSEWHERE,
      }),
    );
    expect(elsewhere.statusCode).toBe(200);
    expect(typeof elsewhere.body.token).toBe("string");
  });

  it("is not held back by wrong codes at sign-in: once whoever has the password locks the login's second factor, the admin still steps up", async () => {
    const admin = await adminSignedInWithCode(16);
    const step = await freshStep();
    const wrong = await wrongCodeFor(admin.secret, step);
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++) {
      expect((await login({ ...admin.input, otp: wrong })).status).toBe(401);
    }
    expect((await login({ ...admin.input, otp: await codeFor(admin.secret, step) })).status).toBe(429);
    const stepped = await stepUp(admin.token, await codeFor(admin.secret, await freshStep()));
    expect(stepped.status).toBe(200);
  });
});

describe("the TOTP window", () => {
  it("signs in with the current step's code only, while a step-up takes the step before too", async () => {
    const admin = await adminSignedInWithCode(16);
    const step = await freshStep();
    const previous = await codeFor(admin.secret, step - 1);
    expect(await login({ ...admin.input, otp: previous })).toEqual({
      status: 401,
      body: { message: ACCOUNT_MESSAGES.wrongTwoFactorCode, twoFactorRequired: true },
    });
    expect((await stepUp(admin.token, previous)).status).toBe(200);
    expect((await login({ ...admin.input, otp: await currentCode(admin.secret) })).status).toBe(200);
  });
});

describe("the password a two-factor change asks for", () => {
  /** A user who has started the setup: turning it on asks for the password and a code. */
  async function settingUp() {
    const registered = await registerUser();
    const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token: registered.token });
    expect(setup.status).toBe(200);
    return { ...registered, secret: setup.body.secret };
  }

  const enable = (token: string, body: { code: string; password: string }, sourceIp: string) =>
    call<{ message: string }>(enableTwoFactor, gatewayEvent("enable-two-factor", { token, body, sourceIp }));

  it("is counted on the account from the caller's network: the 11th wrong one in an hour is a 429 there, not elsewhere", async () => {
    const user = await settingUp();
    await wellInsideTheHour();
    const step = await freshStep();
    const code = await codeFor(user.secret, step);
    const wrongPassword = { statusCode: 400, body: { message: PASSWORD_CONFIRMATION_MESSAGES.wrongPassword } };
    const thief = "198.51.100.201";
    for (let i = 0; i < SIGNED_IN_LIMITS["password-check"]; i++) {
      expect(await enable(user.token, { code, password: "not-the-password" }, thief)).toEqual(wrongPassword);
    }
    const limited = { statusCode: 429, body: { message: signedInLimitMessage("password-check", new Date()) } };
    expect(await enable(user.token, { code, password: user.input.password }, thief)).toEqual(limited);
    // The owner on another network: the password is checked, and two-factor sign-in turns on.
    expect((await enable(user.token, { code, password: user.input.password }, ELSEWHERE)).statusCode).toBe(200);
  });

  it("is not used up by failed sign-ins: with the account's login budget of the hour spent, the owner still turns 2FA on", async () => {
    const user = await settingUp();
    await wellInsideTheHour();
    // The account's hourly login counter far past its limit, as wrong passwords from anywhere leave it.
    expect((await login({ email: user.input.email, password: "not-the-password" })).status).toBe(401);
    const attempt = loginAttemptAt(new Date(), user.input.email, ELSEWHERE);
    await setAttributes(keys.loginAttempts("EMAIL", user.input.email, attempt.hour), {
      attempts: 100_000,
      expiresAt: attempt.expiresAtEpochSeconds,
      type: "LoginThrottle",
    });
    const step = await freshStep();
    const answer = await api("POST", "/auth/2fa/enable", {
      token: user.token,
      body: { code: await codeFor(user.secret, step), password: user.input.password },
    });
    expect(answer.status).toBe(200);
  });
});
