/**
 * Paybill confirmations checked against M-Pesa's own record (design.md §13.3): above KES 10,000 a confirmation is
 * credited only once Pull Transactions shows its receipt and amount for our business number (held meanwhile as a
 * pending deposit the payer sees confirming), and each Paybill credit of the last day is compared with the same record
 * the other way round. Payments are made on the Daraja simulator (its simulate call, real HTTP); confirmations travel
 * the ingest → bus → settle path; DynamoDB Local holds the result. A small forwarder between the handlers and the
 * simulator can take Pull Transactions down, as a Daraja outage would.
 */

import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Context } from "aws-lambda";
import { afterAll, describe, expect, it } from "vitest";
import { createDarajaClient } from "../src/adapters/daraja/client.js";
import { handler as checkWaitingPaybillPayments } from "../src/handlers/events/check-waiting-paybill-payments.js";
import { handler as pullPaybillTransactions } from "../src/handlers/events/pull-paybill-transactions.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { ulid } from "../src/kernel/ids.js";
import { log } from "../src/kernel/log.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import { createDynamoPaybillRepository } from "../src/modules/money-in/dynamo/paybill-repository.js";
import { createPaybillDeposits, MPESA_RECORD_GRACE_MS } from "../src/modules/money-in/paybill.js";
import { itemsOfUser, readItem } from "./support/db.js";
import { recordingMetrics } from "./support/metrics.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { metricLines, outputOf } from "./support/output.js";
import {
  apiUrl,
  eventually,
  kindToken,
  postCallback,
  simulatorUrl,
  usePaymentsStack,
} from "./support/payments-stack.js";
import { manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

const payments = usePaymentsStack();

/** Pull Transactions answers 503 while `pullDown` is set; everything else passes to the simulator. */
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
afterAll(() => new Promise<void>((resolve) => forwarder.close(() => resolve())));

const PAYBILL = "600984";
/** The payer whose C2B payments the simulator completes but never confirms (mpesa-sim outcomes). */
const UNCONFIRMED_PAYER = "254700009999";
const PAYER = "254708374149";

const daraja = createDarajaClient(
  {
    baseUrl: simulatorUrl,
    shortcode: "174379",
    transactionType: "CustomerPayBillOnline",
    b2cShortcode: PAYBILL,
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

async function simulatorPost(path: string, body: Record<string, unknown>) {
  const basic = Buffer.from("local-consumer-key:local-consumer-secret").toString("base64");
  const oauth = await fetch(`${simulatorUrl}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: `Basic ${basic}` },
  });
  const { access_token } = (await oauth.json()) as { access_token: string };
  const answer = await fetch(`${simulatorUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

let registered: Promise<void> | undefined;
const registerPaybill = () => {
  registered ??= (async () => {
    const confirmationUrl = `${apiUrl}/hooks/daraja/c2b-confirmation/${kindToken("c2b-confirmation")}`;
    const urls = await simulatorPost("/mpesa/c2b/v2/registerurl", {
      ShortCode: PAYBILL,
      ResponseType: "Completed",
      ConfirmationURL: confirmationUrl,
    });
    expect(urls.status).toBe(200);
    await daraja.registerPullTransactions({
      shortCode: PAYBILL,
      nominatedNumber: PAYER,
      callbackUrl: confirmationUrl,
    });
  })();
  return registered;
};

/** A customer pays the Paybill on the simulator; the payment's TransID once M-Pesa has completed it. */
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
      c2b: { transId: string; status: string; originatorConversationId: string }[];
    };
    const found = listed.c2b.find((record) => record.originatorConversationId === id);
    return found?.status === "completed" && found;
  });
  return payment.transId;
}

/** A confirmation as Daraja posts it, for whatever receipt and amount its sender chose. */
function confirmation(fields: { TransID?: string; TransAmount: string; BillRefNumber: string }) {
  return {
    TransactionType: "Pay Bill",
    TransID: fields.TransID ?? `FG${randomBytes(4).toString("hex").toUpperCase()}`,
    TransTime: "20261126081530",
    TransAmount: fields.TransAmount,
    BusinessShortCode: PAYBILL,
    BillRefNumber: fields.BillRefNumber,
    InvoiceNumber: "",
    OrgAccountBalance: "",
    ThirdPartyTransID: "",
    MSISDN: createHash("sha256").update(PAYER).digest("hex"),
    FirstName: "MALLORY",
    MiddleName: "",
    LastName: "",
  };
}

/** Posts confirmations and waits for the bus; how many ReceiptMismatch counts the settles published, by reason. */
async function confirmAll(...bodies: unknown[]) {
  const output = await outputOf(async () => {
    for (const body of bodies) expect((await postCallback("c2b-confirmation", body)).status).toBe(200);
    await payments.stack.bus.idle();
  });
  return mismatchesIn(output);
}

const mismatchesIn = (output: Record<string, unknown>[]) =>
  metricLines(output)
    .filter((line) => typeof line.ReceiptMismatch === "number")
    .map((line) => String(line.reason ?? ""))
    .filter(Boolean);

/** One run of a scheduled job, as EventBridge invokes it; how many ReceiptMismatch counts it published, by reason. */
async function runJob<S>(name: string, handler: (event: unknown, context: Context) => Promise<S>) {
  const context = localLambdaContext(name, { timeoutMs: 120_000 });
  let summary: S | undefined;
  const output = await outputOf(async () => {
    summary = await handler({}, context);
  });
  await payments.stack.bus.idle();
  if (!summary) throw new Error(`${name} returned nothing`);
  return { summary, mismatches: mismatchesIn(output) };
}

/** The quarter-hour pull of Pull Transactions, with its check of the day's credits. */
const pullPaybill = () => runJob("pull-paybill-transactions", pullPaybillTransactions);
/** The five-minute check of the payments held for M-Pesa's record. */
const checkWaitingPayments = () => runJob("check-waiting-paybill-payments", checkWaitingPaybillPayments);

const walletOf = async (userId: string) => (await readItem(keys.user(userId)))?.walletBalanceCents;
const paybillLines = async (userId: string) =>
  (await itemsOfUser(userId, "TX#")).filter((line) => line.description === "M-Pesa Paybill deposit");

async function getJson(path: string, token: string) {
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The admin Unmatched tab's rows for a receipt. */
async function unmatchedRowsOf(receipt: string) {
  const { body } = await getJson("/admin/unmatched-payments?status=all&limit=100", payments.adminToken);
  return (body.payments as Record<string, unknown>[]).filter((row) => row.receipt === receipt);
}

/** The Paybill settle on its own clock (two hours on, say), as the reconcile job would run it then. */
const paybillServiceAt = (clock: { now(): Date }, metrics = recordingMetrics()) =>
  createPaybillDeposits({
    payments: createDynamoPaybillRepository(),
    clock,
    newId: () => ulid(clock.now().getTime()),
    log,
    metrics,
    businessNumber: PAYBILL,
    records: daraja,
  });

describe("a Paybill confirmation above KES 10,000 (design.md §13.3)", () => {
  it("is credited at once when M-Pesa's record already shows its receipt, amount and business number", async () => {
    const { user, input } = await registerUser();
    const transId = await payPaybill({ from: PAYER, account: input.phoneNumber, amount: 15_000 });
    await eventually(async () => (await walletOf(user._id)) === 1_500_000);
    expect(await paybillLines(user._id)).toEqual([
      expect.objectContaining({ status: "completed", amountCents: 1_500_000, mpesaTransactionId: transId }),
    ]);
    expect(await readItem(keys.deposit(`paybill-${transId}`))).toBeUndefined();

    // The same receipt again for ten times the amount: a receipt conflict, whatever M-Pesa's record says.
    const replay = confirmation({ TransID: transId, TransAmount: "150000.00", BillRefNumber: input.phoneNumber });
    expect(await confirmAll(replay)).toEqual([]);
    expect(await unmatchedRowsOf(transId)).toEqual([
      expect.objectContaining({ reason: "receipt-conflict", amount: 150_000 }),
    ]);
    expect(await walletOf(user._id)).toBe(1_500_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("credits one of exactly KES 10,000 at once, without M-Pesa's record", async () => {
    const { user, input } = await registerUser();
    expect(await confirmAll(confirmation({ TransAmount: "10000.00", BillRefNumber: input.phoneNumber }))).toEqual([]);
    expect(await walletOf(user._id)).toBe(1_000_000);
  });

  it("holds a confirmation M-Pesa has no record of: the payer sees it confirming, nothing is credited; two hours on it is refused, counted and listed", async () => {
    const { token, user, input } = await registerUser();
    const forged = confirmation({ TransAmount: "20000.00", BillRefNumber: input.phoneNumber });
    expect(await confirmAll(forged)).toEqual([]);

    expect(await walletOf(user._id)).toBe(0);
    const depositId = `paybill-${forged.TransID}`;
    const pending = await getJson("/mpesa/deposits?status=pending", token);
    expect(pending).toEqual({
      status: 200,
      body: {
        deposits: [
          expect.objectContaining({
            checkoutRequestId: depositId,
            amount: 20_000,
            status: "pending",
            channel: "paybill",
          }),
        ],
      },
    });
    expect((await getJson(`/mpesa/deposit/${depositId}`, token)).body).toMatchObject({
      deposit: { checkoutRequestId: depositId, status: "pending", channel: "paybill" },
      user: { walletBalance: 0 },
    });
    expect(await paybillLines(user._id)).toEqual([
      expect.objectContaining({ status: "pending", amountCents: 2_000_000, reference: depositId }),
    ]);
    // A second delivery holds nothing more.
    expect(await confirmAll(forged)).toEqual([]);
    expect(await paybillLines(user._id)).toHaveLength(1);

    // The next runs still find no record: it waits.
    const first = await checkWaitingPayments();
    expect(first.summary.heldPaybill).toMatchObject({ errors: 0 });
    expect(await walletOf(user._id)).toBe(0);
    expect((await readItem(keys.deposit(depositId)))?.status).toBe("pending");

    // Two hours on, still no record: refused, counted once and listed for admins; nothing was ever credited.
    const later = manualClock(new Date(Date.now() + MPESA_RECORD_GRACE_MS + 60_000));
    const metrics = recordingMetrics();
    const run = await paybillServiceAt(later, metrics).confirmHeld({ timeLeftMs: () => 60_000 });
    expect(run).toMatchObject({ refused: 1, errors: 0 });
    expect(metrics.reasons("ReceiptMismatch")).toEqual(["no-record"]);
    expect(await readItem(keys.deposit(depositId))).toMatchObject({
      status: "failed",
      resultDesc: "M-Pesa has no record of this payment",
    });
    expect(await paybillLines(user._id)).toEqual([expect.objectContaining({ status: "failed" })]);
    expect(await readItem(keys.receiptMarker(forged.TransID))).toBeUndefined();
    expect(await unmatchedRowsOf(forged.TransID)).toEqual([
      expect.objectContaining({
        reason: "receipt-mismatch",
        amount: 20_000,
        status: "unmatched",
        user: expect.objectContaining({ _id: user._id }),
      }),
    ]);
    expect((await paybillServiceAt(later, metrics).confirmHeld({ timeLeftMs: () => 60_000 })).refused).toBe(0);
    expect(metrics.reasons("ReceiptMismatch")).toEqual(["no-record"]);
    expect(await walletOf(user._id)).toBe(0);
    expect((await getJson("/mpesa/deposits?status=pending", token)).body).toEqual({ deposits: [] });
    await expectLedgerToMatchBalances(user._id);
  });

  it("is held while M-Pesa's record cannot be read, and credited once by the next run that reads it", async () => {
    const { token, user, input } = await registerUser();
    outage.pullDown = true;
    let transId: string;
    try {
      transId = await payPaybill({ from: PAYER, account: input.phoneNumber, amount: 30_000 });
      await eventually(async () => (await readItem(keys.deposit(`paybill-${transId}`)))?.status === "pending");
      await payments.stack.bus.idle();
      expect(await walletOf(user._id)).toBe(0);
    } finally {
      outage.pullDown = false;
    }
    const { summary } = await checkWaitingPayments();
    expect(summary.heldPaybill).toMatchObject({ confirmed: 1, errors: 0 });
    expect(await walletOf(user._id)).toBe(3_000_000);
    expect((await getJson(`/mpesa/deposit/paybill-${transId}`, token)).body).toMatchObject({
      deposit: { status: "completed", channel: "paybill" },
      user: { walletBalance: 30_000 },
    });
    expect(await paybillLines(user._id)).toEqual([
      expect.objectContaining({ status: "completed", amountCents: 3_000_000, mpesaTransactionId: transId }),
    ]);
    expect(await readItem(keys.receiptMarker(transId))).toMatchObject({ outcome: "credited", userId: user._id });
    // Confirmed once: a later run, and a late redelivery of the confirmation, change nothing.
    expect((await checkWaitingPayments()).summary.heldPaybill?.confirmed).toBe(0);
    expect(await walletOf(user._id)).toBe(3_000_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("is refused when M-Pesa's record gives the receipt another amount; the real payment is then settled from the record", async () => {
    const { user, input } = await registerUser();
    const transId = await payPaybill({ from: UNCONFIRMED_PAYER, account: input.phoneNumber, amount: 12_000 });
    const inflated = confirmation({ TransID: transId, TransAmount: "120000.00", BillRefNumber: input.phoneNumber });
    expect(await confirmAll(inflated)).toEqual(["amount"]);
    expect(await walletOf(user._id)).toBe(0);
    expect(await readItem(keys.receiptMarker(transId))).toBeUndefined();
    expect(await unmatchedRowsOf(transId)).toEqual([
      expect.objectContaining({ reason: "receipt-mismatch", amount: 120_000 }),
    ]);

    await pullPaybill();
    expect(await walletOf(user._id)).toBe(1_200_000);
    expect(await paybillLines(user._id)).toEqual([
      expect.objectContaining({ status: "completed", amountCents: 1_200_000, mpesaTransactionId: transId }),
    ]);
    await expectLedgerToMatchBalances(user._id);
  });
});

describe("Paybill credits against M-Pesa's record, the other way round (design.md §13.3)", () => {
  it("lists and counts once a credit M-Pesa lists with another amount, and one it has no record of after two hours", async () => {
    const { user, input } = await registerUser();
    // Credited at once (KES 500), though M-Pesa's record of the receipt says KES 50.
    const transId = await payPaybill({ from: UNCONFIRMED_PAYER, account: input.phoneNumber, amount: 50 });
    await confirmAll(confirmation({ TransID: transId, TransAmount: "500.00", BillRefNumber: input.phoneNumber }));
    expect(await walletOf(user._id)).toBe(50_000);
    // Credited three hours ago from a confirmation M-Pesa never made, and one of now (not two hours old yet).
    const old = confirmation({ TransAmount: "900.00", BillRefNumber: input.phoneNumber });
    const threeHoursAgo = manualClock(new Date(Date.now() - 3 * 3_600_000));
    const oldPayment = { ...old, transTime: old.TransTime };
    expect(
      await paybillServiceAt(threeHoursAgo).settle({
        transId: oldPayment.TransID,
        transTime: oldPayment.transTime,
        amountCents: 90_000,
        billRefNumber: input.phoneNumber,
        businessShortCode: PAYBILL,
        transactionType: "Pay Bill",
        msisdn: old.MSISDN,
        payerName: "MALLORY",
      }),
    ).toBe("credited");
    const recent = confirmation({ TransAmount: "700.00", BillRefNumber: input.phoneNumber });
    await confirmAll(recent);
    expect(await walletOf(user._id)).toBe(50_000 + 90_000 + 70_000);

    const { summary, mismatches } = await pullPaybill();
    expect(summary.failedParts).toEqual([]);
    expect(summary.paybillCredits).toMatchObject({ stoppedEarly: false });
    // Each is counted once, by whichever run finds it first (another test file's run may find the old one).
    expect(mismatches).toContain("amount");
    expect(await unmatchedRowsOf(transId)).toEqual([
      expect.objectContaining({
        reason: "receipt-mismatch",
        amount: 500,
        status: "unmatched",
        user: expect.objectContaining({ _id: user._id }),
      }),
    ]);
    expect(await unmatchedRowsOf(old.TransID)).toEqual([
      expect.objectContaining({ reason: "receipt-mismatch", amount: 900 }),
    ]);
    expect(await unmatchedRowsOf(recent.TransID)).toEqual([]);

    // Counted once: the next pull finds them listed already.
    expect((await pullPaybill()).mismatches).toEqual([]);
    // Listing moves no money.
    expect(await walletOf(user._id)).toBe(210_000);
    await expectLedgerToMatchBalances(user._id);
  });
});
