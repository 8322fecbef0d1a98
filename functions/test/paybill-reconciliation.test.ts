/**
 * Paybill reconciliation (design.md §12.3, issue 21 point 4): the quarter-hour pull job pulls the last hour from
 * Daraja's Pull Transactions and settles, through the confirmation's own settle, every payment whose confirmation
 * never arrived; the five-minute check of waiting payments counts unmatched ones older than a day; and a confirmation for another business number is
 * kept as unmatched. Payments are made on the Daraja simulator (its simulate call, real HTTP), confirmations travel
 * the ingest → bus → settle path, and DynamoDB Local holds the result. A small forwarder stands between the handlers
 * and the simulator, so a test can take Pull Transactions down while the STK calls still get through.
 */

import { createServer, type Server } from "node:http";
import type { Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { createDarajaClient } from "../src/adapters/daraja/client.js";
import { handler as checkWaitingPaybillPayments } from "../src/handlers/events/check-waiting-paybill-payments.js";
import { handler as pullPaybillTransactions } from "../src/handlers/events/pull-paybill-transactions.js";
import { handler as reconcileStkDeposits } from "../src/handlers/events/reconcile-stk-deposits.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { log } from "../src/kernel/log.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import { createDynamoDepositRepository } from "../src/modules/money-in/dynamo/deposit-repository.js";
import { createDynamoPaybillReconciliationRepository } from "../src/modules/money-in/dynamo/paybill-reconciliation-repository.js";
import { createDynamoPaybillRepository } from "../src/modules/money-in/dynamo/paybill-repository.js";
import { createPaybillDeposits } from "../src/modules/money-in/paybill.js";
import { createPaybillReconciliation, isPullRun } from "../src/modules/money-in/paybill-reconciliation.js";
import { itemsOfUser, readItem } from "./support/db.js";
import { recordingMetrics } from "./support/metrics.js";
import { dimensionsOf, logLines, metricLines, outputOf } from "./support/output.js";
import {
  apiUrl,
  eventually,
  kindToken,
  postCallback,
  simulatorUrl,
  usePaymentsStack,
} from "./support/payments-stack.js";
import { manualClock } from "./support/services.js";
import { simulatePhone } from "./support/simulated-phones.js";
import { registerUser } from "./support/users.js";

const payments = usePaymentsStack();

/**
 * The handlers reach Daraja through this forwarder: everything passes to the simulator, except Pull Transactions
 * while `pullDown` is set, which then answers 503 as a Daraja outage does.
 */
const forwarderPort = Number(new URL(apiUrl).port) + 3;
const outage = { pullDown: false };
const forwarder: Server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (outage.pullDown && req.url?.startsWith("/pulltransactions/")) {
    res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
    return;
  }
  const answer = await fetch(`${simulatorUrl}${req.url}`, {
    method: req.method,
    headers: Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => ["authorization", "content-type"].includes(name)),
    ) as Record<string, string>,
    ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
  });
  res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
  res.end(Buffer.from(await answer.arrayBuffer()));
});
await new Promise<void>((resolve) => forwarder.listen(forwarderPort, "127.0.0.1", resolve));
process.env.MPESA_BASE_URL = `http://127.0.0.1:${forwarderPort}`;

/** The Paybill the handlers reconcile (config.ts's default: MPESA_PAYBILL_SHORTCODE is not set here). */
const PAYBILL = "600984";

/** The test's own Daraja client on the simulator, as an operator's script would use it. */
const daraja = createDarajaClient(
  {
    baseUrl: simulatorUrl,
    shortcode: "174379",
    transactionType: "CustomerPayBillOnline",
    b2cShortcode: "600984",
    initiatorName: "testapi",
    callbackUrl: async (kind) => `${apiUrl}/hooks/daraja/${kind}/${kindToken(kind)}`,
    secrets: {
      consumerKey: async () => "local-consumer-key",
      consumerSecret: async () => "local-consumer-secret",
      passkey: async () => "",
      securityCredential: async () => "",
    },
  },
  { get: async () => null, put: async () => undefined },
  { now: () => new Date() },
);

