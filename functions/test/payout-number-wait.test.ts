/**
 * A new payout number waits, and its owner is told (design.md §13.2), over HTTP through the local API server with
 * deposits paid by the Daraja simulator and notices sent by the outbox relay to MailDev and the SMS stand-in. The
 * process clock is moved (vi.setSystemTime), as the API runs in this process: the 24-hour wait and the 7-day link are
 * the server's own clock.
 */
import { createHash } from "node:crypto";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import {
  NOTIFICATION_MESSAGES,
  nairobiShortDateTime,
  type PayoutNumbers,
  SECURITY_MESSAGES,
  type User,
  type Withdrawal,
} from "@jengafund/shared";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { signInAsAdmin } from "./support/admin.js";
import { itemsOfUser, readItem } from "./support/db.js";
import { waitForMailsTo } from "./support/mail.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { apiUrl, eventually, usePaymentsStack } from "./support/payments-stack.js";
import { registerUser } from "./support/users.js";

usePaymentsStack();
const smsUrl = inject("smsUrl");

const HOUR_MS = 3_600_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the whole process's clock (the API's too) by `ms`. */
const clockForward = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));

interface Answer<T> {
  status: number;
  body: T;
}

async function api<T = Record<string, unknown>>(
  method: "GET" | "POST" | "PUT",
  path: string,
  options: { token?: string; body?: unknown; idempotencyKey?: string } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const otherNumber = () => `07${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;
const msisdn = (local: string) => `254${local.slice(1)}`;
const masked = (local: string) => `2547****${local.slice(-4)}`;

/** A new investor with KES 2,000 of real money, signed in with the password alone (no second factor). */
async function investor() {
  const registered = await registerUser();
  await depositToWallet(registered.user, 200_000);
  return { ...registered, token: await signIn(registered.input) };
}

async function signIn(credentials: { email: string; password: string }): Promise<string> {
  const answer = await api<{ token: string }>("POST", "/auth/login", { body: credentials });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

/** An STK deposit from `phoneNumber`, paid by the simulator, followed until it completes. */
async function depositFrom(token: string, phoneNumber: string, amount = 10) {
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

const withdraw = (token: string, phoneNumber: string, idempotencyKey?: string) =>
  api<{ withdrawal: Withdrawal; message: string }>("POST", "/withdrawals", {
    token,
    body: { amount: 300, phoneNumber },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

/** The SMS the stand-in accepted for this number, oldest first. */
async function textsTo(local: string): Promise<string[]> {
  const response = await fetch(`${smsUrl}/__inbox/messages?to=${msisdn(local)}`);
  const messages = (await response.json()) as { message: string; at: string }[];
  return messages.sort((a, b) => a.at.localeCompare(b.at)).map((m) => m.message);
}

const waitForTexts = (local: string, match: RegExp, count = 1) =>
  eventually(async () => {
    const texts = (await textsTo(local)).filter((text) => match.test(text));
    return texts.length >= count ? texts : null;
  }, 10_000);

/** The account's outbox events of one kind. */
async function outboxEvents(userId: string, kind: string) {
  const { Items = [] } = await dynamoDocumentClient().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: "#type = :outbox AND userId = :user AND kind = :kind",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":outbox": "Outbox", ":user": userId, ":kind": kind },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** What a refused request must leave as it was: the ledger, the profile, the withdrawals, the payout numbers. */
async function accountState(userId: string) {
  return {
    ledger: await itemsOfUser(userId, "TX#"),
    profile: await readItem(keys.user(userId)),
    numbers: await itemsOfUser(userId, "PAYOUTNUMBER#"),
    withdrawals: await outboxEvents(userId, "withdrawal-requested"),
  };
}

const blockLinkIn = (text: string) => {
  const match = text.match(/https?:\/\/\S+\/block-payout-number\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no block link in: ${text}`);
  return new URL(match[0]);
};

const block = (token: string) =>
  api<{ message: string }>("GET", `/auth/payout-numbers/block?token=${encodeURIComponent(token)}`);

