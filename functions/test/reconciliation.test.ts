/**
 * Reconciliation that tells the truth (design.md §10): bounded batches, oldest first, stopping before the function's
 * timeout, an age cut-off for deposits, and every failure counted and logged. The services run on DynamoDB Local,
 * each test on a table of its own, with a Daraja that records what it is asked; the scheduled handler runs as
 * deployed, with a Lambda context whose clock runs down.
 */

import { randomBytes } from "node:crypto";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import type { PulledPayment, StkQueryResult } from "../src/adapters/daraja/daraja.js";
import { handler as reconcilePayouts } from "../src/handlers/events/reconcile-payouts.js";
import { handler as reconcileStkDeposits } from "../src/handlers/events/reconcile-stk-deposits.js";
import { STOP_MARGIN_MS } from "../src/handlers/scheduled-job.js";
import { type DynamoContext, defaultDynamoContext, dynamoDocumentClient } from "../src/kernel/dynamo/client.js";
import { depositItem } from "../src/kernel/dynamo/deposit-items.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { userItem } from "../src/kernel/dynamo/user-items.js";
import { withdrawalItem } from "../src/kernel/dynamo/withdrawal-items.js";
import { ulid } from "../src/kernel/ids.js";
import type { Log, LogDetails, LogLevel } from "../src/kernel/log.js";
import type { DepositRecord, LedgerLine, UserRecord, WithdrawalRecord } from "../src/kernel/records.js";
import { localDynamoClient } from "../src/local/dynamodb-local.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import { ensureTable } from "../src/local/table.js";
import { createDepositService } from "../src/modules/money-in/deposits.js";
import { createDynamoDepositRepository } from "../src/modules/money-in/dynamo/deposit-repository.js";
import { STK_RECEIPT_WAIT_MS } from "../src/modules/money-in/stk-receipts.js";
import { createDynamoPayoutRecoveryRepository } from "../src/modules/money-out/dynamo/payout-recovery-repository.js";
import { createDynamoPayoutRepository } from "../src/modules/money-out/dynamo/payout-repository.js";
import { createPayoutService, STUCK_PAYOUT_AFTER_MS } from "../src/modules/money-out/payouts.js";
import { recordingMetrics } from "./support/metrics.js";
import { dimensionsOf, logLines, metricLines, outputOf } from "./support/output.js";
import { manualClock } from "./support/services.js";

// Daraja is out of reach for the handler's own client: every question it asks fails, as when Daraja is down.
Object.assign(process.env, {
  MPESA_BASE_URL: "http://127.0.0.1:9",
  MPESA_CONSUMER_KEY: "local-consumer-key",
  MPESA_CONSUMER_SECRET: "local-consumer-secret",
  MPESA_PASSKEY: "local-passkey",
  MPESA_SECURITY_CREDENTIAL: "bG9jYWw=",
  MPESA_CALLBACK_TOKEN: "local-callback-token",
  MPESA_CALLBACK_BASE_URL: "http://127.0.0.1:9/api",
});

