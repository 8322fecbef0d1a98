/**
 * STK push abuse limits (design.md §9, quality R14): per user at most 3 deposits pending at once and 10 prompts an
 * hour, per phone at most 5 prompts an hour across users. Beyond them the answer is 429 and no prompt is sent. Runs
 * against the real Daraja simulator, whose `/__sim/requests` shows every prompt that reached it.
 */

import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDarajaClient } from "../src/adapters/daraja/client.js";
import { createDynamoTokenCache } from "../src/adapters/daraja/token-cache.js";
import { handler as startDeposit } from "../src/handlers/http/start-deposit.js";
import { statusOf } from "../src/http/middleware.js";
import { systemClock } from "../src/kernel/clock.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { DomainError } from "../src/kernel/errors.js";
import { ulid } from "../src/kernel/ids.js";
import type { UserRecord } from "../src/kernel/records.js";
import { createDynamoAccountRepository } from "../src/modules/identity/dynamo/account-repository.js";
import { createDepositService, promptLimitMessage } from "../src/modules/money-in/deposits.js";
import { createDynamoDepositRepository } from "../src/modules/money-in/dynamo/deposit-repository.js";
import type { PromptLimits } from "../src/modules/money-in/port.js";
import { readItem } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { recordingMetrics } from "./support/metrics.js";
import { apiUrl, eventually, kindToken, type PaymentsStack, startPaymentsStack } from "./support/payments-stack.js";
import { manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

type Message = { message: string };
const simUrl = process.env.MPESA_BASE_URL ?? "";
const DEFAULTS: PromptLimits = {
  maxPendingDepositsPerUser: 3,
  maxPromptsPerUserPerHour: 10,
  maxPromptsPerPhonePerHour: 5,
};

/** A Safaricom number of its own that the simulator pays (the special outcome numbers all start 2547000). */
const newPhone = () => `2547${randomInt(10_000_000, 99_999_999)}`;

let stack: PaymentsStack;
beforeAll(async () => {
  stack = await startPaymentsStack({ callbackDelayMs: 50 });
  // One deposit first, so the Daraja access token exists before the races below: parallel first requests would each
  // generate one, and a new token invalidates the others' (a refused push that would blur the prompt counts).
  const { token } = await registerUser();
  const warmUp = await call(
    startDeposit,
    gatewayEvent("start-deposit", { token, body: { amount: 10, phoneNumber: newPhone() } }),
  );
  expect(warmUp.statusCode).toBe(202);
});
afterAll(async () => {
  await stack.stop();
});

/**
 * The STK pushes to this phone that reached the simulator: `prompts` it accepted (a prompt on the phone), and all
 * `requests` (a push can also be refused, e.g. for an access token a parallel request's new token replaced).
 */
async function pushesTo(phone: string): Promise<{ prompts: number; requests: number }> {
  const body = (await (await fetch(`${simUrl}/__sim/requests`)).json()) as {
    requests: { path: string; status?: number; body?: { PhoneNumber?: unknown } }[];
  };
  const pushes = body.requests.filter(
    (r) => r.path.endsWith("/stkpush/v1/processrequest") && Number(r.body?.PhoneNumber) === Number(phone),
  );
  return { prompts: pushes.filter((r) => r.status === 200).length, requests: pushes.length };
}

/** How long the simulator keeps a prompt open (and the phone locked) before it decides. */
async function simulatorDelay(callbackDelayMs: number) {
  const response = await fetch(`${simUrl}/__sim/settings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ callbackDelayMs }),
  });
  expect(response.status).toBe(200);
}

/** Runs `steps` with prompts that stay open for a while, so that none settles before the steps are done. */
async function withPromptsOpen<T>(steps: () => Promise<T>): Promise<T> {
  await simulatorDelay(3000);
  try {
    return await steps();
  } finally {
    await simulatorDelay(50);
  }
}

const depositRepository = createDynamoDepositRepository();
const settled = (checkoutRequestId: string) =>
  eventually(async () => (await depositRepository.get(checkoutRequestId))?.status !== "pending", 10_000);

async function investor(): Promise<UserRecord> {
  const { user } = await registerUser();
  const record = await createDynamoAccountRepository().getUser(user._id);
  if (!record) throw new Error("registered user not found");
  return record;
}

/** The deposit service on the real adapters and the simulator, with a clock of the test's own. */
function depositService(limits: PromptLimits, at: Date) {
  const clock = manualClock(at);
  const env = process.env;
  const daraja = createDarajaClient(
    {
      baseUrl: simUrl,
      shortcode: "174379",
      transactionType: "CustomerPayBillOnline",
      b2cShortcode: "600984",
      initiatorName: "testapi",
      callbackUrl: async (kind) => `${apiUrl}/hooks/daraja/${kind}/${kindToken(kind)}`,
      secrets: {
        consumerKey: async () => env.MPESA_CONSUMER_KEY ?? "",
        consumerSecret: async () => env.MPESA_CONSUMER_SECRET ?? "",
        passkey: async () => env.MPESA_PASSKEY ?? "",
        securityCredential: async () => env.MPESA_SECURITY_CREDENTIAL ?? "",
      },
    },
    createDynamoTokenCache(),
    systemClock,
  );
  const service = createDepositService({
    deposits: depositRepository,
    daraja,
    clock,
    newId: () => ulid(),
    log: () => {},
    metrics: recordingMetrics(),
    reconcileAfterMs: 60_000,
    promptLimits: limits,
    stkReceipts: { records: daraja, shortCode: "174379" },
  });
  /** Starts a deposit: its CheckoutRequestID, or the HTTP status and message it was refused with. */
  const start = async (user: UserRecord, phoneNumber: string, amountKes = 100) => {
    try {
      const { deposit } = await service.start({ user, amountKes, phoneNumber });
      return { status: 202, checkoutRequestId: deposit.checkoutRequestId, message: "" };
    } catch (error) {
      if (error instanceof DomainError)
        return { status: statusOf(error), checkoutRequestId: "", message: error.message };
      throw error;
    }
  };
  return { start, clock };
}

/** 23 minutes before the end of an hour that no other test in this file counts in. */
const hourOfItsOwn = () => {
  const at = new Date(Date.now() + randomInt(2, 1000) * 3_600_000);
  at.setUTCMinutes(37, 0, 0);
  return at;
};

describe("STK push limits (R14)", () => {
  it("lets 3 of 5 parallel deposits by one user through; the other 2 get 429 and no prompt is sent", async () => {
    const { token, user } = await registerUser();
    const phones = Array.from({ length: 5 }, newPhone);
    const responses = await withPromptsOpen(() =>
      Promise.all(
        phones.map((phoneNumber) =>
          call<Message & { checkoutRequestId: string }>(
            startDeposit,
            gatewayEvent("start-deposit", { token, body: { amount: 100, phoneNumber } }),
          ),
        ),
      ),
    );

    expect(responses.filter((r) => r.statusCode === 202)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    for (const { body } of refused) {
      expect(body).toEqual({
        message:
          "You have 3 M-Pesa deposits waiting to be completed. Finish or cancel them on your phone, or wait a few minutes for them to expire, then try again.",
      });
    }
    const pushes = await Promise.all(phones.map(pushesTo));
    expect(pushes.reduce((sum, p) => sum + p.prompts, 0)).toBe(3);
    responses.forEach((response, i) => {
      if (response.statusCode === 202) expect(pushes[i]?.prompts).toBe(1);
      // A refused deposit never called M-Pesa at all.
      else expect(pushes[i]).toEqual({ prompts: 0, requests: 0 });
    });

    const accepted = responses.filter((r) => r.statusCode === 202).map((r) => r.body.checkoutRequestId);
    await Promise.all(accepted.map(settled));
    expect((await readItem(keys.pendingDeposits(user._id)))?.pending).toBe(0);
  });

  it("frees a pending slot whenever a deposit settles, paid, cancelled or failed, so new deposits are allowed again", async () => {
    const user = await investor();
    const { start } = depositService(DEFAULTS, new Date());
    const started = await withPromptsOpen(async () => {
      const three = await Promise.all([
        start(user, newPhone()),
        start(user, "254700001032"), // cancelled on the phone
        start(user, "254700000001"), // insufficient funds
      ]);
      expect(three.map((s) => s.status)).toEqual([202, 202, 202]);
      expect((await start(user, newPhone())).status).toBe(429);
      return three;
    });

    await Promise.all(started.map((s) => settled(s.checkoutRequestId)));
    expect((await readItem(keys.pendingDeposits(user.id)))?.pending).toBe(0);
    const again = await Promise.all([start(user, newPhone()), start(user, newPhone()), start(user, newPhone())]);
    expect(again.map((s) => s.status)).toEqual([202, 202, 202]);
  });

  it("refuses the 11th prompt of the hour with 429, says when to try again, and sends nothing", async () => {
    // Pending deposits are not what this test is about: enough slots that only the hourly limit can refuse.
    const { start, clock } = depositService({ ...DEFAULTS, maxPendingDepositsPerUser: 20 }, hourOfItsOwn());
    const user = await investor();
    for (let i = 1; i <= 10; i++) expect((await start(user, newPhone())).status).toBe(202);

    const eleventhPhone = newPhone();
    const eleventh = await start(user, eleventhPhone);
    expect(eleventh).toMatchObject({
      status: 429,
      message: "You have asked for 10 M-Pesa prompts this hour, the most allowed. Please try again in 23 minutes.",
    });
    expect(await pushesTo(eleventhPhone)).toEqual({ prompts: 0, requests: 0 });

    clock.advance(23 * 60_000);
    expect((await start(user, eleventhPhone)).status).toBe(202);
  });

  it("holds the hourly limit for parallel requests: 15 at once by one user send exactly 10 prompts", async () => {
    const { start } = depositService({ ...DEFAULTS, maxPendingDepositsPerUser: 20 }, hourOfItsOwn());
    const user = await investor();
    const phones = Array.from({ length: 15 }, newPhone);
    const results = await Promise.all(phones.map((phone) => start(user, phone)));
    expect(results.filter((r) => r.status === 202)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    const pushes = await Promise.all(phones.map(pushesTo));
    expect(pushes.reduce((sum, p) => sum + p.prompts, 0)).toBe(10);
    results.forEach((result, i) => {
      if (result.status === 429) expect(pushes[i]).toEqual({ prompts: 0, requests: 0 });
    });
  });

  it("refuses the 6th prompt to one phone in an hour, whoever asks, with 429 and sends nothing", async () => {
    const { start } = depositService(DEFAULTS, hourOfItsOwn());
    const phone = newPhone();
    for (let i = 1; i <= 5; i++) {
      const started = await start(await investor(), phone);
      expect(started.status).toBe(202);
      // The phone takes one prompt at a time: let this one finish before the next person asks.
      await settled(started.checkoutRequestId);
    }

    const sixth = await start(await investor(), phone);
    expect(sixth).toMatchObject({
      status: 429,
      message:
        "This phone number has had 5 M-Pesa prompts this hour, the most allowed. Please try again in 23 minutes.",
    });
    expect(await pushesTo(phone)).toEqual({ prompts: 5, requests: 5 });
  });

  it("does not count a prompt M-Pesa refuses because the phone is busy, and gives its pending slot back", async () => {
    const at = hourOfItsOwn();
    const hour = at.toISOString().slice(0, 13);
    const { start } = depositService(DEFAULTS, at);
    const user = await investor();
    const phone = newPhone();
    const first = await withPromptsOpen(async () => {
      const open = await start(user, phone);
      expect(open.status).toBe(202);
      for (let i = 0; i < 8; i++) {
        const busy = await start(user, phone);
        expect(busy).toMatchObject({ status: 409, message: expect.stringMatching(/already open on this phone/) });
      }
      expect((await readItem(keys.pendingDeposits(user.id)))?.pending).toBe(1);
      return open;
    });
    expect((await readItem(keys.stkPrompts("USER", user.id, hour)))?.prompts).toBe(1);
    expect((await readItem(keys.stkPrompts("PHONE", phone, hour)))?.prompts).toBe(1);
    await settled(first.checkoutRequestId);
    expect((await readItem(keys.pendingDeposits(user.id)))?.pending).toBe(0);
  });

  it.each([
    ["12:37:00", "23 minutes"],
    ["12:59:30", "1 minute"],
    ["12:00:00", "60 minutes"],
  ])("at %s says to try again in %s", (time, wait) => {
    const message = promptLimitMessage("prompts-per-phone", DEFAULTS, new Date(`2026-03-10T${time}Z`));
    expect(message).toBe(
      `This phone number has had 5 M-Pesa prompts this hour, the most allowed. Please try again in ${wait}.`,
    );
  });
});
