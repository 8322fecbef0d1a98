/**
 * The register form's live referral code check (GET /auth/referral-codes/{code}): a public lookup that says whether
 * a code exists and nothing more, counted per caller address per hour so it cannot be used to enumerate codes.
 */
import { randomInt } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { handler as checkCode } from "../src/handlers/http/check-referral-code.js";
import { statusOf } from "../src/http/middleware.js";
import { dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { DomainError } from "../src/kernel/errors.js";
import { createReferralCodeCheck, referralCodeCheckLimitMessage } from "../src/modules/identity/accounts.js";
import { createDynamoAccountRepository } from "../src/modules/identity/dynamo/account-repository.js";
import { call, gatewayEvent } from "./support/events.js";
import { recordingMetrics } from "./support/metrics.js";
import { manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

/** An address of this test's own, so tests never share a counter. */
const newIp = () => `203.0.${randomInt(256)}.${randomInt(256)}`;

const check = (code: string, sourceIp = newIp()) =>
  call(checkCode, gatewayEvent("check-referral-code", { pathParameters: { code }, sourceIp }));

describe("GET /auth/referral-codes/{code}", () => {
  it("answers 200 { valid: true } for an existing code in any letter case, and nothing about its owner", async () => {
    const { user } = await registerUser({ firstName: "Achieng", lastName: "Otieno" });
    const code = user.referralCode;
    const mixed = [...code].map((c, i) => (i % 2 ? c.toLowerCase() : c)).join("");
    for (const asTyped of [code, code.toLowerCase(), mixed]) {
      const { statusCode, body } = await check(asTyped);
      expect(statusCode, asTyped).toBe(200);
      expect(body).toStrictEqual({ valid: true });
    }
  });

  it('answers 404 "Invalid referral code" for a well-formed code nobody has', async () => {
    const { statusCode, body } = await check("NOSUCH99");
    expect(statusCode).toBe(404);
    expect(body).toStrictEqual({ message: "Invalid referral code" });
  });

  it.each([
    ["too long", "A".repeat(33)],
    ["a space", "AB CD"],
    ["punctuation", "ABC-123"],
    ["a quote", "ABC'1"],
    ["non-ASCII letters", "ÄBC123"],
  ])('answers 400 "Invalid referral code" for a malformed code (%s), before any lookup', async (_, code) => {
    const { statusCode, body } = await check(code);
    expect(statusCode).toBe(400);
    expect(body).toStrictEqual({ message: "Invalid referral code" });
  });

  it("answers 429 saying when to try again once an address has used its 300 checks this hour, valid code or not", async () => {
    const { user } = await registerUser();
    const ip = newIp();
    const hour = new Date().toISOString().slice(0, 13);
    await dynamoDocumentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.referralCodeChecks(ip, hour), type: "ReferralCodeCheckThrottle", checks: 300 },
      }),
    );
    const { statusCode, body } = await check(user.referralCode, ip);
    expect(statusCode).toBe(429);
    expect(body).toStrictEqual({
      message: expect.stringMatching(
        /^Too many referral code checks from your network\. Please try again in \d+ minutes?\.$/,
      ),
    });
    // Another address is not affected.
    expect((await check(user.referralCode)).statusCode).toBe(200);
  });
});

describe("the per-address budget under concurrency", () => {
  it("of 20 parallel checks from one address with 5 left, answers exactly 5 and refuses 15 with 429", async () => {
    const { user } = await registerUser();
    const clock = manualClock(new Date("2026-03-02T09:59:30Z"));
    const metrics = recordingMetrics();
    const service = createReferralCodeCheck({
      accounts: createDynamoAccountRepository(),
      clock,
      limits: { checksPerIpPerHour: 5 },
      metrics,
    });
    const ip = newIp();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        service.check(i % 2 ? user.referralCode : "NOSUCH99", ip).then(
          () => 200,
          (error: unknown) => {
            if (error instanceof DomainError) return statusOf(error);
            throw error;
          },
        ),
      ),
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(5);
    expect(metrics.total("ReferralCodeChecksThrottled")).toBe(15);
    expect(referralCodeCheckLimitMessage(clock.now())).toBe(
      "Too many referral code checks from your network. Please try again in 1 minute.",
    );

    // A new clock hour is a new budget.
    clock.advance(60_000);
    await expect(service.check(user.referralCode, ip)).resolves.toStrictEqual({ valid: true });
  });
});
