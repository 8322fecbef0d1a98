/**
 * Login throttling that holds under concurrency and locks no one out (design.md §8–§9 and §12.2, quality R11 and
 * R14): an attempt is counted by a conditional write before any password is hashed, so parallel attempts cannot slip
 * past the hourly limits. 10 failures an hour for one account from one address refuse that pair only; past the
 * account's limit from all addresses, the login asks for a solved proof-of-work challenge instead of refusing.
 */
import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { statusOf } from "../src/http/middleware.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { DomainError } from "../src/kernel/errors.js";
import { referralCode, ulid } from "../src/kernel/ids.js";
import { signingKeysOf } from "../src/kernel/signing-keys.js";
import { createAccountService } from "../src/modules/identity/accounts.js";
import { createDynamoAccountRepository } from "../src/modules/identity/dynamo/account-repository.js";
import { createDynamoAccountSecurityRepository } from "../src/modules/identity/dynamo/account-security-repository.js";
import { createDynamoAttemptGuardRepository } from "../src/modules/identity/dynamo/attempt-guard-repository.js";
import { createDynamoSessionRepository } from "../src/modules/identity/dynamo/session-repository.js";
import { createDynamoSignInLinkRepository } from "../src/modules/identity/dynamo/sign-in-link-repository.js";
import { createLoginGuard, LOGIN_GUARD_MESSAGES } from "../src/modules/identity/login-guard.js";
import { argon2idHasher, type PasswordHasher } from "../src/modules/identity/passwords.js";
import { challengeBinding, createProofOfWork } from "../src/modules/identity/proof-of-work.js";
import { createSignInLinks } from "../src/modules/identity/sign-in-links.js";
import { createJwtIssuer } from "../src/modules/identity/tokens.js";
import { totpCodes } from "../src/modules/identity/totp.js";
import { deactivateUser, readItem } from "./support/db.js";
import { recordingMetrics } from "./support/metrics.js";
import { solved, TEST_PROOF_OF_WORK } from "./support/proof-of-work.js";
import { manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

/** The real argon2id hasher, counting how many passwords it checks. */
function countingHasher(): PasswordHasher & { checked: () => number } {
  let checked = 0;
  return {
    hash: (password) => argon2idHasher.hash(password),
    verify: (password, hash) => {
      checked++;
      return argon2idHasher.verify(password, hash);
    },
    checked: () => checked,
  };
}

interface Answer {
  status: number;
  message?: string;
  challenge?: unknown;
}

/** A login service with its own hasher and limits; the clock stands still, so no test straddles an hour. */
function loginService(limits: { perPair?: number; perIp?: number; perAccount?: number } = {}) {
  const passwords = countingHasher();
  const clock = manualClock(new Date());
  const metrics = recordingMetrics();
  const secret = new TextEncoder().encode(process.env.JWT_SECRET);
  const service = createAccountService({
    accounts: createDynamoAccountRepository(),
    passwords,
    tokens: createJwtIssuer(async () => signingKeysOf(process.env.JWT_SECRET ?? ""), 3600),
    clock,
    newId: () => ulid(),
    newReferralCode: referralCode,
    loginGuard: createLoginGuard({
      attempts: createDynamoAttemptGuardRepository(),
      proofOfWork: createProofOfWork(async () => secret, TEST_PROOF_OF_WORK),
      limits: {
        perAccountAndIpPerHour: limits.perPair ?? 10,
        perIpPerHour: limits.perIp ?? 1000,
        perAccountPerHour: limits.perAccount ?? 100,
        perAccountPerDay: 1000,
      },
      metrics,
    }),
    metrics,
    twoFactor: { codes: totpCodes, security: createDynamoAccountSecurityRepository() },
    sessions: createDynamoSessionRepository(),
    notices: { send: async () => undefined },
    signInLinks: createSignInLinks({
      links: createDynamoSignInLinkRepository(),
      mailer: () => {
        throw new Error("these tests stay below the day's limit: no sign-in link is mailed");
      },
      webOrigin: "http://localhost:5173",
      log: () => undefined,
    }),
  });
  /** The HTTP status the login would answer with, its message, and the challenge it carries. */
  const attempt = async (email: string, password: string, ip: string, altcha?: string): Promise<Answer> => {
    try {
      await service.login(email, password, ip, { altcha });
      return { status: 200 };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const challenge = (error.details as { challenge?: unknown } | undefined)?.challenge;
      return { status: statusOf(error), message: error.message, ...(challenge ? { challenge } : {}) };
    }
  };
  const login = async (email: string, password: string, ip: string, altcha?: string) =>
    (await attempt(email, password, ip, altcha)).status;
  return { service, attempt, login, passwords, clock, metrics };
}

/** Challenges as the service makes them (same secret and options), for a test that needs one made to order. */
const testProofOfWork = () =>
  createProofOfWork(async () => new TextEncoder().encode(process.env.JWT_SECRET), TEST_PROOF_OF_WORK);

/** An address of this test's own, so tests never share an IP counter. */
const newIp = () => `198.18.${randomInt(256)}.${randomInt(256)}`;
const count = (answers: (Answer | number)[], status: number) =>
  answers.filter((answer) => (typeof answer === "number" ? answer : answer.status) === status).length;

async function failTimes(
  login: (e: string, p: string, ip: string) => Promise<number>,
  email: string,
  ip: string,
  n: number,
) {
  for (let i = 0; i < n; i++) expect(await login(email, `wrong-${i}`, ip)).toBe(401);
}

/** `n` failures for the account, each from an address of its own (so no pair reaches its limit). */
async function failFromMany(login: (e: string, p: string, ip: string) => Promise<number>, email: string, n: number) {
  for (let i = 0; i < n; i++) expect(await login(email, `wrong-${i}`, newIp())).toBe(401);
}

describe("login throttling per account and address", () => {
  it("after 7 failures from one address, checks exactly 3 of 20 parallel wrong passwords from it and refuses 17 with 429", async () => {
    const { input } = await registerUser();
    const { login, passwords, metrics } = loginService();
    const ip = newIp();
    await failTimes(login, input.email, ip, 7);
    const checkedBefore = passwords.checked();

    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(input.email, `parallel-${i}`, ip)));

    expect(count(statuses, 401)).toBe(3);
    expect(count(statuses, 429)).toBe(17);
    expect(passwords.checked() - checkedBefore).toBe(3);
    expect(metrics.total("LoginsThrottled")).toBe(17);
    // The owner, from another address, still signs in.
    expect(await login(input.email, input.password, newIp())).toBe(200);
  });

  it("refuses that pair only, with the right password too and nothing hashed, saying when to try again", async () => {
    const { input } = await registerUser();
    const { attempt, login, passwords, clock } = loginService();
    const ip = newIp();
    clock.set(new Date("2026-03-02T09:42:10Z"));
    await failTimes(login, input.email, ip, 10);
    const checkedBefore = passwords.checked();

    expect(await attempt(input.email, input.password, ip)).toEqual({
      status: 429,
      message: "Too many failed login attempts from your network. Please try again in 18 minutes.",
    });
    expect(passwords.checked()).toBe(checkedBefore);
    // Another account from the same address, and the same account from another, are not refused.
    const other = await registerUser();
    expect(await login(other.input.email, other.input.password, ip)).toBe(200);
    expect(await login(input.email, input.password, newIp())).toBe(200);
  });

  it("counts an unknown email like a wrong password, with the same answer, up to the same limit", async () => {
    const { login } = loginService({ perPair: 2 });
    const ip = newIp();
    const email = `nobody.${ulid()}@example.co.ke`;
    expect(await login(email, "Mvua-Nyingi-42", ip)).toBe(401);
    expect(await login(email.toUpperCase(), "Mvua-Nyingi-42", ip)).toBe(401);
    expect(await login(email, "Mvua-Nyingi-42", ip)).toBe(429);
  });

  it("logs in with the right password below the limit without using up the budget", async () => {
    const { input } = await registerUser();
    const { login, passwords } = loginService({ perPair: 3 });
    const ip = newIp();
    await failTimes(login, input.email, ip, 2);
    for (let i = 0; i < 5; i++) expect(await login(input.email, input.password, ip)).toBe(200);
    // Five successful logins later, the budget still has its third failure, and then no more.
    expect(await login(input.email, "wrong-3", ip)).toBe(401);
    const checkedBefore = passwords.checked();
    expect(await login(input.email, input.password, ip)).toBe(429);
    expect(passwords.checked()).toBe(checkedBefore);
  });

  it("holds the per-address ceiling across accounts: after 8 failures, 4 of 20 parallel attempts are checked", async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => registerUser()));
    const { login, passwords } = loginService({ perIp: 12 });
    const ip = newIp();
    for (const { input } of accounts) await failTimes(login, input.email, ip, 2);
    const checkedBefore = passwords.checked();

    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(accounts[i % 4]?.input.email ?? "", `parallel-${i}`, ip)),
    );

    expect(count(statuses, 401)).toBe(4);
    expect(count(statuses, 429)).toBe(16);
    expect(passwords.checked() - checkedBefore).toBe(4);
    // The same accounts still log in from another address.
    const [first] = accounts;
    expect(await login(first?.input.email ?? "", first?.input.password ?? "", newIp())).toBe(200);
  });

  it("answers a deactivated account's right password with 403 and gives the attempt back", async () => {
    const { input, user } = await registerUser();
    await deactivateUser(user._id);
    const { login } = loginService({ perPair: 1 });
    const ip = newIp();
    expect(await login(input.email, input.password, ip)).toBe(403);
    expect(await login(input.email, input.password, ip)).toBe(403);
  });

  it("starts a fresh budget in the next hour", async () => {
    const { input } = await registerUser();
    const { login, clock } = loginService({ perPair: 1 });
    const ip = newIp();
    expect(await login(input.email, "wrong", ip)).toBe(401);
    expect(await login(input.email, "wrong", ip)).toBe(429);
    clock.advance(3_600_000);
    expect(await login(input.email, input.password, ip)).toBe(200);
  });
});