const NOW = new Date("2026-11-20T09:00:00.000Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString();

/** A table of the test's own, so it sees only the deposits and payouts it put there. */
async function freshTable(): Promise<DynamoContext> {
  const TableName = `reconcile-${randomBytes(6).toString("hex")}`;
  await ensureTable(localDynamoClient(String(process.env.DYNAMODB_ENDPOINT)), TableName);
  return { db: dynamoDocumentClient(), TableName };
}

async function put(ctx: DynamoContext, item: Record<string, unknown>) {
  await ctx.db.send(new PutCommand({ TableName: ctx.TableName, Item: item }));
}

function pendingDeposit(createdAt: string): DepositRecord {
  const id = `ws_CO_${ulid()}`;
  return {
    checkoutRequestId: id,
    merchantRequestId: `m-${id}`,
    userId: ulid(),
    amountCents: 10_000,
    phoneNumber: "254708374149",
    status: "pending",
    ledgerLineId: ulid(),
    createdAt,
  };
}

function approvedPayout(processedAt: string): WithdrawalRecord {
  const id = ulid();
  return {
    id,
    userId: ulid(),
    user: { firstName: "Achieng", lastName: "Otieno", email: "achieng@example.co.ke" },
    amountCents: 30_000,
    phoneNumber: "254708374149",
    transactionReference: `WD${id.slice(-8)}`,
    status: "approved",
    requestDate: at(3 * HOUR),
    processedAt,
    ledgerLineId: ulid(),
    requestId: ulid(),
  };
}

/**
 * A Daraja that answers every question with `answer` (or throws it) and remembers who was asked about; its record of
 * the STK short code's payments (Pull Transactions) is `listed`, or fails when that is an error.
 */
function recordingDaraja(
  answer: (id: string) => StkQueryResult | Error = () => ({ state: "pending" }),
  listed: PulledPayment[] | Error = [],
) {
  const asked: string[] = [];
  const pulls: { shortCode: string; from: Date; to: Date }[] = [];
  const ask = (id: string) => {
    asked.push(id);
    const result = answer(id);
    if (result instanceof Error) throw result;
    return result;
  };
  return {
    asked,
    pulls,
    pullTransactions: async (window: { shortCode: string; from: Date; to: Date }) => {
      pulls.push(window);
      if (listed instanceof Error) throw listed;
      return { payments: listed, unreadableRows: 0 };
    },
    stkPush: async () => {
      throw new Error("not used");
    },
    b2cPayment: async () => {
      throw new Error("not used");
    },
    stkQuery: async (id: string) => ask(id),
    transactionStatus: async (id: string) => {
      ask(id);
      return { conversationId: `AG_${id}` };
    },
  };
}

function recordingLog(): Log & { lines: { level: LogLevel; message: string; details: LogDetails }[] } {
  const lines: { level: LogLevel; message: string; details: LogDetails }[] = [];
  return Object.assign(
    (level: LogLevel, message: string, details: LogDetails = {}) => {
      lines.push({ level, message, details });
    },
    { lines },
  );
}

async function depositService(ctx: DynamoContext, daraja: ReturnType<typeof recordingDaraja>) {
  const log = recordingLog();
  const metrics = recordingMetrics();
  const service = createDepositService({
    deposits: createDynamoDepositRepository(ctx),
    daraja,
    clock: manualClock(NOW),
    newId: () => ulid(),
    log,
    metrics,
    reconcileAfterMs: 3 * MINUTE,
    promptLimits: { maxPendingDepositsPerUser: 3, maxPromptsPerUserPerHour: 10, maxPromptsPerPhonePerHour: 5 },
    stkReceipts: { records: daraja, shortCode: "174379" },
  });
  return { service, log, metrics };
}

async function payoutService(ctx: DynamoContext, daraja: ReturnType<typeof recordingDaraja>) {
  const log = recordingLog();
  const metrics = recordingMetrics();
  const service = createPayoutService({
    payouts: createDynamoPayoutRepository(ctx),
    recovery: createDynamoPayoutRecoveryRepository(ctx),
    daraja,
    clock: manualClock(NOW),
    log,
    metrics,
    reconcileAfterMs: 3 * MINUTE,
  });
  return { service, log, metrics };
}

const plenty = () => 60_000;
const DAY = 24 * HOUR;

describe("deposit reconciliation", () => {
  it("asks about at most a batch of pending deposits a run, the oldest first", async () => {
    const ctx = await freshTable();
    const deposits = [50, 10, 40, 20, 30, 60, 5].map((minutesAgo) => pendingDeposit(at(minutesAgo * MINUTE)));
    for (const deposit of deposits) await put(ctx, depositItem(deposit));
    const daraja = recordingDaraja();
    const { service } = await depositService(ctx, daraja);

    const summary = await service.reconcile({ limit: 3, maxAgeMs: DAY, timeLeftMs: plenty });

    const oldestFirst = [...deposits].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(daraja.asked).toEqual(oldestFirst.slice(0, 3).map((d) => d.checkoutRequestId));
    expect(summary).toMatchObject({ checked: 3, stillPending: 3, errors: 0, stoppedEarly: false });
  });

  it("starts no check once the run's time is up, and says it stopped early", async () => {
    const ctx = await freshTable();
    for (const minutesAgo of [30, 20, 10, 5]) await put(ctx, depositItem(pendingDeposit(at(minutesAgo * MINUTE))));
    const daraja = recordingDaraja();
    const { service } = await depositService(ctx, daraja);
    let left = 2;

    const summary = await service.reconcile({ limit: 50, maxAgeMs: DAY, timeLeftMs: () => (left-- > 0 ? 1 : 0) });

    expect(daraja.asked).toHaveLength(2);
    expect(summary).toMatchObject({ checked: 2, stoppedEarly: true });
  });

  it("stops asking about deposits older than the cut-off, and counts and logs them for an operator", async () => {
    const ctx = await freshTable();
    const ancient = [pendingDeposit(at(3 * DAY)), pendingDeposit(at(DAY + HOUR))];
    const recent = pendingDeposit(at(10 * MINUTE));
    for (const deposit of [...ancient, recent]) await put(ctx, depositItem(deposit));
    const daraja = recordingDaraja();
    const { service, log, metrics } = await depositService(ctx, daraja);

    const summary = await service.reconcile({ limit: 50, maxAgeMs: DAY, timeLeftMs: plenty });

    expect(daraja.asked).toEqual([recent.checkoutRequestId]);
    expect(summary).toMatchObject({ checked: 1, tooOld: 2 });
    expect(metrics.total("StaleDeposits")).toBe(2);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "warn", details: expect.objectContaining({ count: 2 }) }),
    );
  });

  it("counts and logs a failed query, and still asks about the rest", async () => {
    const ctx = await freshTable();
    const deposits = [30, 20, 10].map((minutesAgo) => pendingDeposit(at(minutesAgo * MINUTE)));
    for (const deposit of deposits) await put(ctx, depositItem(deposit));
    const failing = deposits[0]?.checkoutRequestId;
    const daraja = recordingDaraja((id) => (id === failing ? new Error("Daraja is down") : { state: "pending" }));
    const { service, log, metrics } = await depositService(ctx, daraja);

    const summary = await service.reconcile({ limit: 50, maxAgeMs: DAY, timeLeftMs: plenty });

    expect(daraja.asked).toHaveLength(3);
    expect(summary).toMatchObject({ checked: 3, errors: 1, stillPending: 2 });
    expect(metrics.total("ReconciliationErrors")).toBe(1);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "error", details: expect.objectContaining({ checkoutRequestId: failing }) }),
    );
  });
});

