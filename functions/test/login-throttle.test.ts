/**
 * Login throttling that holds under concurrency (design.md §8–§9, quality R11 and R14): an attempt is counted by a
 * conditional write before any password is hashed, so parallel attempts cannot slip past the hourly limits.
 */
import { randomInt } from "node:crypto";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { DomainError, NotAuthenticatedError, TooManyAttemptsError } from "../src/lib/errors.js";
import { referralCode, ulid } from "../src/lib/ids.js";
import { statusOf } from "../src/lib/middleware.js";
import { argon2idHasher, type PasswordHasher } from "../src/lib/passwords.js";
import { createJwtIssuer } from "../src/lib/tokens.js";
import { totpCodes } from "../src/lib/totp.js";
import { createDynamoAccountRepository } from "../src/repositories/dynamo/account-repository.js";
import { createDynamoAccountSecurityRepository } from "../src/repositories/dynamo/account-security-repository.js";
import { dynamoDocumentClient, tableName } from "../src/repositories/dynamo/client.js";
import { keys } from "../src/repositories/dynamo/keys.js";
import { createAccountService } from "../src/services/accounts.js";
import { deactivateUser } from "./support/db.js";
import { recordingMetrics } from "./support/metrics.js";
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

/** A login service with its own hasher and limits; the clock stands still, so no test straddles an hour. */
function loginService(limits: { perAccount: number; perIp: number }) {
  const passwords = countingHasher();
  const clock = manualClock(new Date());
  const metrics = recordingMetrics();
  const secret = new TextEncoder().encode(process.env.JWT_SECRET);
  const service = createAccountService({
    accounts: createDynamoAccountRepository(),
    passwords,
    tokens: createJwtIssuer(async () => secret, 3600),
    clock,
    newId: () => ulid(),
    newReferralCode: referralCode,
    limits: { maxFailuresPerAccountPerHour: limits.perAccount, maxFailuresPerIpPerHour: limits.perIp },
    metrics,
    twoFactor: { codes: totpCodes, security: createDynamoAccountSecurityRepository() },
  });
  /** The HTTP status the login would answer with. */
  const login = async (email: string, password: string, ip: string): Promise<number> => {
    try {
      await service.login(email, password, ip);
      return 200;
    } catch (error) {
      if (error instanceof DomainError) return statusOf(error);
      throw error;
    }
  };
  return { service, login, passwords, clock, metrics };
}

/** An address of this test's own, so tests never share an IP counter. */
const newIp = () => `198.18.${randomInt(256)}.${randomInt(256)}`;
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function failTimes(
  login: (e: string, p: string, ip: string) => Promise<number>,
  email: string,
  ip: string,
  n: number,
) {
  for (let i = 0; i < n; i++) expect(await login(email, `wrong-${i}`, ip)).toBe(401);
}

describe("login throttling under concurrency", () => {
  it("after 95 failures, checks exactly 5 of 30 parallel wrong passwords and refuses the other 25 with 429", async () => {
    const { input } = await registerUser();
    const { login, passwords, metrics } = loginService({ perAccount: 100, perIp: 1000 });
    const ip = newIp();
    await failTimes(login, input.email, ip, 95);
    const checkedBefore = passwords.checked();

    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(input.email, `parallel-${i}`, ip)));

    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(25);
    expect(passwords.checked() - checkedBefore).toBe(5);
    expect(metrics.total("LoginsThrottled")).toBe(25);
  });

  it("refuses the 101st attempt of the hour with 429, even with the right password, and hashes nothing for it", async () => {
    const { input } = await registerUser();
    const { login, passwords } = loginService({ perAccount: 100, perIp: 1000 });
    const ip = newIp();
    await failTimes(login, input.email, ip, 100);
    const checkedBefore = passwords.checked();

    expect(await login(input.email, "wrong-101", ip)).toBe(429);
    expect(await login(input.email, input.password, ip)).toBe(429);
    // From another address too: the account's own limit is reached.
    expect(await login(input.email, input.password, newIp())).toBe(429);
    expect(passwords.checked()).toBe(checkedBefore);
  });

  it("answers the refusal with the existing message", async () => {
    const { input } = await registerUser();
    const { service } = loginService({ perAccount: 1, perIp: 1000 });
    const ip = newIp();
    await expect(service.login(input.email, "wrong", ip)).rejects.toBeInstanceOf(NotAuthenticatedError);
    await expect(service.login(input.email, "wrong", ip)).rejects.toMatchObject({
      name: TooManyAttemptsError.name,
      message: "Too many failed login attempts. Please try again in an hour.",
    });
  });

  it("logs in with the right password below the limit without using up the budget", async () => {
    const { input } = await registerUser();
    const { login, passwords } = loginService({ perAccount: 3, perIp: 1000 });
    const ip = newIp();
    await failTimes(login, input.email, ip, 2);
    for (let i = 0; i < 5; i++) expect(await login(input.email, input.password, ip)).toBe(200);
    // Five successful logins later, the budget still has its third failure, and then no more.
    expect(await login(input.email, "wrong-3", ip)).toBe(401);
    const checkedBefore = passwords.checked();
    expect(await login(input.email, input.password, ip)).toBe(429);
    expect(passwords.checked()).toBe(checkedBefore);
  });

  it("counts an unknown email like a wrong password, with the same answer, up to the same limit", async () => {
    const { login } = loginService({ perAccount: 2, perIp: 1000 });
    const ip = newIp();
    const email = `nobody.${ulid()}@example.co.ke`;
    expect(await login(email, "secret123", ip)).toBe(401);
    expect(await login(email.toUpperCase(), "secret123", ip)).toBe(401);
    expect(await login(email, "secret123", ip)).toBe(429);
  });

  it("holds the per-address ceiling across accounts: after 8 failures, 4 of 20 parallel attempts are checked", async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => registerUser()));
    const { login, passwords } = loginService({ perAccount: 100, perIp: 12 });
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
    const { login } = loginService({ perAccount: 1, perIp: 1000 });
    const ip = newIp();
    expect(await login(input.email, input.password, ip)).toBe(403);
    expect(await login(input.email, input.password, ip)).toBe(403);
  });

  it("starts a fresh budget in the next hour", async () => {
    const { input } = await registerUser();
    const { login, clock } = loginService({ perAccount: 1, perIp: 1000 });
    const ip = newIp();
    expect(await login(input.email, "wrong", ip)).toBe(401);
    expect(await login(input.email, "wrong", ip)).toBe(429);
    clock.advance(3_600_000);
    expect(await login(input.email, input.password, ip)).toBe(200);
  });

  it("logs in an account whose email marker was written before markers carried the password hash", async () => {
    const { input } = await registerUser();
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.emailMarker(input.email),
        UpdateExpression: "REMOVE passwordHash",
      }),
    );
    const { login } = loginService({ perAccount: 100, perIp: 1000 });
    const ip = newIp();
    expect(await login(input.email, "wrong", ip)).toBe(401);
    expect(await login(input.email, input.password, ip)).toBe(200);
  });
});
