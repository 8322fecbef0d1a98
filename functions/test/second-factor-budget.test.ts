/**
 * The second factor's own budget (design.md §12.2), over HTTP through the local API: wrong codes are counted on the
 * user's two-factor state before they are checked; 5 in a row lock the second factor for 15 minutes (429 saying until
 * when, in Nairobi time), and the owner is told; a right code starts the count again. Password failures and code
 * failures no longer share a budget: a right password with a wrong code gives the password's attempt back.
 */
import { nairobiWallClock } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import type { SecurityNotice } from "../src/kernel/security-notices.js";
import { ACCOUNT_MESSAGES } from "../src/modules/identity/accounts.js";
import { createDynamoAccountRepository } from "../src/modules/identity/dynamo/account-repository.js";
import { createDynamoAccountSecurityRepository } from "../src/modules/identity/dynamo/account-security-repository.js";
import { createDynamoAttemptGuardRepository } from "../src/modules/identity/dynamo/attempt-guard-repository.js";
import { argon2idHasher } from "../src/modules/identity/passwords.js";
import {
  SECOND_FACTOR_LOCK_SECONDS,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_MESSAGES,
} from "../src/modules/identity/second-factor.js";
import { totpCodes } from "../src/modules/identity/totp.js";
import { createTwoFactorService } from "../src/modules/identity/two-factor.js";
import { readItem, setAttributes } from "./support/db.js";
import { useLocalApi } from "./support/local-api.js";
import { recordingMetrics } from "./support/metrics.js";
import { manualClock } from "./support/services.js";
import { claimsOf, codeFor, currentCode, freshStep, wrongCodeFor } from "./support/step-up.js";
import { login, userWithTwoFactor } from "./support/two-factor.js";

// The password's budget per account and address is 12 here: the parallel test's 12 logins (right password, wrong
// code) all pass it, and the sequential one sends more wrong codes than that with the right password.
process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP_PER_HOUR = "12";
useLocalApi();

const wrongCode = { status: 401, body: { message: ACCOUNT_MESSAGES.wrongTwoFactorCode, twoFactorRequired: true } };
const twoFactorOf = async (userId: string) => (await readItem(keys.credential(userId)))?.twoFactor;