/** An STK deposit started `msAgo` by an account of its own, recorded as the deposit service records one. */
async function startedDeposit(ctx: DynamoContext, msAgo: number, accountReference: string) {
  const user = {
    id: ulid(),
    firstName: "Wanjiru",
    lastName: "Kamau",
    email: `wanjiru-${ulid().toLowerCase()}@example.co.ke`,
    phoneNumber: "254708374149",
    role: "investor",
    isTrialAccount: true,
    trialBalanceCents: 100_000,
    walletBalanceCents: 0,
    totalReferralEarningsCents: 0,
    referralCode: "WANJ1234",
    isActive: true,
    tokenVersion: 0,
    createdAt: at(DAY),
  } satisfies UserRecord;
  await put(ctx, userItem(user));
  const deposit: DepositRecord = { ...pendingDeposit(at(msAgo)), userId: user.id, accountReference };
  const line: LedgerLine = {
    id: deposit.ledgerLineId,
    userId: user.id,
    type: "deposit",
    balance: "wallet",
    amountCents: deposit.amountCents,
    status: "pending",
    description: `M-Pesa deposit from ${deposit.phoneNumber}`,
    reference: deposit.checkoutRequestId,
    phoneNumber: deposit.phoneNumber,
    createdAt: deposit.createdAt,
  };
  await createDynamoDepositRepository(ctx).create(deposit, line, user);
  return deposit;
}

/** A payment as M-Pesa's record lists it. */
const listedPayment = (transId: string, billRefNumber: string, amountCents: number, msAgo: number): PulledPayment => ({
  transId,
  completedAt: new Date(NOW.getTime() - msAgo),
  amountCents,
  billRefNumber,
  msisdn: "254708374149",
  payerName: "Wanjiru",
  transactionType: "c2b-pay-bill-debit",
});

const succeeded = (): StkQueryResult => ({
  state: "final",
  resultCode: "0",
  resultDesc: "The service request is processed successfully.",
});

