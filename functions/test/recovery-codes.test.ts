/**
 * Recovery codes (design.md §12.2), over HTTP through the local API: ten one-time codes come with two-factor sign-in,
 * kept only hashed; one stands in for the authenticator code at sign-in, once; POST /auth/2fa/recovery-codes (password
 * and a code) replaces them; one turns two-factor sign-in off. The notices they cause are checked on the two-factor
 * service with a recording notices port.
 */
import { RECOVERY_CODE_COUNT, type TwoFactorSetup } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import type { SecurityNotice } from "../src/kernel/security-notices.js";
import { createDynamoAccountRepository } from "../src/modules/identity/dynamo/account-repository.js";
import { createDynamoAccountSecurityRepository } from "../src/modules/identity/dynamo/account-security-repository.js";
import { createDynamoAttemptGuardRepository } from "../src/modules/identity/dynamo/attempt-guard-repository.js";
import { argon2idHasher } from "../src/modules/identity/passwords.js";
import { SECOND_FACTOR_MESSAGES } from "../src/modules/identity/second-factor.js";
import { totpCodeAt, totpCodes } from "../src/modules/identity/totp.js";
import { createTwoFactorService, TWO_FACTOR_MESSAGES } from "../src/modules/identity/two-factor.js";
import { readItem } from "./support/db.js";
import { api, useLocalApi } from "./support/local-api.js";
import { recordingMetrics } from "./support/metrics.js";
import { manualClock } from "./support/services.js";
import { claimsOf, currentCode, freshStep } from "./support/step-up.js";
import { login, userWithTwoFactor } from "./support/two-factor.js";
import { registerUser } from "./support/users.js";

useLocalApi();

const SHOWN = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;
const wrongRecovery = {
  status: 401,
  body: { message: SECOND_FACTOR_MESSAGES.wrongRecoveryCode, twoFactorRequired: true },
};

