/**
 * SMS alerts and emails from the outbox (issue 23), over real HTTP, DynamoDB Local, the Daraja simulator, MailDev and
 * an Africa's Talking stand-in of this file's own. Each money move (a deposit credited, a withdrawal requested,
 * rejected, paid or failed, an admin's credit or debit) gives its owner exactly one SMS and one email, while the
 * outbox's own writes fail the ways DynamoDB's do (conflicts, timeouts before the request, answers lost after the
 * write) and the SMS provider fails (500s, a refusal, an answer lost after the message went, the whole provider
 * down). A kind the owner turned off is skipped; a locked one is sent anyway.
 */
import "./support/payments-stack.js";
import { randomBytes } from "node:crypto";
import { ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { User, Withdrawal } from "@jengafund/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendSms } from "../src/adapters/africas-talking/sms.js";
import { createSmtpMailer } from "../src/adapters/mail/smtp-mailer.js";
import { systemClock } from "../src/kernel/clock.js";
import {
  type DynamoContext,
  defaultDynamoContext,
  dynamoDocumentClient,
  tableName,
} from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { createDynamoOutboxRepository } from "../src/kernel/dynamo/outbox.js";
import { ulid } from "../src/kernel/ids.js";
import { log } from "../src/kernel/log.js";
import { type AfricasTalkingStandIn, createAfricasTalkingStandIn, msisdnOf } from "../src/local/africas-talking.js";
import { type OutboxRelay, startOutboxRelay } from "../src/local/outbox-relay.js";
import { closeServer, listen } from "../src/local/servers.js";
import { createDynamoAccountRepository } from "../src/modules/identity/dynamo/account-repository.js";
import { createDynamoInvestorRepository } from "../src/modules/investing/dynamo/investor-repository.js";
import { securityNotices } from "../src/modules/messaging/module.js";
import { createNotifications } from "../src/modules/messaging/notifications-service.js";
import { createWithdrawalService } from "../src/modules/money-out/withdrawals.js";
import { c2bPayment } from "./support/c2b-payment.js";
import { readItem, setAttributes } from "./support/db.js";
import { faultInjectingContext } from "./support/faults.js";
import { mailsTo } from "./support/mail.js";
import { recordingMetrics } from "./support/metrics.js";
import { depositToWallet } from "./support/money.js";
import { apiUrl, eventually, postCallback, usePaymentsStack } from "./support/payments-stack.js";
import { sendingThrough } from "./support/sending-through.js";
import { simulatePhone } from "./support/simulated-phones.js";
import { registerUser } from "./support/users.js";

// The outbox is sent by this file's own relay (below), through repositories whose writes fail now and then.
const payments = usePaymentsStack({ callbackDelayMs: 50, withoutOutboxRelay: true });

/** Beside the payments stack's ports (base … base + 2) and the local API's (base + 5). */
const SMS_PORT = Number(process.env.PAYMENTS_TEST_PORT_BASE ?? 3600) + 10 * Number(process.env.VITEST_POOL_ID ?? 1) + 8;
const smsUrl = `http://127.0.0.1:${SMS_PORT}`;

/** A small seeded generator, so a failing run can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const failure = (name: string, message: string) => Object.assign(new Error(message), { name, $metadata: {} });

/**
 * The outbox's single-item writes (claims, outcomes, closes) failing as DynamoDB's can: refused for a transaction in
 * progress on the item, timed out before reaching the table, or written with the answer lost.
 */
function faultyOutboxContext(base: DynamoContext, random: () => number) {
  const injected = { conflict: 0, timeoutBeforeSend: 0, lostAfterCommit: 0 };
  const ctx: DynamoContext = {
    TableName: base.TableName,
    db: sendingThrough(base.db, async (command: unknown) => {
      if (!(command instanceof UpdateCommand)) return base.db.send(command as never);
      const roll = random();
      if (roll < 0.1) {
        injected.conflict++;
        throw failure("TransactionConflictException", "Transaction is ongoing for the item");
      }
      if (roll < 0.2) {
        injected.timeoutBeforeSend++;
        throw failure("TimeoutError", "Connection timed out before the request was sent");
      }
      const result = await base.db.send(command);
      if (roll < 0.3) {
        injected.lostAfterCommit++;
        throw failure("TimeoutError", "Socket timed out waiting for the response");
      }
      return result;
    }),
  };
  return { ctx, injected };
}

const metrics = recordingMetrics();
const outboxFaults = faultyOutboxContext(defaultDynamoContext(), seeded(23));
const notifications = createNotifications({
  outbox: createDynamoOutboxRepository(outboxFaults.ctx),
  users: createDynamoAccountRepository(),
  sms: (to, message) =>
    sendSms({ baseUrl: smsUrl, username: "sandbox", apiKey: "test-key", timeoutMs: 2_000 }, to, message),
  mailer: () =>
    createSmtpMailer({ host: "127.0.0.1", port: Number(process.env.SMTP_PORT), from: "JengaFund <no-reply@x.test>" }),
  clock: systemClock,
  log,
  metrics,
  newClaim: ulid,
  webOrigin: "http://localhost:5173",
});

let standIn: AfricasTalkingStandIn;
/** Every stand-in of this file (the provider is stopped and started again in one test). */
const standIns: AfricasTalkingStandIn[] = [];
async function startStandIn() {
  standIn = createAfricasTalkingStandIn();
  standIns.push(standIn);
  await listen(standIn, SMS_PORT);
}
/** Every SMS a stand-in of this file accepted. */
const delivered = () => standIns.flatMap((server) => server.messages);
let relay: OutboxRelay;

beforeAll(async () => {
  await startStandIn();
  relay = startOutboxRelay(() => notifications, { everyMs: 250 });
});
afterAll(async () => {
  await relay.stop();
  await closeServer(standIn);
});

async function http<T>(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A new investor with KES 2,000 of real money (the fixture writes no outbox event). */
async function investor() {
  const registered = await registerUser();
  await depositToWallet(registered.user, 200_000);
  return registered;
}

const smsTo = (msisdn: string) => delivered().filter((sms) => msisdnOf(sms.to) === msisdnOf(msisdn));

/** The account's outbox events, read as stored. */
async function eventsOf(userId: string) {
  const { Items = [] } = await dynamoDocumentClient().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: "#type = :outbox AND userId = :user",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":outbox": "Outbox", ":user": userId },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** Waits until the account has `count` events, every one finished (both channels final, off the open list). */
function finishedEventsOf(userId: string, count: number, timeoutMs = 20_000) {
  return eventually(async () => {
    // A scan of this file's table: not in a tight loop.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const events = await eventsOf(userId);
    return events.length === count && events.every((event) => event.GSI2PK === undefined) ? events : null;
  }, timeoutMs);
}

const requestWithdrawal = (token: string, phoneNumber: string, amount = 300) =>
  http<{ withdrawal: Withdrawal; user: User }>("POST", "/withdrawals", token, { amount, phoneNumber });

const decide = (id: string, body: { status: "approved" | "rejected"; reason?: string }) =>
  http<{ withdrawal: Withdrawal }>("PUT", `/admin/withdrawals/${id}`, payments.adminToken, body);

const subjects = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject).sort();

describe("one SMS and one email per money move", () => {
  it("deposit credited, withdrawal requested, rejected, paid and failed, under outbox write faults", async () => {
    const depositor = await registerUser();
    const [rejected, paid, failed] = await Promise.all([investor(), investor(), investor()]);
    await simulatePhone(failed.user.phoneNumber, { b2c: "254700002001" });

    // The deposit: an STK push the simulator pays, settled from its callback.
    const started = await http<{ checkoutRequestId: string }>("POST", "/mpesa/deposit", depositor.token, {
      amount: 500,
      phoneNumber: depositor.input.phoneNumber,
    });
    expect(started.status).toBe(202);

    const requests = await Promise.all(
      [rejected, paid, failed].map((who) => requestWithdrawal(who.token, who.input.phoneNumber)),
    );
    for (const request of requests) expect(request.status).toBe(201);
    const [toReject, toPay, toFail] = requests.map((request) => request.body.withdrawal._id) as [
      string,
      string,
      string,
    ];
    expect((await decide(toReject, { status: "rejected", reason: "Checked with the owner" })).status).toBe(200);
    expect((await decide(toPay, { status: "approved" })).status).toBe(200);
    expect((await decide(toFail, { status: "approved" })).status).toBe(200);

    const [depositEvents, rejectedEvents, paidEvents, failedEvents] = await Promise.all([
      finishedEventsOf(depositor.user._id, 1),
      finishedEventsOf(rejected.user._id, 2),
      finishedEventsOf(paid.user._id, 2),
      finishedEventsOf(failed.user._id, 2),
    ]);
    const kinds = (events: Record<string, unknown>[]) => events.map((event) => event.kind).sort();
    expect(kinds(depositEvents)).toEqual(["deposit-credited"]);
    expect(kinds(rejectedEvents)).toEqual(["withdrawal-rejected", "withdrawal-requested"]);
    expect(kinds(paidEvents)).toEqual(["payout-sent", "withdrawal-requested"]);
    expect(kinds(failedEvents)).toEqual(["payout-failed", "withdrawal-requested"]);
    for (const event of [...depositEvents, ...rejectedEvents, ...paidEvents, ...failedEvents]) {
      expect(event).toMatchObject({ sms: "sent", email: "sent" });
      expect(event.expiresAt).toEqual(expect.any(Number));
    }
    expect(paidEvents.find((event) => event.kind === "payout-sent")?.id).toBe(`payout-sent#${toPay}`);

    // One SMS per event, to the registered number, in the alerts' words; a relay that keeps running adds none.
    await relay.runOnce();
    const texts = (msisdn: string) => smsTo(msisdn).map((sms) => sms.message);
    expect(texts(depositor.user.phoneNumber)).toEqual([
      expect.stringMatching(/^JengaFund: KES 500\.00 deposit received \(M-Pesa \w+\)\. Not you\?/),
    ]);
    const requested = /^JengaFund: withdrawal of KES 300\.00 to 2547\*{4}\d{4} requested\. Not you\?/;
    const sorted = (msisdn: string) => texts(msisdn).sort();
    expect(sorted(rejected.user.phoneNumber)).toEqual([
      expect.stringMatching(requested),
      "JengaFund: withdrawal of KES 300.00 was not approved and is back in your wallet.",
    ]);
    expect(sorted(paid.user.phoneNumber)).toEqual([
      expect.stringMatching(/^JengaFund: KES 300\.00 sent to 2547\*{4}\d{4} \(M-Pesa \w+\)\./),
      expect.stringMatching(requested),
    ]);
    expect(sorted(failed.user.phoneNumber)).toEqual([
      expect.stringMatching(/^JengaFund: payout of KES 300\.00 to 2547\*{4}\d{4} failed and is back/),
      expect.stringMatching(requested),
    ]);
    for (const sms of delivered()) expect(sms.message.length).toBeLessThanOrEqual(160);

    // One email per event, in the notices' words.
    expect(await subjects(depositor.input.email)).toEqual(["JengaFund: your deposit was received"]);
    expect(await subjects(rejected.input.email)).toEqual([
      "JengaFund: a withdrawal was not paid",
      "JengaFund: a withdrawal was requested",
    ]);
    expect(await subjects(paid.input.email)).toEqual([
      "JengaFund: a withdrawal was requested",
      "JengaFund: your withdrawal was paid",
    ]);
    expect(await subjects(failed.input.email)).toEqual([
      "JengaFund: a withdrawal was not paid",
      "JengaFund: a withdrawal was requested",
    ]);
    const [depositMail] = await mailsTo(depositor.input.email);
    expect(depositMail?.text).toContain("KES 500.00 from M-Pesa was credited to your JengaFund wallet");

    // The faults happened, and changed nothing above.
    expect(outboxFaults.injected.conflict + outboxFaults.injected.timeoutBeforeSend).toBeGreaterThan(0);
    expect(outboxFaults.injected.lostAfterCommit).toBeGreaterThan(0);
  });

  it("a withdrawal whose transaction meets conflicts and lost answers writes one event and sends one SMS", async () => {
    const { user, input } = await investor();
    const faults = faultInjectingContext(
      defaultDynamoContext(),
      { conflict: 0.3, throttle: 0, timeoutBeforeSend: 0.2, lostAfterCommit: 0.3 },
      seeded(7),
    );
    const withdrawals = createWithdrawalService({
      investor: createDynamoInvestorRepository(faults.ctx),
      accounts: createDynamoAccountRepository(),
      clock: systemClock,
      newId: ulid,
      payoutLimits: { minKes: 10, maxKes: 150_000 },
    });
    const account = await createDynamoAccountRepository().getUser(user._id);
    if (!account) throw new Error("no account");
    let current = account;
    for (const requestId of ["r1", "r2", "r3"]) {
      current = (await withdrawals.request({ user: current, amountKes: 100, phoneNumber: user.phoneNumber, requestId }))
        .user;
    }
    const events = await finishedEventsOf(user._id, 3);
    expect(events.every((event) => event.kind === "withdrawal-requested" && event.sms === "sent")).toBe(true);
    expect(smsTo(user.phoneNumber)).toHaveLength(3);
    expect(await subjects(input.email)).toEqual(Array(3).fill("JengaFund: a withdrawal was requested"));
    expect(faults.stats.injected.lostAfterCommit + faults.stats.injected.conflict).toBeGreaterThan(0);
  });
});

describe("an admin's credit or debit (design.md §13.6)", () => {
  /** A registered user made an admin on the table, signed in. */
  async function secondAdmin() {
    const { user, input } = await registerUser();
    await setAttributes(keys.user(user._id), { role: "admin" });
    const login = await fetch(`${apiUrl}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: input.email, password: input.password }),
    });
    return ((await login.json()) as { token: string }).token;
  }

  /** A Paybill payment for an account number nobody has, confirmed by Daraja and kept unmatched; its TransID. */
  async function unmatchedPayment(amount: number) {
    const TransID = `AN${randomBytes(4).toString("hex").toUpperCase()}`;
    const answer = await postCallback(
      "c2b-confirmation",
      c2bPayment({
        TransID,
        TransAmount: amount.toFixed(2),
        BillRefNumber: `ZZ${randomBytes(3).toString("hex").toUpperCase()}`,
      }),
    );
    expect(answer.status).toBe(200);
    await payments.stack.bus.idle();
    expect(await readItem(keys.unmatchedPayment(TransID))).toMatchObject({ status: "unmatched" });
    return TransID;
  }

  const adjust = (userId: string, body: { amount: number; type: "credit" | "debit"; reason: string }) =>
    http<{ adjustment?: { _id: string } }>("PUT", `/admin/users/${userId}/balance`, payments.adminToken, body);
  const assign = (transId: string, userId: string, reason: string) =>
    http<{ adjustment?: { _id: string } }>("PUT", `/admin/unmatched-payments/${transId}`, payments.adminToken, {
      userId,
      reason,
    });
  const approve = (token: string, adjustmentId: string | undefined) =>
    http("PUT", `/admin/adjustments/${adjustmentId}`, token, { status: "approved", reason: "Checked the statement" });

  it("tells the owner once by SMS and once by email, with the amount and the reason: alone, approved, or a payment assigned", async () => {
    const approver = await secondAdmin();
    const [credited, debited, approved, assigned, assignedApproved] = await Promise.all([
      registerUser(),
      investor(),
      registerUser(),
      registerUser(),
      registerUser(),
    ]);

    // Alone, within the solo limits: a credit and a debit.
    expect(
      (await adjust(credited.user._id, { amount: 1500, type: "credit", reason: "Goodwill for the outage" })).status,
    ).toBe(200);
    expect(
      (await adjust(debited.user._id, { amount: 250.5, type: "debit", reason: "Duplicate credit reversed" })).status,
    ).toBe(200);
    // Above them: asked by one admin, approved by another; the owner reads the asker's reason.
    const asked = await adjust(approved.user._id, { amount: 15_000, type: "credit", reason: "Bank transfer ref 4471" });
    expect(asked.status).toBe(202);
    expect((await approve(approver, asked.body.adjustment?._id)).status).toBe(200);
    // Unmatched Paybill payments credited to the account: alone, and above the solo limit with a second admin.
    const small = await unmatchedPayment(700);
    expect((await assign(small, assigned.user._id, "Payer typed the wrong account number")).status).toBe(200);
    const large = await unmatchedPayment(12_000);
    const waiting = await assign(large, assignedApproved.user._id, "Payer called support with the receipt");
    expect(waiting.status).toBe(202);
    expect((await approve(approver, waiting.body.adjustment?._id)).status).toBe(200);

    const owners = [credited, debited, approved, assigned, assignedApproved];
    const events = await Promise.all(owners.map((owner) => finishedEventsOf(owner.user._id, 1)));
    for (const [event] of events) {
      expect(event).toMatchObject({ kind: "balance-adjusted", sms: "sent", email: "sent" });
      expect(String(event?.id)).toMatch(/^balance-adjusted#/);
    }

    // Exactly one SMS each, in the alert's words; a relay that keeps running adds none.
    await relay.runOnce();
    const texts = (owner: { user: User }) => smsTo(owner.user.phoneNumber).map((sms) => sms.message);
    expect(texts(credited)).toEqual([
      "JengaFund: KES 1,500.00 credited to your wallet by an admin. Reason: Goodwill for the outage",
    ]);
    expect(texts(debited)).toEqual([
      "JengaFund: KES 250.50 debited from your wallet by an admin. Reason: Duplicate credit reversed",
    ]);
    expect(texts(approved)).toEqual([
      "JengaFund: KES 15,000.00 credited to your wallet by an admin. Reason: Bank transfer ref 4471",
    ]);
    expect(texts(assigned)).toEqual([
      `JengaFund: KES 700.00 credited to your wallet by an admin (M-Pesa ${small}). Reason: Payer typed the wrong account number`,
    ]);
    expect(texts(assignedApproved)).toEqual([
      `JengaFund: KES 12,000.00 credited to your wallet by an admin (M-Pesa ${large}). Reason: Payer called support with the receipt`,
    ]);

    // Exactly one email each, with the amount and the reason.
    expect(await subjects(credited.input.email)).toEqual(["JengaFund: your wallet was credited"]);
    expect(await subjects(debited.input.email)).toEqual(["JengaFund: your wallet was debited"]);
    expect(await subjects(approved.input.email)).toEqual(["JengaFund: your wallet was credited"]);
    expect(await subjects(assigned.input.email)).toEqual(["JengaFund: your wallet was credited"]);
    expect(await subjects(assignedApproved.input.email)).toEqual(["JengaFund: your wallet was credited"]);
    const [debitMail] = await mailsTo(debited.input.email);
    expect(debitMail?.text).toContain("KES 250.50 was debited from your JengaFund wallet by an admin.");
    expect(debitMail?.text).toContain("Reason: Duplicate credit reversed");
    const [assignedMail] = await mailsTo(assigned.input.email);
    expect(assignedMail?.text).toContain("Reason: Payer typed the wrong account number");
    expect(assignedMail?.text).toContain(`M-Pesa receipt: ${small}`);
  });
});

describe("the SMS provider failing", () => {
  const control = (msisdn: string, body: { outcome: string; times?: number }) =>
    fetch(`${smsUrl}/__sim/numbers/${msisdn}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("500 twice then OK sends one; a refusal fails and is counted; a lost answer is uncertain and never resent", async () => {
    const [flaky, refused, dropped] = await Promise.all([investor(), investor(), investor()]);
    expect((await control(flaky.user.phoneNumber, { outcome: "fail-500", times: 2 })).status).toBe(204);
    expect((await control(refused.user.phoneNumber, { outcome: "refuse" })).status).toBe(204);
    expect((await control(dropped.user.phoneNumber, { outcome: "drop-answer" })).status).toBe(204);
    const failedBefore = metrics.total("NotificationsFailed");
    const uncertainBefore = metrics.total("NotificationsUncertain");

    for (const who of [flaky, refused, dropped]) {
      expect((await requestWithdrawal(who.token, who.input.phoneNumber)).status).toBe(201);
    }
    const [[flakyEvent], [refusedEvent], [droppedEvent]] = await Promise.all([
      finishedEventsOf(flaky.user._id, 1),
      finishedEventsOf(refused.user._id, 1),
      finishedEventsOf(dropped.user._id, 1),
    ]);

    expect(flakyEvent).toMatchObject({ sms: "sent", smsAttempts: 3, email: "sent" });
    expect(smsTo(flaky.user.phoneNumber)).toHaveLength(1);

    expect(refusedEvent).toMatchObject({ sms: "failed", smsReason: "403 InvalidPhoneNumber", email: "sent" });
    expect(smsTo(refused.user.phoneNumber)).toHaveLength(0);
    expect(metrics.total("NotificationsFailed") - failedBefore).toBe(1);

    expect(droppedEvent).toMatchObject({ sms: "uncertain", email: "sent" });
    expect(metrics.total("NotificationsUncertain") - uncertainBefore).toBe(1);
    await relay.runOnce();
    await relay.runOnce();
    expect(smsTo(dropped.user.phoneNumber)).toHaveLength(1);
    expect((await eventsOf(dropped.user._id))[0]?.sms).toBe("uncertain");
  });

  it("with the provider down the move still succeeds, and the SMS goes once it is back", async () => {
    const { user, token, input } = await investor();
    await closeServer(standIn);
    const request = await requestWithdrawal(token, input.phoneNumber);
    expect(request.status).toBe(201);
    const eventId = `withdrawal-requested#${request.body.withdrawal._id}`;
    // Tried and refused a connection: pending again, the email gone meanwhile.
    await eventually(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [event] = await eventsOf(user._id);
      return event?.sms === "pending" && Number(event.smsAttempts) >= 1 && event.email === "sent";
    }, 10_000);

    await startStandIn();
    const [event] = await finishedEventsOf(user._id, 1);
    expect(event).toMatchObject({ id: eventId, sms: "sent" });
    expect(smsTo(user.phoneNumber)).toHaveLength(1);
  });
});

describe("preferences", () => {
  it("skips a kind the owner turned off, and sends a locked one anyway", async () => {
    const { user, token, input } = await investor();
    // As PUT /auth/me/notifications stores them: only the overrides (withdrawalRequested is locked on).
    await setAttributes(keys.user(user._id), {
      notifications: { sms: { depositCredited: false, withdrawalRequested: false }, email: { depositCredited: false } },
    });
    const started = await http<{ checkoutRequestId: string }>("POST", "/mpesa/deposit", token, {
      amount: 200,
      phoneNumber: input.phoneNumber,
    });
    expect(started.status).toBe(202);
    await finishedEventsOf(user._id, 1);
    expect((await requestWithdrawal(token, input.phoneNumber)).status).toBe(201);
    const events = await finishedEventsOf(user._id, 2);

    expect(events.find((event) => event.kind === "deposit-credited")).toMatchObject({
      sms: "skipped",
      smsReason: "turned off",
      email: "skipped",
    });
    expect(events.find((event) => event.kind === "withdrawal-requested")).toMatchObject({ sms: "sent", email: "sent" });
    expect(smsTo(user.phoneNumber).map((sms) => sms.message)).toEqual([
      expect.stringContaining("JengaFund: withdrawal of KES 300.00"),
    ]);
    expect(await subjects(input.email)).toEqual(["JengaFund: a withdrawal was requested"]);
  });
});

describe("security notices", () => {
  it("are mailed at once and sent by SMS once through the outbox, whatever the preferences", async () => {
    const { user, input } = await registerUser();
    await setAttributes(keys.user(user._id), { notifications: { sms: { security: false } } });
    await securityNotices().send({ kind: "password-changed", userId: user._id, at: new Date(), sourceIp: "41.90.7.7" });

    const [event] = await finishedEventsOf(user._id, 1);
    expect(event).toMatchObject({
      kind: "password-changed",
      sms: "sent",
      email: "skipped",
      emailReason: "mailed directly",
      data: { sourceIp: "41.90.7.7" },
    });
    expect(smsTo(user.phoneNumber).map((sms) => sms.message)).toEqual([
      "JengaFund: your password was changed and every device signed out. Not you? Contact JengaFund support.",
    ]);
    expect(await subjects(input.email)).toEqual(["JengaFund: your password was changed"]);
  });
});