describe("the receipt of a payment the query found (design.md §13.6)", () => {
  it("credits it with the receipt M-Pesa's record lists under its account reference for its amount, read once a run", async () => {
    const ctx = await freshTable();
    const first = await startedDeposit(ctx, 20 * MINUTE, "JF01KQ7ZP3AB");
    const second = await startedDeposit(ctx, 10 * MINUTE, "JF01KQ7ZP3CD");
    const daraja = recordingDaraja(succeeded, [
      listedPayment("TKA0000001", "JF01KQ7ZP3AB", 9_900, 19 * MINUTE), // another amount
      listedPayment("TKA0000002", "0712345678", 10_000, 19 * MINUTE), // another account
      listedPayment("TKA0000003", "jf01kq7zp3ab ", 10_000, 18 * MINUTE),
      listedPayment("TKA0000004", "JF01KQ7ZP3CD", 10_000, 9 * MINUTE),
    ]);
    const { service } = await depositService(ctx, daraja);

    const summary = await service.reconcile({ limit: 50, maxAgeMs: DAY, timeLeftMs: plenty });

    expect(summary).toMatchObject({ checked: 2, credited: 2, awaitingReceipt: 0, errors: 0 });
    expect(daraja.pulls).toEqual([
      { shortCode: "174379", from: new Date(Date.parse(first.createdAt) - 10 * MINUTE), to: NOW },
    ]);
    const repository = createDynamoDepositRepository(ctx);
    expect(await repository.get(first.checkoutRequestId)).toMatchObject({ status: "completed", receipt: "TKA0000003" });
    expect(await repository.get(second.checkoutRequestId)).toMatchObject({
      status: "completed",
      receipt: "TKA0000004",
    });
    const line = await ctx.db.send(
      new GetCommand({ TableName: ctx.TableName, Key: keys.ledgerLine(first.userId, first.ledgerLineId) }),
    );
    expect(line.Item).toMatchObject({ status: "completed", mpesaTransactionId: "TKA0000003" });
  });

  it("leaves a success M-Pesa's record does not show yet for a later run, then credits it without a receipt once the wait is over", async () => {
    const ctx = await freshTable();
    const young = await startedDeposit(ctx, STK_RECEIPT_WAIT_MS - MINUTE, "JF01KQ7ZP3EF");
    const old = await startedDeposit(ctx, STK_RECEIPT_WAIT_MS + MINUTE, "JF01KQ7ZP3GH");
    const daraja = recordingDaraja(succeeded, [listedPayment("TKA0000005", "JF01KQ7ZP3XY", 10_000, MINUTE)]);
    const { service, metrics } = await depositService(ctx, daraja);

    const summary = await service.reconcile({ limit: 50, maxAgeMs: DAY, timeLeftMs: plenty });

    expect(summary).toMatchObject({ checked: 2, credited: 1, awaitingReceipt: 1, errors: 0 });
    const repository = createDynamoDepositRepository(ctx);
    expect(await repository.get(young.checkoutRequestId)).toMatchObject({ status: "pending" });
    const credited = await repository.get(old.checkoutRequestId);
    expect(credited).toMatchObject({ status: "completed" });
    expect(credited?.receipt).toBeUndefined();
    expect(metrics.total("ReconciliationErrors")).toBe(1);
  });

  it("counts a record that cannot be read once a run, and leaves the young successes for a later run", async () => {
    const ctx = await freshTable();
    const deposits = [
      await startedDeposit(ctx, 12 * MINUTE, "JF01KQ7ZP3IJ"),
      await startedDeposit(ctx, 8 * MINUTE, "JF01KQ7ZP3KL"),
    ];
    const daraja = recordingDaraja(succeeded, new Error("Invalid ShortCode"));
    const { service, log } = await depositService(ctx, daraja);

    const summary = await service.reconcile({ limit: 50, maxAgeMs: DAY, timeLeftMs: plenty });

    expect(summary).toMatchObject({ checked: 2, credited: 0, awaitingReceipt: 2, errors: 1 });
    expect(daraja.pulls).toHaveLength(1);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "error", details: expect.objectContaining({ error: "Invalid ShortCode" }) }),
    );
    const repository = createDynamoDepositRepository(ctx);
    for (const deposit of deposits) {
      expect(await repository.get(deposit.checkoutRequestId)).toMatchObject({ status: "pending" });
    }
  });
});