describe("the second factor's own budget", () => {
  it("locks after 5 wrong codes in a row: 429 saying until when, even for a right code; after the lock a right code signs in", async () => {
    const step = await freshStep();
    const { input, user, secret } = await userWithTwoFactor(step);
    const wrong = await wrongCodeFor(secret, step);
    for (let i = 1; i <= SECOND_FACTOR_MAX_FAILURES; i++) {
      expect(await login({ ...input, otp: wrong })).toEqual(wrongCode);
    }
    const state = await twoFactorOf(user._id);
    expect(state?.failures).toBe(SECOND_FACTOR_MAX_FAILURES);
    const lockedUntil = new Date(Number(state?.lockedUntil) * 1000);
    expect(lockedUntil.getTime() - Date.now()).toBeGreaterThan((SECOND_FACTOR_LOCK_SECONDS - 30) * 1000);
    const locked = await login({ ...input, otp: await codeFor(secret, step) });
    expect(locked).toEqual({ status: 429, body: { message: SECOND_FACTOR_MESSAGES.locked(lockedUntil) } });
    expect(locked.body.message).toContain(`until ${nairobiWallClock(lockedUntil).slice(11, 16)} (Nairobi time)`);
    // A recovery code is the second factor too: locked alike.
    expect((await login({ ...input, otp: "abcde-fghjk" })).status).toBe(429);

    // The lock's end, as if 15 minutes had passed: the right code signs in, and the count starts again.
    await setAttributes(keys.credential(user._id), {
      twoFactor: { ...state, lockedUntil: Math.floor(Date.now() / 1000) - 1 },
    });
    expect((await login({ ...input, otp: await currentCode(secret) })).status).toBe(200);
    expect(await twoFactorOf(user._id)).toMatchObject({ failures: 0 });
    expect(await twoFactorOf(user._id)).not.toHaveProperty("lockedUntil");
  });

  it("counts codes in a row: a right code before the 5th wrong one starts the count again", async () => {
    const step = await freshStep();
    const { input, user, secret, recoveryCodes } = await userWithTwoFactor(step);
    const wrong = await wrongCodeFor(secret, step);
    // 3 rounds of 4 wrong codes and a right recovery code, then 2 more wrong codes: 14 wrong codes with the right
    // password, more than the password's budget of 12, and never 5 in a row.
    for (const right of recoveryCodes.slice(0, 3)) {
      for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES - 1; i++) {
        expect(await login({ ...input, otp: wrong })).toEqual(wrongCode);
      }
      expect((await login({ ...input, otp: right })).status).toBe(200);
    }
    expect(await login({ ...input, otp: wrong })).toEqual(wrongCode);
    expect(await login({ ...input, otp: wrong })).toEqual(wrongCode);
    expect(await twoFactorOf(user._id)).toMatchObject({ failures: 2 });
    // The password's budget was given back each time: the right password and code still sign in, and a wrong
    // password is still just a wrong password.
    expect((await login({ ...input, otp: await currentCode(secret) })).status).toBe(200);
    expect(await login({ ...input, password: "not-the-password", otp: wrong })).toEqual({
      status: 401,
      body: { message: ACCOUNT_MESSAGES.invalidCredentials },
    });
  });

  it("checks no more than 5 of 12 wrong codes sent at once: exactly 5 are wrong (401), the other 7 are 429", async () => {
    const step = await freshStep();
    const { input, user, secret } = await userWithTwoFactor(step);
    const wrong = await wrongCodeFor(secret, step);
    const answers = await Promise.all(Array.from({ length: 12 }, () => login({ ...input, otp: wrong })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    for (const answer of answers.filter((a) => a.status === 401)) expect(answer).toEqual(wrongCode);
    expect(await twoFactorOf(user._id)).toMatchObject({ failures: SECOND_FACTOR_MAX_FAILURES });
    expect((await twoFactorOf(user._id))?.lockedUntil).toEqual(expect.any(Number));
  });

  it("answers a wrong code 400 on the signed-in routes, on the same budget, and tells the owner of the lock", async () => {
    const sent: SecurityNotice[] = [];
    const clock = manualClock(new Date());
    const accounts = createDynamoAccountRepository();
    const service = createTwoFactorService({
      security: createDynamoAccountSecurityRepository(),
      attempts: createDynamoAttemptGuardRepository(),
      passwords: argon2idHasher,
      codes: totpCodes,
      clock,
      metrics: recordingMetrics(),
      notices: { send: async (notice) => void sent.push(notice) },
    });
    const step = await freshStep();
    const { input, user, secret, token } = await userWithTwoFactor(step);
    const record = (await accounts.getUser(user._id)) ?? expect.fail("no user");
    const confirm = { password: input.password, sourceIp: "198.51.100.77" };
    const wrong = await wrongCodeFor(secret, step);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2
          ? service.regenerateRecoveryCodes(record, { ...confirm, code: wrong })
          : service.disable(record, { ...confirm, code: wrong, sessionId: String(claimsOf(token).sid) })
        ).then(
          () => "changed",
          (error: Error) => error.constructor.name,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "InvalidInputError")).toHaveLength(SECOND_FACTOR_MAX_FAILURES);
    expect(outcomes.filter((o) => o === "TooManyAttemptsError")).toHaveLength(3);
    const lockedUntil = Number((await twoFactorOf(user._id))?.lockedUntil);
    expect(sent).toEqual([
      {
        kind: "second-factor-locked",
        userId: user._id,
        to: { email: user.email, firstName: user.firstName },
        at: clock.now(),
        sourceIp: "198.51.100.77",
        lockedUntil: new Date(lockedUntil * 1000),
      },
    ]);
    expect(lockedUntil).toBe(Math.floor(clock.now().getTime() / 1000) + SECOND_FACTOR_LOCK_SECONDS);
  });
});
