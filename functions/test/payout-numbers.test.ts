/**
 * Payout numbers (design.md §12.2), over HTTP through the local API server, with deposits paid by the Daraja
 * simulator: a withdrawal pays only to the registered number or to a number the account completed an STK deposit
 * from; anything else is a 403 and nothing is written. Admins see the account's signals beside each withdrawal.
 */

import { DeleteCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { SECURITY_MESSAGES, type User, type Withdrawal } from "@jengafund/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultDynamoContext, dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { backfillPayoutNumbers } from "../src/migrations/payout-number-backfill.js";
import { itemsOfUser, readItem, setAttributes } from "./support/db.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { apiUrl, eventually, usePaymentsStack } from "./support/payments-stack.js";
import { fundingAdminToken } from "./support/payouts.js";
import { registerUser } from "./support/users.js";

const payments = usePaymentsStack();

afterEach(() => {
  vi.restoreAllMocks();
});

interface Answer<T> {
  status: number;
  body: T;
}

async function api<T = Record<string, unknown>>(
  method: "GET" | "POST" | "PUT",
  path: string,
  options: { token: string; body?: unknown; idempotencyKey?: string },
): Promise<Answer<T>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${options.token}`,
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A phone number nobody registered in this run: 07 and eight random digits (none of the simulator's specials). */
const otherNumber = () => `07${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;
const msisdn = (local: string) => `254${local.slice(1)}`;

/** A new investor with KES 2,000 of real money (no deposit from any number yet). */
async function fundedInvestor() {
  const registered = await registerUser();
  await depositToWallet(registered.user, 200_000);
  return registered;
}

/** The outbox events of the account's withdrawal requests. */
async function outboxEventsOf(userId: string) {
  const { Items = [] } = await dynamoDocumentClient().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: "#type = :outbox AND userId = :user AND kind = :kind",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":outbox": "Outbox", ":user": userId, ":kind": "withdrawal-requested" },
      ConsistentRead: true,
    }),
  );
  return Items;
}