describe("a new payout number waits 24 hours", () => {
  it("refuses the ten-second payout number: a password-only session's KES 10 deposit from a new phone, then a withdrawal to it (review reproduction)", async () => {
    const { token, user, input } = await investor();
    const thief = otherNumber();
    await depositFrom(token, thief, 10);
    const proven = await readItem(keys.payoutNumber(user._id, msisdn(thief)));
    const usableFrom = new Date(Date.parse(String(proven?.firstDepositAt)) + 24 * HOUR_MS);
    const before = await accountState(user._id);

    const refused = await withdraw(token, thief, "ten-second-1");

    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: SECURITY_MESSAGES.payoutNumberWaiting(nairobiShortDateTime(usableFrom)) });
    expect(refused.body.message).toMatch(
      /^This number can receive payouts from [A-Z][a-z]{2} \d{2}, \d{2}:\d{2} \(Nairobi time\)$/,
    );
    expect(await accountState(user._id)).toEqual(before);
    expect(await readItem(keys.idempotency(user._id, "ten-second-1"))).toBeUndefined();
    const listed = await api<PayoutNumbers>("GET", "/withdrawals/payout-numbers", { token });
    expect(listed.body.numbers).toEqual([
      { phoneNumber: msisdn(input.phoneNumber), source: "registered", usableFrom: user.createdAt },
      { phoneNumber: msisdn(thief), source: "deposit", usableFrom: usableFrom.toISOString() },
    ]);
    // The registered number is usable at once.
    expect((await withdraw(token, input.phoneNumber)).status).toBe(201);

    // A minute before the day is out, still refused; once it is, paid (a new session: the old one has expired).
    clockForward(usableFrom.getTime() - Date.now() - 60_000);
    expect((await withdraw(await signIn(input), thief)).status).toBe(403);
    clockForward(2 * 60_000);
    const allowed = await withdraw(await signIn(input), thief, "ten-second-1");
    expect(allowed.status).toBe(201);
    expect(allowed.body.withdrawal).toMatchObject({ phoneNumber: msisdn(thief), amount: 300, status: "pending" });
    await expectLedgerToMatchBalances(user._id);
  });

  it("tells the owner once, by SMS to the registered number and by email, even with every alert that can be turned off turned off", async () => {
    const { token, user, input } = await investor();
    const off = await api("PUT", "/auth/me/notifications", {
      token,
      body: {
        sms: { depositCredited: false, payoutSent: false, payoutFailed: false, withdrawalRejected: false },
        email: { depositCredited: false, payoutSent: false, payoutFailed: false, withdrawalRejected: false },
        password: input.password,
      },
    });
    expect(off.status).toBe(200);
    const phone = otherNumber();
    await depositFrom(token, phone);
    const usableFrom = new Date(
      Date.parse(String((await readItem(keys.payoutNumber(user._id, msisdn(phone))))?.firstDepositAt)) + 24 * HOUR_MS,
    );

    const [text] = await waitForTexts(input.phoneNumber, /payouts to/);
    expect(text).toContain(masked(phone));
    expect(text).toContain(nairobiShortDateTime(usableFrom));
    expect(text).not.toContain(msisdn(phone));
    const link = blockLinkIn(text ?? "");
    expect(link.origin).toBe("http://localhost:5173");
    // Nothing goes to the new phone itself: the thief must not learn of the notice.
    expect(await textsTo(phone)).toEqual([]);
    const mails = await eventually(async () => {
      const all = await waitForMailsTo(user.email);
      const found = all.filter((m) => m.subject === "JengaFund: a new number can receive your payouts");
      return found.length ? found : null;
    }, 10_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`07••••${phone.slice(-4)}`);
    expect(mails[0]?.text).toMatch(/Payouts to it from: .* \(Nairobi time\)/);
    expect(blockLinkIn(mails[0]?.text ?? "").searchParams.get("token")).toBe(link.searchParams.get("token"));

    // The link's token is kept only hashed; the notice drops it once sent.
    const linkToken = String(link.searchParams.get("token"));
    const stored = await readItem(keys.payoutNumberBlock(createHash("sha256").update(linkToken).digest("hex")));
    expect(stored).toMatchObject({ userId: user._id, phoneNumber: msisdn(phone) });
    expect(JSON.stringify(stored)).not.toContain(linkToken);
    expect(await readItem(keys.payoutNumberBlock(linkToken))).toBeUndefined();
    await eventually(async () => {
      const [event] = await outboxEvents(user._id, "payout-number-proven");
      return event && event.expiresAt !== undefined && (event.data as Record<string, unknown>).blockToken === undefined;
    }, 10_000);

    // A second deposit from it, and one from the registered number, tell nothing more.
    await depositFrom(token, phone);
    await depositFrom(token, input.phoneNumber);
    expect(await outboxEvents(user._id, "payout-number-proven")).toHaveLength(1);
  });
});