describe("payout reconciliation", () => {
  it("asks about the earliest-approved payouts, however many recent approvals come before them in the list", async () => {
    const ctx = await freshTable();
    // The approved list is sorted by withdrawal id: 30 approved a minute ago come first, then 5 approved long ago.
    const recent = Array.from({ length: 30 }, () => approvedPayout(at(MINUTE)));
    const old = [90, 40, 120, 35, 10].map((minutesAgo) => approvedPayout(at(minutesAgo * MINUTE)));
    for (const payout of [...recent, ...old]) await put(ctx, withdrawalItem(payout));
    const daraja = recordingDaraja();
    const { service, metrics } = await payoutService(ctx, daraja);

    const summary = await service.reconcile({ limit: 3, timeLeftMs: plenty });

    const earliest = [...old].sort((a, b) => String(a.processedAt).localeCompare(String(b.processedAt)));
    expect(daraja.asked).toEqual(earliest.slice(0, 3).map((p) => p.id));
    // Stuck: approved over 30 minutes ago (120, 90, 40 and 35 minutes), whatever the batch.
    expect(STUCK_PAYOUT_AFTER_MS).toBe(30 * MINUTE);
    expect(summary).toMatchObject({ checked: 3, stuck: 4, errors: 0, stoppedEarly: false });
    expect(metrics.total("StuckPayouts")).toBe(4);
  });

  it("publishes zero stuck payouts when there are none, so the alarm sees a quiet run", async () => {
    const ctx = await freshTable();
    const { service, metrics } = await payoutService(ctx, recordingDaraja());
    const summary = await service.reconcile({ limit: 3, timeLeftMs: plenty });
    expect(summary).toMatchObject({ checked: 0, stuck: 0 });
    expect(metrics.values("StuckPayouts")).toEqual([0]);
  });

  it("stops before the deadline and counts a failed status query", async () => {
    const ctx = await freshTable();
    const payouts = [50, 40, 30].map((minutesAgo) => approvedPayout(at(minutesAgo * MINUTE)));
    for (const payout of payouts) await put(ctx, withdrawalItem(payout));
    const failing = payouts[0]?.id;
    const daraja = recordingDaraja((id) => (id === failing ? new Error("Daraja is down") : { state: "pending" }));
    const { service, log, metrics } = await payoutService(ctx, daraja);
    let left = 2;

    const summary = await service.reconcile({ limit: 50, timeLeftMs: () => (left-- > 0 ? 1 : 0) });

    expect(daraja.asked).toEqual([payouts[0]?.id, payouts[1]?.id]);
    expect(summary).toMatchObject({ checked: 2, errors: 1, stoppedEarly: true });
    expect(metrics.total("ReconciliationErrors")).toBe(1);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "error", details: expect.objectContaining({ withdrawalId: failing }) }),
    );
  });
});

describe("the scheduled reconciliation handlers", () => {
  beforeAll(async () => {
    // A deposit pending for ten minutes in the handlers' own table.
    await put(defaultDynamoContext(), depositItem(pendingDeposit(new Date(Date.now() - 10 * MINUTE).toISOString())));
  });

  it("starts no check with less time left than its margin, and says so", async () => {
    const context = localLambdaContext("reconcile-stk-deposits", { timeoutMs: STOP_MARGIN_MS - 1000 });
    let summary: Awaited<ReturnType<typeof reconcileStkDeposits>> | undefined;
    const output = await outputOf(async () => {
      summary = await reconcileStkDeposits({}, context);
    });

    expect(summary).toMatchObject({ errors: 0, stoppedEarly: true, deposits: { checked: 0, stoppedEarly: true } });
    expect(logLines(output, "WARN")).toContainEqual(
      expect.objectContaining({
        message: expect.stringContaining("stopped before its timeout"),
        correlation_id: context.awsRequestId,
        function_name: "reconcile-stk-deposits",
      }),
    );
  });

  it("counts and logs at error level the checks that failed, and finishes the run", async () => {
    const context = localLambdaContext("reconcile-stk-deposits", { timeoutMs: 120_000 });
    let summary: Awaited<ReturnType<typeof reconcileStkDeposits>> | undefined;
    const output = await outputOf(async () => {
      summary = await reconcileStkDeposits({}, context);
    });

    // Daraja cannot be reached, so the pending deposit's check fails.
    expect(summary).toMatchObject({ errors: 1, failedParts: [], deposits: { checked: 1, errors: 1 } });
    expect(logLines(output, "ERROR")).toContainEqual(
      expect.objectContaining({ message: "STK deposit reconciliation finished with errors", errors: 1 }),
    );
    const published = metricLines(output).filter((line) => dimensionsOf(line).includes("service,stage"));
    expect(published).toContainEqual(
      expect.objectContaining({ ReconciliationErrors: 1, StaleDeposits: 0, stage: "local" }),
    );
  });

  it("reports the payouts waiting on an operator from the payout job's own run", async () => {
    const context = localLambdaContext("reconcile-payouts", { timeoutMs: 120_000 });
    let summary: Awaited<ReturnType<typeof reconcilePayouts>> | undefined;
    const output = await outputOf(async () => {
      summary = await reconcilePayouts({}, context);
    });

    expect(summary).toMatchObject({
      failedParts: [],
      payouts: expect.objectContaining({ checked: expect.any(Number) }),
    });
    const published = metricLines(output).filter((line) => dimensionsOf(line).includes("service,stage"));
    expect(published).toContainEqual(expect.objectContaining({ StuckPayouts: 0, stage: "local" }));
  });
});