describe("recovery codes", () => {
  it("come with two-factor sign-in: ten different codes shown as xxxxx-xxxxx, kept only hashed", async () => {
    const { user, recoveryCodes } = await userWithTwoFactor(await freshStep());
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(SHOWN);
    const item = await readItem(keys.credential(user._id));
    expect(item?.twoFactor?.recoveryCodeHashes).toBeInstanceOf(Set);
    expect(item?.twoFactor?.recoveryCodeHashes.size).toBe(RECOVERY_CODE_COUNT);
    const stored = JSON.stringify({
      ...item,
      twoFactor: { ...item?.twoFactor, hashes: [...(item?.twoFactor?.recoveryCodeHashes ?? [])] },
    });
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
  });

  it("sign in once in place of the code, typed in any case, with or without the hyphen; a second use is refused", async () => {
    const { input, user, recoveryCodes } = await userWithTwoFactor(await freshStep());
    const [first, second] = recoveryCodes as [string, string];
    const signedIn = await login({ ...input, otp: first });
    expect(signedIn.status).toBe(200);
    expect(claimsOf(signedIn.body.token).sfa).toEqual(expect.any(Number));
    expect(await login({ ...input, otp: first })).toEqual(wrongRecovery);
    expect((await login({ ...input, otp: second.replace("-", "").toUpperCase() })).status).toBe(200);
    expect((await readItem(keys.credential(user._id)))?.twoFactor?.recoveryCodeHashes.size).toBe(
      RECOVERY_CODE_COUNT - 2,
    );
    // One that was never handed out, and one of another account, are refused alike.
    const other = await userWithTwoFactor(await freshStep());
    expect(await login({ ...input, otp: "abcde-fghjk" })).toEqual(wrongRecovery);
    expect(await login({ ...input, otp: other.recoveryCodes[0] ?? "" })).toEqual(wrongRecovery);
  });

  it("say at each sign-in with one how many are left: one fewer each time, down to none; a used one is refused", async () => {
    const step = await freshStep();
    const { input, user, secret, recoveryCodes } = await userWithTwoFactor(step);
    // An authenticator code spends no recovery code, and its sign-in says nothing of them.
    const withCode = await login({ ...input, otp: await currentCode(secret) });
    expect(withCode.status).toBe(200);
    expect(withCode.body).not.toHaveProperty("recoveryCodesLeft");

    const left: number[] = [];
    for (const code of recoveryCodes) {
      const signedIn = await login({ ...input, otp: code });
      expect(signedIn.status).toBe(200);
      left.push(signedIn.body.recoveryCodesLeft ?? Number.NaN);
    }
    expect(left).toEqual(recoveryCodes.map((_, used) => RECOVERY_CODE_COUNT - used - 1));
    // The last one took the set with it: the stored state agrees there are none.
    expect((await readItem(keys.credential(user._id)))?.twoFactor?.recoveryCodeHashes).toBeUndefined();
    const reused = await login({ ...input, otp: recoveryCodes[9] ?? "" });
    expect(reused).toEqual(wrongRecovery);
  });

  it("are replaced with the password and a code: a wrong password changes nothing, then the old ones stop working", async () => {
    const { input, user, token, recoveryCodes } = await userWithTwoFactor(await freshStep());
    const before = (await readItem(keys.credential(user._id)))?.twoFactor?.recoveryCodeHashes;
    const [authorising, old] = recoveryCodes as [string, string];

    const wrongPassword = await api("POST", "/auth/2fa/recovery-codes", {
      token,
      body: { code: authorising, password: "not-the-password" },
    });
    expect(wrongPassword).toEqual({ status: 400, body: { message: TWO_FACTOR_MESSAGES.wrongPassword } });
    expect((await readItem(keys.credential(user._id)))?.twoFactor?.recoveryCodeHashes).toEqual(before);

    const renewed = await api<{ message: string; recoveryCodes: string[] }>("POST", "/auth/2fa/recovery-codes", {
      token,
      body: { code: authorising, password: input.password },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.message).toBe(TWO_FACTOR_MESSAGES.recoveryCodesRenewed);
    expect(renewed.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of renewed.body.recoveryCodes) expect(recoveryCodes).not.toContain(code);

    expect(await login({ ...input, otp: old })).toEqual(wrongRecovery);
    expect((await login({ ...input, otp: renewed.body.recoveryCodes[0] ?? "" })).status).toBe(200);
    // The one that authorised the change went with the old set.
    expect(
      (await api("POST", "/auth/2fa/recovery-codes", { token, body: { code: authorising, password: input.password } }))
        .status,
    ).toBe(400);
  });

  it("turn two-factor sign-in off with the password, for an owner whose phone is gone", async () => {
    const { input, token, recoveryCodes } = await userWithTwoFactor(await freshStep());
    const disabled = await api<{ message: string }>("POST", "/auth/2fa/disable", {
      token,
      body: { code: recoveryCodes[4], password: input.password },
    });
    expect(disabled).toMatchObject({ status: 200, body: { message: TWO_FACTOR_MESSAGES.disabled } });
    expect((await login(input)).status).toBe(200);
  });
});

describe("the notices of two-factor changes", () => {
  it("tells the owner when it is turned on, when a recovery code is used, and when it is turned off", async () => {
    const sent: SecurityNotice[] = [];
    const clock = manualClock(new Date());
    const security = createDynamoAccountSecurityRepository();
    const accounts = createDynamoAccountRepository();
    const service = createTwoFactorService({
      security,
      attempts: createDynamoAttemptGuardRepository(),
      passwords: argon2idHasher,
      codes: totpCodes,
      clock,
      metrics: recordingMetrics(),
      notices: { send: async (notice) => void sent.push(notice) },
    });
    const registered = await registerUser();
    const sessionId = String(claimsOf(registered.token).sid);
    const confirm = { password: registered.input.password, sessionId, sourceIp: "198.51.100.9" };
    const setup = await api<TwoFactorSetup>("POST", "/auth/2fa/setup", { token: registered.token });
    const user = async () => (await accounts.getUser(registered.user._id)) ?? expect.fail("no user");

    const { recoveryCodes } = await service.enable(await user(), {
      ...confirm,
      code: await totpCodeAt(setup.body.secret, clock.now()),
    });
    await service.disable(await user(), { ...confirm, code: (recoveryCodes[0] ?? "").replace("-", "") });
    const to = { email: registered.user.email, firstName: registered.user.firstName };
    const common = { userId: registered.user._id, to, at: clock.now(), sourceIp: "198.51.100.9" };
    expect(sent).toEqual([
      { kind: "two-factor-on", ...common },
      { kind: "recovery-code-used", ...common },
      { kind: "two-factor-off", ...common },
    ]);
  });
});