async function simulatorToken(): Promise<string> {
  const basic = Buffer.from("local-consumer-key:local-consumer-secret").toString("base64");
  const answer = await fetch(`${simulatorUrl}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: `Basic ${basic}` },
  });
  return String(((await answer.json()) as { access_token: string }).access_token);
}

async function simulatorPost(path: string, body: Record<string, unknown>) {
  const answer = await fetch(`${simulatorUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${await simulatorToken()}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/**
 * The Paybill's URLs as a Paybill without external validation has them (design.md §12.3): only the confirmation is
 * ever called, so a payment for no account goes through too. And the Pull Transactions registration.
 */
let registered: Promise<void> | undefined;
const registerPaybill = () => {
  registered ??= (async () => {
    const urls = await simulatorPost("/mpesa/c2b/v2/registerurl", {
      ShortCode: PAYBILL,
      ResponseType: "Completed",
      ConfirmationURL: `${apiUrl}/hooks/daraja/c2b-confirmation/${kindToken("c2b-confirmation")}`,
    });
    expect(urls.status).toBe(200);
    const pull = await daraja.registerPullTransactions({
      shortCode: PAYBILL,
      nominatedNumber: "254708374149",
      callbackUrl: `${apiUrl}/hooks/daraja/c2b-confirmation/${kindToken("c2b-confirmation")}`,
    });
    expect(pull.alreadyRegistered).toBe(false);
  })();
  return registered;
};

interface SimulatedPayment {
  transId: string;
  status: string;
}

/** A customer pays the Paybill on the simulator; answers the payment's TransID once M-Pesa has completed it. */
async function payPaybill(fields: { from: string; account: string; amount: number }): Promise<string> {
  await registerPaybill();
  const answer = await simulatorPost("/mpesa/c2b/v1/simulate", {
    ShortCode: Number(PAYBILL),
    CommandID: "CustomerPayBillOnline",
    Amount: fields.amount,
    Msisdn: Number(fields.from),
    BillRefNumber: fields.account,
  });
  expect(answer.body).toMatchObject({ ResponseCode: "0" });
  const id = String(answer.body.OriginatorCoversationID);
  const payment = await eventually(async () => {
    const listed = (await (await fetch(`${simulatorUrl}/__sim/transactions`)).json()) as {
      c2b: (SimulatedPayment & { originatorConversationId: string })[];
    };
    const found = listed.c2b.find((record) => record.originatorConversationId === id);
    return found?.status === "completed" && found;
  });
  return payment.transId;
}

/** A run of a scheduled job as EventBridge invokes it, or one invoked by hand with `event`. */
async function runJob<S>(
  name: string,
  handler: (event: unknown, context: Context) => Promise<S>,
  event: Record<string, unknown> = {},
) {
  const context = localLambdaContext(name, { timeoutMs: 120_000 });
  let summary: S | undefined;
  const output = await outputOf(async () => {
    summary = await handler(event, context);
  });
  await payments.stack.bus.idle();
  if (!summary) throw new Error(`${name} returned nothing`);
  return { summary, output };
}

const pullPaybill = (event?: Record<string, unknown>) =>
  runJob("pull-paybill-transactions", pullPaybillTransactions, event);
const checkWaitingPayments = () => runJob("check-waiting-paybill-payments", checkWaitingPaybillPayments);
const reconcileDeposits = () => runJob("reconcile-stk-deposits", reconcileStkDeposits);

const walletOf = async (userId: string) => (await readItem(keys.user(userId)))?.walletBalanceCents;
const paybillLines = async (userId: string) =>
  (await itemsOfUser(userId, "TX#")).filter((line) => line.description === "M-Pesa Paybill deposit");

describe("reconciliation from Pull Transactions", () => {
  it("credits a Paybill payment whose confirmation was never delivered, once", async () => {
    const { user, input } = await registerUser();
    const transId = await payPaybill({ from: "254700009999", account: input.phoneNumber, amount: 750 });
    // The confirmation never came: nothing moved yet.
    expect(await walletOf(user._id)).toBe(0);
    expect(await readItem(keys.receiptMarker(transId))).toBeUndefined();

    const { summary, output } = await pullPaybill();
    expect(summary.failedParts).toEqual([]);
    expect(summary.paybill).toMatchObject({ errors: 0, stoppedEarly: false });
    expect(summary.paybill?.credited).toBeGreaterThanOrEqual(1);
    expect(await walletOf(user._id)).toBe(75_000);
    expect(await paybillLines(user._id)).toEqual([
      expect.objectContaining({
        transactionType: "deposit",
        status: "completed",
        amountCents: 75_000,
        mpesaTransactionId: transId,
      }),
    ]);
    expect(logLines(output, "WARN")).toContainEqual(
      expect.objectContaining({
        message: "Paybill payment with no confirmation settled from Pull Transactions",
        transId,
        outcome: "credited",
      }),
    );

    // The next pulls list it again; it is not credited again.
    const again = await pullPaybill();
    expect(again.summary.paybill).toMatchObject({ credited: 0, errors: 0 });
    expect(again.summary.paybill?.alreadySettled).toBeGreaterThanOrEqual(1);
    expect(await walletOf(user._id)).toBe(75_000);
    expect(await paybillLines(user._id)).toHaveLength(1);
  });

  it("does not credit again a payment its confirmation already credited", async () => {
    const { user, input } = await registerUser();
    const transId = await payPaybill({ from: "254708374149", account: input.phoneNumber, amount: 320 });
    // Delivered: credited by the confirmation.
    await eventually(async () => (await walletOf(user._id)) === 32_000);
    expect(await readItem(keys.receiptMarker(transId))).toMatchObject({ channel: "paybill" });

    const { summary } = await pullPaybill();
    expect(summary.paybill).toMatchObject({ credited: 0, unmatched: 0, duplicates: 0, errors: 0 });
    expect(summary.paybill?.alreadySettled).toBeGreaterThanOrEqual(1);
    expect(await walletOf(user._id)).toBe(32_000);
    expect(await paybillLines(user._id)).toHaveLength(1);
  });

  it("keeps a pulled payment for an account number that names no one as unmatched", async () => {
    const account = "07999x12";
    const transId = await payPaybill({ from: "254700009999", account, amount: 1_200 });
    expect(await readItem(keys.unmatchedPayment(transId))).toBeUndefined();

    const { summary } = await pullPaybill();
    expect(summary.paybill?.unmatched).toBeGreaterThanOrEqual(1);
    expect(await readItem(keys.unmatchedPayment(transId))).toMatchObject({
      transId,
      amountCents: 120_000,
      billRefNumber: account,
      businessShortCode: PAYBILL,
      transactionType: "Pay Bill",
      status: "unmatched",
      reason: "unknown-account",
    });
    // Kept hashed, as a confirmation carries it.
    expect((await readItem(keys.unmatchedPayment(transId)))?.msisdn).toMatch(/^[0-9a-f]{64}$/);
    expect(await readItem(keys.receiptMarker(transId))).toMatchObject({ outcome: "unmatched" });
  });

  it("counts and logs a Pull Transactions outage, and still does the STK part, which waits for the receipt", async () => {
    // An STK deposit whose callback never arrives: the STK job finds it with the STK query, outage or not, and takes
    // its receipt from the STK short code's Pull Transactions.
    const { user, token } = await registerUser();
    const phone = `2547${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;
    await simulatePhone(phone, { stk: "254700009999" });
    const started = await fetch(`${apiUrl}/mpesa/deposit`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ amount: 90, phoneNumber: phone }),
    });
    expect(started.status).toBe(202);
    const { checkoutRequestId } = (await started.json()) as { checkoutRequestId: string };
    // Past MPESA_RECONCILE_AFTER_SECONDS (1 s here), so the run asks about it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    outage.pullDown = true;
    try {
      const { summary, output } = await pullPaybill();
      expect(summary.failedParts).toEqual(["Paybill payments"]);
      expect(summary.paybill).toBeNull();
      // The check of the day's credits reads the same record: not tried once the pull failed.
      expect(summary).not.toHaveProperty("paybillCredits");
      expect(summary.errors).toBeGreaterThanOrEqual(1);
      expect(logLines(output, "ERROR")).toContainEqual(
        expect.objectContaining({ message: "Reconciliation of Paybill payments failed" }),
      );
      const published = metricLines(output).filter((line) => dimensionsOf(line).includes("service,stage"));
      expect(published).toContainEqual(expect.objectContaining({ ReconciliationErrors: 1 }));
      // The query finds the payment; its receipt is in M-Pesa's record, down too: it waits for a later run.
      const stk = await reconcileDeposits();
      expect(stk.summary).toMatchObject({ failedParts: [] });
      expect(stk.summary.deposits?.errors).toBe(1);
      expect(stk.summary.deposits?.awaitingReceipt).toBeGreaterThanOrEqual(1);
      expect(await createDynamoDepositRepository().get(checkoutRequestId)).toMatchObject({ status: "pending" });
      expect(await walletOf(user._id)).toBe(0);
    } finally {
      outage.pullDown = false;
    }
    // The record answers again: the next run credits the deposit with its receipt.
    await daraja.registerPullTransactions({
      shortCode: "174379",
      nominatedNumber: "254708374149",
      callbackUrl: `${apiUrl}/hooks/daraja/c2b-confirmation/${kindToken("c2b-confirmation")}`,
    });
    const stk = await reconcileDeposits();
    expect(stk.summary).toMatchObject({ failedParts: [], errors: 0 });
    expect(stk.summary.deposits?.credited).toBeGreaterThanOrEqual(1);
    expect(await createDynamoDepositRepository().get(checkoutRequestId)).toMatchObject({
      status: "completed",
      receipt: expect.stringMatching(/^[A-Z0-9]{10}$/),
    });
    expect(await walletOf(user._id)).toBe(9_000);
  });

  it("pulls on each run, scheduled on the quarter hour or invoked by hand", async () => {
    // The schedule fires on the runs isPullRun names (the infra tests hold its expression to them).
    expect(isPullRun(new Date("2026-11-26T08:00:00Z"))).toBe(true);
    expect(isPullRun(new Date("2026-11-26T08:15:00Z"))).toBe(true);
    expect(isPullRun(new Date("2026-11-26T08:05:00Z"))).toBe(false);
    expect(isPullRun(new Date("2026-11-26T08:10:00Z"))).toBe(false);
    // EventBridge's scheduled event, as the schedule rule sends it.
    const scheduled = (time: string) => ({ "detail-type": "Scheduled Event", source: "aws.events", time, detail: {} });
    const onSchedule = await pullPaybill(scheduled("2026-11-26T08:45:00Z"));
    expect(onSchedule.summary.paybill).toMatchObject({ errors: 0 });
    expect(onSchedule.summary.paybillCredits).toMatchObject({ stoppedEarly: false });
    const byHand = await pullPaybill({});
    expect(byHand.summary.paybill).toMatchObject({ errors: 0 });
    // The five-minute check of waiting payments never asks Pull Transactions for the last hour.
    expect((await checkWaitingPayments()).summary).not.toHaveProperty("paybill");
  });
});

describe("unmatched payments older than a day", () => {
  it("are counted by every run, from the index, and published as UnmatchedPaymentsStale", async () => {
    const count = () =>
      createDynamoPaybillReconciliationRepository().countUnmatchedBefore(
        new Date(Date.now() - 24 * 3_600_000).toISOString(),
      );
    const before = await count();
    // A payment kept as unmatched two days ago, and one of today.
    const twoDaysAgo = manualClock(new Date(Date.now() - 48 * 3_600_000));
    const settleAt = (clock: { now(): Date }) =>
      createPaybillDeposits({
        payments: createDynamoPaybillRepository(),
        clock,
        newId: () => `L${Math.random().toString(36).slice(2)}`,
        log,
        metrics: recordingMetrics(),
        businessNumber: PAYBILL,
        records: daraja,
      });
    const payment = (transId: string) => ({
      transId,
      transTime: "20261124081530",
      amountCents: 50_000,
      billRefNumber: "NOBODY42",
      businessShortCode: PAYBILL,
      transactionType: "Pay Bill",
      msisdn: "",
      payerName: "",
    });
    const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
    expect(await settleAt(twoDaysAgo).settle(payment(`OLD${suffix}`))).toBe("unmatched");
    expect(await settleAt({ now: () => new Date() }).settle(payment(`NEW${suffix}`))).toBe("unmatched");
    expect(await count()).toBe(before + 1);

    const { summary, output } = await checkWaitingPayments();
    expect(summary).not.toHaveProperty("paybill");
    expect(summary.unmatchedPaymentsStale).toBe(before + 1);
    expect(logLines(output, "WARN")).toContainEqual(
      expect.objectContaining({ message: "Unmatched Paybill payments waiting for an admin for more than a day" }),
    );
    const published = metricLines(output).filter((line) => dimensionsOf(line).includes("service,stage"));
    expect(published).toContainEqual(expect.objectContaining({ UnmatchedPaymentsStale: before + 1 }));
  });
});

describe("a confirmation for another business number", () => {
  it("is kept as unmatched with reason other-short-code, not credited, and logged", async () => {
    const { user, input } = await registerUser();
    const transId = `OS${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const body = {
      TransactionType: "Pay Bill",
      TransID: transId,
      TransTime: "20261126081530",
      TransAmount: "400.00",
      BusinessShortCode: "600999",
      BillRefNumber: input.phoneNumber,
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: "",
      MSISDN: "",
      FirstName: "AMINA",
      MiddleName: "",
      LastName: "",
    };
    let answer: Awaited<ReturnType<typeof postCallback>> | undefined;
    const output = await outputOf(async () => {
      answer = await postCallback("c2b-confirmation", body);
      await payments.stack.bus.idle();
    });
    expect(answer).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: "Success" } });
    expect(await walletOf(user._id)).toBe(0);
    expect(await readItem(keys.unmatchedPayment(transId))).toMatchObject({
      status: "unmatched",
      reason: "other-short-code",
      businessShortCode: "600999",
      billRefNumber: input.phoneNumber,
      amountCents: 40_000,
    });
    expect(logLines(output, "WARN")).toContainEqual(
      expect.objectContaining({ reason: "other-short-code", businessShortCode: "600999", transId }),
    );
  });

  it("is credited when it is for our Paybill, and Pull Transactions lists it through the Daraja client", async () => {
    const reconciliation = createPaybillReconciliation({
      daraja,
      receipts: createDynamoPaybillReconciliationRepository(),
      settle: async () => {
        throw new Error("nothing here needs settling");
      },
      recordMismatch: async () => {
        throw new Error("nothing here disagrees with M-Pesa's record");
      },
      shortCode: PAYBILL,
      clock: { now: () => new Date() },
      log,
      metrics: recordingMetrics(),
    });
    // The simulator's Pull Transactions over the real client: payments listed with their TransIDs and amounts.
    await registerPaybill();
    const { user, input } = await registerUser();
    const transId = await payPaybill({ from: "254708374149", account: input.phoneNumber, amount: 60 });
    await eventually(async () => (await walletOf(user._id)) === 6_000);
    const listed = await daraja.pullTransactions({
      shortCode: PAYBILL,
      from: new Date(Date.now() - 3_600_000),
      to: new Date(),
    });
    expect(listed.unreadableRows).toBe(0);
    expect(listed.payments).toContainEqual(
      expect.objectContaining({
        transId,
        amountCents: 6_000,
        billRefNumber: input.phoneNumber,
        msisdn: "254708374149",
      }),
    );
    // Already taken: the pull settles nothing of it.
    const summary = await reconciliation.pull({ timeLeftMs: () => 60_000 });
    expect(summary.pulled).toBeGreaterThanOrEqual(1);
    expect(summary.credited + summary.unmatched).toBe(0);
  });
});