describe("blocking a new payout number from the notice's link", () => {
  it("removes the number, ends every session and confirms; the link works once", async () => {
    const { token, user, input } = await investor();
    const otherSession = await signIn(input);
    const phone = otherNumber();
    await depositFrom(token, phone);
    const [text] = await waitForTexts(input.phoneNumber, /payouts to/);
    const linkToken = String(blockLinkIn(text ?? "").searchParams.get("token"));

    const blocked = await block(linkToken);

    expect(blocked).toEqual({ status: 200, body: { message: SECURITY_MESSAGES.payoutNumberBlocked } });
    for (const session of [token, otherSession]) {
      expect((await api("GET", "/auth/me", { token: session })).status).toBe(401);
    }
    const fresh = await signIn(input);
    const listed = await api<PayoutNumbers>("GET", "/withdrawals/payout-numbers", { token: fresh });
    expect(listed.body.numbers.map((n) => n.phoneNumber)).toEqual([msisdn(input.phoneNumber)]);
    await waitForTexts(input.phoneNumber, /blocked from your payouts/);
    await eventually(async () => {
      const mails = await waitForMailsTo(user.email);
      return mails.some((m) => m.subject === "JengaFund: a payout number was blocked");
    }, 10_000);

    // Used: a 400, and nothing changes (the new session stays).
    const before = await accountState(user._id);
    const again = await block(linkToken);
    expect(again).toEqual({ status: 400, body: { message: SECURITY_MESSAGES.blockLinkInvalid } });
    expect(await accountState(user._id)).toEqual(before);
    expect(await outboxEvents(user._id, "payout-number-blocked")).toHaveLength(1);

    // Past the wait, still no payout to it; and another deposit from it does not make it a payout number again.
    clockForward(25 * HOUR_MS);
    const later = await signIn(input);
    expect((await withdraw(later, phone)).body).toEqual({ message: SECURITY_MESSAGES.payoutNumberNotAllowed });
    await depositFrom(later, phone);
    expect((await withdraw(later, phone)).status).toBe(403);
    expect(await outboxEvents(user._id, "payout-number-proven")).toHaveLength(1);
  });

  it("refuses an expired link (7 days) and a made-up one with a 400, changing nothing", async () => {
    const { token, user, input } = await investor();
    const phone = otherNumber();
    await depositFrom(token, phone);
    const [text] = await waitForTexts(input.phoneNumber, /payouts to/);
    const linkToken = String(blockLinkIn(text ?? "").searchParams.get("token"));

    clockForward(7 * 24 * HOUR_MS + 60_000);
    const before = await accountState(user._id);
    for (const tried of [linkToken, "A".repeat(22), "not a token!"]) {
      const refused = await block(tried);
      expect(refused, tried).toEqual({ status: 400, body: { message: SECURITY_MESSAGES.blockLinkInvalid } });
    }
    expect((await api("GET", "/auth/payout-numbers/block")).status).toBe(400);
    expect(await accountState(user._id)).toEqual(before);
    expect(await outboxEvents(user._id, "payout-number-blocked")).toEqual([]);
  });
});

describe("the admin's payout screen", () => {
  it("shows when the payout number was first proven, a new-browser sign-in of the last 24 h and alerts changed in the last 7 days", async () => {
    const { user, input } = await investor();
    // Signed in above without a browser id: a new browser. Alerts changed too.
    const token = await signIn(input);
    const changed = await api<{ user: User; message: string }>("PUT", "/auth/me/notifications", {
      token,
      body: { sms: { depositCredited: false }, password: input.password },
    });
    expect(changed.body.message).toBe(NOTIFICATION_MESSAGES.updated);
    const phone = otherNumber();
    await depositFrom(token, phone);
    const provenAt = String((await readItem(keys.payoutNumber(user._id, msisdn(phone))))?.firstDepositAt);
    const toRegistered = await withdraw(token, input.phoneNumber);
    clockForward(24 * HOUR_MS + 60_000);
    const later = await signIn(input);
    const toProven = await withdraw(later, phone);
    expect(toProven.status).toBe(201);

    const listed = await api<{ withdrawals: Withdrawal[] }>("GET", "/admin/withdrawals?status=pending&limit=100", {
      token: (await signInAsAdmin()).token,
    });
    const rowOf = (id: string) => listed.body.withdrawals.find((w) => w._id === id)?.account;
    const proven = rowOf(toProven.body.withdrawal._id);
    expect(proven?.payoutNumberFirstProvenAt).toBe(provenAt);
    // The sign-in just now was from a new browser (none sent an id); the alerts changed a day ago.
    expect(proven?.newBrowserSignInAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(String(proven?.newBrowserSignInAt))).toBeLessThan(HOUR_MS);
    expect(proven?.alertsChangedAt).toEqual(expect.any(String));
    expect(rowOf(toRegistered.body.withdrawal._id)).not.toHaveProperty("payoutNumberFirstProvenAt");

    // Past their windows the signals are gone: a sign-in from a known browser is not new.
    clockForward(7 * 24 * HOUR_MS);
    const admin = (await signInAsAdmin()).token;
    const week = await api<{ withdrawals: Withdrawal[] }>("GET", "/admin/withdrawals?status=pending&limit=100", {
      token: admin,
    });
    const account = week.body.withdrawals.find((w) => w._id === toProven.body.withdrawal._id)?.account;
    expect(account).not.toHaveProperty("newBrowserSignInAt");
    expect(account).not.toHaveProperty("alertsChangedAt");
    expect(account?.payoutNumberFirstProvenAt).toBe(provenAt);
  });
});