describe("past the account's limit from all addresses: a proof of work, not a lockout", () => {
  it("asks the owner for a challenge (401, nothing hashed), and a solved one signs in from that network", async () => {
    const { input } = await registerUser();
    const { attempt, passwords } = loginService({ perAccount: 5 });
    await failFromMany((e, p, ip) => attempt(e, p, ip).then((a) => a.status), input.email, 5);
    const checkedBefore = passwords.checked();

    const ownerIp = newIp();
    const asked = await attempt(input.email, input.password, ownerIp);
    expect(asked).toEqual({
      status: 401,
      message: LOGIN_GUARD_MESSAGES.challengeRequired,
      challenge: expect.objectContaining({ signature: expect.any(String) }),
    });
    expect(passwords.checked()).toBe(checkedBefore);

    const altcha = await solved(asked.challenge);
    expect(await attempt(input.email, input.password, ownerIp, altcha)).toEqual({ status: 200 });
    // The challenge is spent: the same solution is not accepted again, and a new challenge comes with the refusal.
    const replayed = await attempt(input.email, input.password, ownerIp, altcha);
    expect(replayed).toMatchObject({ status: 401, message: LOGIN_GUARD_MESSAGES.challengeSpent });
    expect(replayed.challenge).not.toEqual(asked.challenge);
    expect(passwords.checked()).toBe(checkedBefore + 1);
    // The spent challenge's record expires with the challenge.
    const { signature, parameters } = asked.challenge as { signature: string; parameters: { expiresAt: number } };
    expect(await readItem(keys.spentProof(signature))).toMatchObject({ expiresAt: parameters.expiresAt });
  });

  it("lets exactly 3 of 20 parallel attempts from 20 addresses through at 17 of 20 failures; the rest get a challenge", async () => {
    const { input } = await registerUser();
    const { attempt, login, passwords } = loginService({ perAccount: 20 });
    await failFromMany(login, input.email, 17);
    const checkedBefore = passwords.checked();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(input.email, `parallel-${i}`, newIp())),
    );

    expect(answers.filter((a) => a.status === 401 && !a.challenge)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 401 && a.challenge)).toHaveLength(17);
    expect(passwords.checked() - checkedBefore).toBe(3);
    // The owner signs in with a solved challenge.
    const ownerIp = newIp();
    const asked = await attempt(input.email, input.password, ownerIp);
    expect(await login(input.email, input.password, ownerIp, await solved(asked.challenge))).toBe(200);
  });

  it("counts a challenged attempt on its pair: a solved challenge does not lift the 429 of one address", async () => {
    const { input } = await registerUser();
    const { attempt, login } = loginService({ perPair: 3, perAccount: 3 });
    const ip = newIp();
    await failTimes(login, input.email, ip, 3);
    // Account and pair are both at their limit: the pair's 429 comes first.
    expect((await attempt(input.email, input.password, ip)).status).toBe(429);
    expect((await attempt(input.email, input.password, newIp())).status).toBe(401);
    // A challenge solved for this very email and address does not lift the pair's 429.
    const forPair = await testProofOfWork().challenge("login", new Date(), {
      boundTo: challengeBinding(input.email, ip),
    });
    expect(await login(input.email, input.password, ip, await solved(forPair))).toBe(429);
  });

  it("asks again when the solution is forged, for a reset request, or another payload", async () => {
    const { input } = await registerUser();
    const { attempt } = loginService({ perAccount: 1 });
    expect((await attempt(input.email, "wrong", newIp())).status).toBe(401);
    const ip = newIp();
    const asked = await attempt(input.email, input.password, ip);
    const { parameters, signature } = asked.challenge as { parameters: Record<string, unknown>; signature: string };
    const forged = Buffer.from(
      JSON.stringify({ challenge: { parameters, signature }, solution: { counter: 1, derivedKey: "00".repeat(32) } }),
    ).toString("base64");
    // A right solution whose challenge was altered (a later expiry) no longer matches its signature.
    const solvedPayload = JSON.parse(Buffer.from(await solved(asked.challenge), "base64").toString("utf8"));
    solvedPayload.challenge.parameters.expiresAt += 3600;
    const tampered = Buffer.from(JSON.stringify(solvedPayload)).toString("base64");
    const resetProof = testProofOfWork().challenge("password-reset", new Date(), {
      boundTo: challengeBinding(input.email, ip),
    });
    for (const altcha of [forged, tampered, "not base64 json", await solved(await resetProof)]) {
      expect(await attempt(input.email, input.password, ip, altcha)).toMatchObject({
        status: 401,
        message: LOGIN_GUARD_MESSAGES.challengeRequired,
      });
    }
  });
});