const withdraw = (token: string, phoneNumber: string, idempotencyKey?: string) =>
  api<{ withdrawal: Withdrawal; user: User; message: string }>("POST", "/withdrawals", {
    token,
    body: { amount: 300, phoneNumber },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

/** The account's deposit items, as stored. */
async function scanDeposits(userId: string) {
  const { Items = [] } = await dynamoDocumentClient().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: "#type = :deposit AND userId = :user",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":deposit": "Deposit", ":user": userId },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** An STK deposit from `phoneNumber`, paid by the simulator (its default), followed until it completes. */
async function depositFrom(token: string, phoneNumber: string, amount = 100) {
  const started = await api<{ checkoutRequestId: string }>("POST", "/mpesa/deposit", {
    token,
    body: { amount, phoneNumber },
  });
  expect(started.status).toBe(202);
  await eventually(async () => {
    const { body } = await api<{ deposit: { status: string } }>(
      "GET",
      `/mpesa/deposit/${started.body.checkoutRequestId}`,
      { token },
    );
    return body.deposit.status === "completed";
  }, 15_000);
}

describe("payout numbers", () => {
  it("refuses a withdrawal to a number that is neither registered nor deposited from, writing nothing", async () => {
    const { token, user } = await fundedInvestor();
    const before = {
      ledger: await itemsOfUser(user._id, "TX#"),
      profile: await readItem(keys.user(user._id)),
    };
    const refused = await withdraw(token, otherNumber(), "refused-key-1");

    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: SECURITY_MESSAGES.payoutNumberNotAllowed });
    expect(await itemsOfUser(user._id, "TX#")).toEqual(before.ledger);
    expect(await readItem(keys.user(user._id))).toEqual(before.profile);
    const own = await api<{ withdrawals: Withdrawal[] }>("GET", "/withdrawals", { token });
    expect(own.body.withdrawals).toEqual([]);
    // The key was given back: no answer is kept that a retry could replay.
    expect(await readItem(keys.idempotency(user._id, "refused-key-1"))).toBeUndefined();
    // No notice either: the outbox event is written with the hold, and there was none.
    expect(await outboxEventsOf(user._id)).toEqual([]);
  });

  it("pays to the registered number, however it is written, and tells the owner", async () => {
    const { token, user, input } = await fundedInvestor();
    const asRegistered = await withdraw(token, input.phoneNumber);
    const international = await withdraw(token, `+${msisdn(input.phoneNumber)}`);

    expect(asRegistered.status).toBe(201);
    expect(international.status).toBe(201);
    expect(asRegistered.body.withdrawal.phoneNumber).toBe(msisdn(input.phoneNumber));
    expect(international.body.user.walletBalance).toBe(1400);
    await expectLedgerToMatchBalances(user._id);
    // Each hold wrote the owner's notice, for the outbox's sender.
    const events = await outboxEventsOf(user._id);
    expect(events).toHaveLength(2);
    expect(
      events.find((event) => event.id === `withdrawal-requested#${asRegistered.body.withdrawal._id}`),
    ).toMatchObject({
      kind: "withdrawal-requested",
      userId: user._id,
      data: { sourceIp: "127.0.0.1", amountCents: 30_000, phoneNumber: msisdn(input.phoneNumber) },
    });
  });

  it("pays to another number once an STK deposit from it completes, and lists it after the registered one", async () => {
    const { token, user, input } = await fundedInvestor();
    const phone = otherNumber();
    const refused = await withdraw(token, phone, "proven-later-1");
    expect(refused.status).toBe(403);
    const listedBefore = await api<{ numbers: unknown[] }>("GET", "/withdrawals/payout-numbers", { token });
    expect(listedBefore.body).toEqual({
      numbers: [{ phoneNumber: msisdn(input.phoneNumber), source: "registered", usableFrom: user.createdAt }],
    });

    await depositFrom(token, phone);

    // Recorded in the deposit's own settlement.
    const proven = await readItem(keys.payoutNumber(user._id, msisdn(phone)));
    expect(proven).toMatchObject({
      type: "PayoutNumber",
      userId: user._id,
      phoneNumber: msisdn(phone),
      firstDepositAt: expect.any(String),
      lastDepositAt: expect.any(String),
    });
    const usableFrom = new Date(Date.parse(String(proven?.firstDepositAt)) + 24 * 3_600_000);
    const listed = await api<{ numbers: unknown[] }>("GET", "/withdrawals/payout-numbers", { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      numbers: [
        { phoneNumber: msisdn(input.phoneNumber), source: "registered", usableFrom: user.createdAt },
        { phoneNumber: msisdn(phone), source: "deposit", usableFrom: usableFrom.toISOString() },
      ],
    });
    // A new payout number waits a day (design.md §13.2; payout-number-wait.test.ts): its first day is pretended over.
    await setAttributes(keys.payoutNumber(user._id, msisdn(phone)), {
      firstDepositAt: new Date(Date.now() - 25 * 3_600_000).toISOString(),
    });

    // The same key as the refused request: nothing was kept for it, so this one is done, not replayed.
    const allowed = await withdraw(token, phone, "proven-later-1");
    expect(allowed.status).toBe(201);
    expect(allowed.body.withdrawal).toMatchObject({ phoneNumber: msisdn(phone), amount: 300, status: "pending" });
    await expectLedgerToMatchBalances(user._id);
  });

  it("backfills the numbers of deposits completed before settlements recorded them (npm run migrate)", async () => {
    const { token, user } = await fundedInvestor();
    const phone = otherNumber();
    await depositFrom(token, phone);
    const key = keys.payoutNumber(user._id, msisdn(phone));
    const recorded = await readItem(key);
    await dynamoDocumentClient().send(new DeleteCommand({ TableName: tableName(), Key: key }));

    const dry = await backfillPayoutNumbers(defaultDynamoContext(), { dryRun: true });
    expect(await readItem(key)).toBeUndefined();
    const report = await backfillPayoutNumbers(defaultDynamoContext());

    expect(report.numbers).toBe(dry.numbers);
    expect(report.deposits).toBeGreaterThanOrEqual(1);
    expect(await readItem(key)).toEqual(recorded);
    // A backfilled number waits out the day after its first deposit too (design.md §13.2): this one was just made.
    const waiting = await withdraw(token, phone);
    expect(waiting.status).toBe(403);
    expect(waiting.body.message).toMatch(/^This number can receive payouts from /);
  });

  it("backfills an old deposit's number as usable at once: its day of waiting is long over", async () => {
    const { token, user } = await fundedInvestor();
    const phone = otherNumber();
    await depositFrom(token, phone);
    const key = keys.payoutNumber(user._id, msisdn(phone));
    await dynamoDocumentClient().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    // The deposit settled two days ago, before settlements recorded payout numbers.
    const [deposit] = (await scanDeposits(user._id)).filter((d) => d.phoneNumber === msisdn(phone));
    await setAttributes(
      { PK: String(deposit?.PK), SK: String(deposit?.SK) },
      { settledAt: new Date(Date.now() - 2 * 24 * 3_600_000).toISOString() },
    );

    await backfillPayoutNumbers(defaultDynamoContext());

    expect((await withdraw(token, phone)).status).toBe(201);
  });

  it("keeps a proven number to the account that deposited from it", async () => {
    const owner = await fundedInvestor();
    const phone = otherNumber();
    await depositFrom(owner.token, phone);
    await setAttributes(keys.payoutNumber(owner.user._id, msisdn(phone)), {
      firstDepositAt: new Date(Date.now() - 25 * 3_600_000).toISOString(),
    });
    const stranger = await fundedInvestor();

    const refused = await withdraw(stranger.token, phone);

    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SECURITY_MESSAGES.payoutNumberNotAllowed);
  });

  it("shows admins the registered number and the account's signals beside each withdrawal", async () => {
    const { token, user, input } = await registerUser();
    // Credited by an admin (twice, KES 2,000 in all), and the password reset two days ago.
    for (const amount of [1500, 500]) {
      const credited = await api("PUT", `/admin/users/${user._id}/balance`, {
        token: await fundingAdminToken(),
        body: { amount, type: "credit", reason: "signals test" },
      });
      expect(credited.status).toBe(200);
    }
    const resetAt = new Date(Date.now() - 2 * 24 * 3_600_000).toISOString();
    await setAttributes(keys.user(user._id), { passwordChangedAt: resetAt });
    const requested = await withdraw(token, input.phoneNumber);
    expect(requested.status).toBe(201);

    const listed = await api<{ withdrawals: Withdrawal[] }>("GET", "/admin/withdrawals?status=pending&limit=100", {
      token: payments.adminToken,
    });

    expect(listed.status).toBe(200);
    const row = listed.body.withdrawals.find((w) => w._id === requested.body.withdrawal._id);
    expect(row?.account).toEqual({
      registeredPhoneNumber: msisdn(input.phoneNumber),
      createdAt: user.createdAt,
      recentSecurityChange: { kind: "password", at: resetAt },
      adminCredits30d: { count: 2, amount: 2000 },
      rewards30d: 0,
    });
    // A reset older than a week is no longer a signal.
    await setAttributes(keys.user(user._id), {
      passwordChangedAt: new Date(Date.now() - 8 * 24 * 3_600_000).toISOString(),
    });
    const later = await api<{ withdrawals: Withdrawal[] }>("GET", "/admin/withdrawals?status=pending&limit=100", {
      token: payments.adminToken,
    });
    expect(later.body.withdrawals.find((w) => w._id === requested.body.withdrawal._id)?.account).not.toHaveProperty(
      "recentSecurityChange",
    );
    // A two-factor change counts as well (the latest change is shown).
    const twoFactorAt = new Date(Date.now() - 3_600_000).toISOString();
    await setAttributes(keys.user(user._id), { twoFactorChangedAt: twoFactorAt });
    const latest = await api<{ withdrawals: Withdrawal[] }>("GET", "/admin/withdrawals?status=pending&limit=100", {
      token: payments.adminToken,
    });
    expect(latest.body.withdrawals.find((w) => w._id === requested.body.withdrawal._id)?.account).toMatchObject({
      recentSecurityChange: { kind: "two-factor", at: twoFactorAt },
    });
  });
});
