/**
 * Capital comes back at maturity (design.md §13.6, quality R22), through the real handlers on DynamoDB Local: the
 * scheduled job (retire-matured-investments) and the investor's routes, the clock moved with fake timers. On an
 * investment's Nairobi maturity day its capital goes back to the balance it was bought from, once, whatever runs twice,
 * at once, or races a claim; with its ledger line, the statistics and the owner's SMS and email alert.
 */
import { randomUUID } from "node:crypto";
import { GetCommand, QueryCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { INVESTOR_MESSAGES, type Investment, nairobiInstant, type User } from "@jengafund/shared";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { handler as retireMatured } from "../src/handlers/events/retire-matured-investments.js";
import { handler as buyInvestment } from "../src/handlers/http/buy-investment.js";
import { handler as claimReward } from "../src/handlers/http/claim-investment-reward.js";
import { handler as listInvestments } from "../src/handlers/http/list-investments.js";
import { systemClock } from "../src/kernel/clock.js";
import { type DynamoContext, defaultDynamoContext } from "../src/kernel/dynamo/client.js";
import { countersUpdate } from "../src/kernel/dynamo/counter-items.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { runTransaction } from "../src/kernel/dynamo/transactions.js";
import { ulid } from "../src/kernel/ids.js";
import { log } from "../src/kernel/log.js";
import { outboxEventId } from "../src/kernel/outbox-port.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import { migrateIndexKeys } from "../src/migrations/index-key-migration.js";
import { restoreRetiredActiveCount } from "../src/migrations/retired-count-migration.js";
import { createDynamoMaturityRepository } from "../src/modules/investing/dynamo/maturity-repository.js";
import { createMaturityService } from "../src/modules/investing/maturities.js";
import { notifications } from "../src/modules/messaging/index.js";
import { itemsOfUser, readItem, readStats } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { waitForMailsTo } from "./support/mail.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { createPackage } from "./support/packages.js";
import { sendingThrough } from "./support/sending-through.js";
import { buildServices, manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

const smsUrl = inject("smsUrl");
const DAY_MS = 86_400_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The scheduled job as EventBridge runs it, with a function's five minutes (or less, to see it stop). */
type JobResult = {
  maturities: { due: number; matured: number; alreadyMatured: number; capitalReturnedCents: number; errors: number };
  errors: number;
  stoppedEarly: boolean;
};
const runJob = (timeoutMs = 300_000) =>
  retireMatured({}, localLambdaContext("retire-matured-investments", { timeoutMs })) as Promise<JobResult>;

/** The first instant of a Nairobi day (`yyyy-mm-dd`), and an instant that day's clock shows. */
const nairobi = (day: string, time = "00:00:00.000") => nairobiInstant(`${day}T${time}`);

/**
 * A new investor at `at` (a trial account, or with KES 5,000 of real money) who buys `amount` of a package maturing at
 * `maturity`, through POST /investments/buy.
 */
async function investorWith(options: { at: Date; maturity: Date; amount: number; real?: boolean; name?: string }) {
  vi.setSystemTime(options.at);
  const pkg = await createPackage({
    priceCents: 30_000,
    maturityDate: options.maturity.toISOString(),
    name: options.name ?? `Maturity Fund ${ulid().slice(-6)}`,
  });
  const investor = await registerUser();
  if (options.real) await depositToWallet(investor.user, 500_000);
  const bought = await call<{ investment: Investment; user: User }>(
    buyInvestment,
    gatewayEvent("buy-investment", {
      token: investor.token,
      body: { packageId: pkg.id, amount: options.amount },
    }),
  );
  expect(bought.statusCode, JSON.stringify(bought.body)).toBe(201);
  return { ...investor, pkg, investment: bought.body.investment };
}

const claim = (token: string, investmentId: string) =>
  call<{ reward?: number; message?: string }>(
    claimReward,
    gatewayEvent("claim-investment-reward", { token, pathParameters: { id: investmentId } }),
  );

const capitalLines = async (userId: string) =>
  (await itemsOfUser(userId, "TX#")).filter((line) => line.transactionType === "capital");

async function textsTo(local07: string): Promise<string[]> {
  const response = await fetch(`${smsUrl}/__inbox/messages?to=254${local07.slice(1)}`);
  return ((await response.json()) as { message: string }[]).map((m) => m.message);
}

describe("capital at maturity (design.md §13.6)", () => {
  it("returns real capital to the wallet on the Nairobi maturity day, once, with its ledger line, statistic and alert", async () => {
    // Matures at 15:00 Nairobi on Jan 25; its day begins at 21:00 UTC on Jan 24.
    const maturity = new Date("2027-01-25T12:00:00.000Z");
    const owner = await investorWith({
      // 21:00 in Nairobi the evening before (sessions last 8 hours: the owner's token is used below).
      at: new Date("2027-01-24T18:00:00.000Z"),
      maturity,
      amount: 1000,
      real: true,
      name: "Safaricom Growth Fund",
    });
    const userKey = keys.user(owner.user._id);
    const before = await readStats();
    const walletBefore = Number((await readItem(userKey))?.walletBalanceCents);
    expect(walletBefore).toBe(500_000 - 100_000);

    // The last moment of the day before: nothing is due.
    vi.setSystemTime(new Date(nairobi("2027-01-25").getTime() - 1));
    const early = await runJob();
    expect(early.maturities.matured).toBe(0);
    expect(await capitalLines(owner.user._id)).toEqual([]);

    // The maturity day has begun in Nairobi (before the package's hour): the capital comes back.
    vi.setSystemTime(nairobi("2027-01-25", "00:01:00.000"));
    const run = await runJob();
    expect(run).toMatchObject({
      maturities: { due: 1, matured: 1, alreadyMatured: 0, capitalReturnedCents: 100_000, errors: 0 },
      errors: 0,
      stoppedEarly: false,
    });
    const [line, ...more] = await capitalLines(owner.user._id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      transactionType: "capital",
      description: "Capital returned: Safaricom Growth Fund",
      amountCents: 100_000,
      balance: "wallet",
      status: "completed",
      reference: `CAP-${owner.investment._id}`,
    });
    expect((await readItem(userKey))?.walletBalanceCents).toBe(walletBefore + 100_000);
    await expectLedgerToMatchBalances(owner.user._id);
    // The investment is matured and off the maturities list.
    const stored = await readItem(keys.investment(owner.user._id, owner.investment._id));
    expect(stored?.maturedAt).toBe(line?.createdAt);
    expect(stored?.GSI2PK).toBeUndefined();
    // The statistics: one active investment fewer, one more transaction (of type capital).
    const after = await readStats();
    expect(after.activeInvestments).toBe(Number(before.activeInvestments) - 1);
    expect(after.totalTransactions).toBe(Number(before.totalTransactions) + 1);
    expect(after.totalInvestments).toBe(before.totalInvestments);

    // The job again, later that day and the next: nothing more.
    vi.setSystemTime(nairobi("2027-01-25", "15:30:00.000"));
    expect((await runJob()).maturities).toMatchObject({ due: 0, matured: 0 });
    vi.setSystemTime(nairobi("2027-01-26", "00:03:00.000"));
    expect((await runJob()).maturities).toMatchObject({ due: 0, matured: 0 });
    expect(await capitalLines(owner.user._id)).toHaveLength(1);
    expect((await readItem(userKey))?.walletBalanceCents).toBe(walletBefore + 100_000);
    expect((await readStats()).activeInvestments).toBe(after.activeInvestments);

    // The investor's card reads it as matured; a claim is refused with the spec's words, nothing written.
    vi.setSystemTime(nairobi("2027-01-25", "01:00:00.000"));
    const { body } = await call<{ investments: Investment[] }>(
      listInvestments,
      gatewayEvent("list-investments", { token: owner.token }),
    );
    expect(body.investments.find((i) => i._id === owner.investment._id)?.maturedAt).toBe(line?.createdAt);
    const refused = await claim(owner.token, owner.investment._id);
    expect(refused).toEqual({ statusCode: 400, body: { message: INVESTOR_MESSAGES.investmentMatured } });
    expect((await itemsOfUser(owner.user._id, "TX#")).filter((l) => l.transactionType === "reward")).toEqual([]);

    // The alert: one SMS and one email, from the outbox event the maturity wrote.
    vi.useRealTimers();
    const sent = await notifications().processOutboxEvent(outboxEventId("capital-returned", owner.investment._id));
    expect(sent).toMatchObject({ sms: "sent", email: "sent" });
    expect(await textsTo(owner.input.phoneNumber)).toEqual([
      "JengaFund: KES 1,000.00 capital from Safaricom Growth Fund matured and is back in your wallet.",
    ]);
    const [mail] = await waitForMailsTo(owner.input.email);
    expect(mail?.subject).toBe("JengaFund: your capital is back");
    expect(mail?.text).toContain("your investment in Safaricom Growth Fund matured: the KES 1,000.00 you invested");
    expect(mail?.text).toContain("is back in your JengaFund wallet");
  });

  it("returns it once when the job runs twice at once, or three times, over many investments", async () => {
    const maturity = new Date("2027-02-10T06:00:00.000Z");
    const owners = [];
    for (let i = 0; i < 6; i++) {
      owners.push(
        await investorWith({ at: new Date("2027-02-08T08:00:00.000Z"), maturity, amount: 300 + i, real: i % 2 === 0 }),
      );
    }
    const before = await readStats();
    vi.setSystemTime(nairobi("2027-02-10", "00:00:05.000"));
    const runs = await Promise.all([runJob(), runJob(), runJob()]);
    expect(runs.reduce((sum, r) => sum + r.maturities.matured, 0)).toBe(owners.length);
    expect(runs.every((r) => r.errors === 0)).toBe(true);
    for (const owner of owners) {
      const lines = await capitalLines(owner.user._id);
      expect(lines.map((l) => l.amountCents)).toEqual([owner.investment.amount * 100]);
      expect(lines[0]?.balance).toBe(owner.investment.isTrialInvestment ? "trial" : "wallet");
      await expectLedgerToMatchBalances(owner.user._id);
    }
    expect((await readStats()).activeInvestments).toBe(Number(before.activeInvestments) - owners.length);
    // One alert each.
    const { Items = [] } = await defaultDynamoContext().db.send(
      new ScanCommand({
        TableName: defaultDynamoContext().TableName,
        FilterExpression: "#type = :outbox AND kind = :kind",
        ExpressionAttributeNames: { "#type": "type" },
        ExpressionAttributeValues: { ":outbox": "Outbox", ":kind": "capital-returned" },
        ConsistentRead: true,
      }),
    );
    for (const owner of owners) {
      expect(Items.filter((item) => item.userId === owner.user._id)).toHaveLength(1);
    }
  });

  it("races a claim on the maturity day: the capital comes back once, and a reward only if it was claimed before", async () => {
    const maturity = new Date("2027-03-10T12:00:00.000Z");
    const owners = [];
    for (let i = 0; i < 8; i++) {
      owners.push(await investorWith({ at: nairobi("2027-03-09", "22:00:00.000"), maturity, amount: 500, real: true }));
    }
    // Just after midnight on the maturity day: the package's hour is still ahead, so only maturity stops a claim.
    vi.setSystemTime(nairobi("2027-03-10", "00:00:30.000"));
    const [job, ...claims] = await Promise.all([
      runJob(),
      ...owners.map((owner) => claim(owner.token, owner.investment._id)),
    ]);
    expect(job?.errors).toBe(0);
    for (const [index, owner] of owners.entries()) {
      const answer = claims[index];
      // Either the claim went first and is paid, or the maturity did and the claim is refused in the spec's words.
      if (answer?.statusCode !== 200) {
        expect(answer).toEqual({ statusCode: 400, body: { message: INVESTOR_MESSAGES.investmentMatured } });
      }
      const lines = await itemsOfUser(owner.user._id, "TX#");
      const rewards = lines.filter((l) => l.transactionType === "reward");
      expect(rewards).toHaveLength(answer?.statusCode === 200 ? 1 : 0);
      expect(lines.filter((l) => l.transactionType === "capital").map((l) => l.amountCents)).toEqual([50_000]);
      const stored = await readItem(keys.investment(owner.user._id, owner.investment._id));
      expect(stored?.totalRewardsClaimedCents).toBe(rewards.reduce((t, l) => t + Number(l.amountCents), 0));
      await expectLedgerToMatchBalances(owner.user._id);
    }
  });

  it("refuses a claim that read the investment before its maturity and writes after it, writing nothing", async () => {
    const maturity = new Date("2027-03-20T12:00:00.000Z");
    const owner = await investorWith({ at: new Date("2027-03-18T08:00:00.000Z"), maturity, amount: 500, real: true });
    const clock = manualClock(nairobi("2027-03-20", "00:00:20.000"));
    const services = buildServices({ clock });
    // Read while it is active, as the claim route's load does…
    const [read] = await services.investor.listInvestments(owner.user._id);
    const claimant = await services.accounts.getUser(owner.user._id);
    if (!read || !claimant) throw new Error("nothing to claim");
    expect(read.maturedAt).toBeUndefined();
    // …then the maturity lands before the claim's write.
    vi.setSystemTime(nairobi("2027-03-20", "00:00:30.000"));
    expect((await runJob()).maturities.matured).toBe(1);
    const ledgerBefore = await itemsOfUser(owner.user._id, "TX#");
    await expect(services.investments.claim({ claimant, investment: read, requestId: randomUUID() })).rejects.toThrow(
      INVESTOR_MESSAGES.investmentMatured,
    );
    expect(await itemsOfUser(owner.user._id, "TX#")).toEqual(ledgerBefore);
    expect(await readItem(keys.claimMarker(owner.user._id, owner.investment._id, "2027-03-20"))).toBeUndefined();
    await expectLedgerToMatchBalances(owner.user._id);
  });

  it("returns trial capital to the trial balance, even after the account turned real (demo money stays demo)", async () => {
    const maturity = new Date("2027-04-10T12:00:00.000Z");
    const owner = await investorWith({
      at: new Date("2027-04-08T08:00:00.000Z"),
      maturity,
      amount: 300,
      name: "Trial Energy Fund",
    });
    expect(owner.investment.isTrialInvestment).toBe(true);
    const userKey = keys.user(owner.user._id);
    const trialBefore = Number((await readItem(userKey))?.trialBalanceCents);
    // A first M-Pesa deposit makes the account real before the trial investment matures.
    await depositToWallet(owner.user, 20_000);
    vi.setSystemTime(nairobi("2027-04-10", "00:02:00.000"));
    expect((await runJob()).maturities).toMatchObject({ matured: 1, capitalReturnedCents: 30_000 });
    const account = await readItem(userKey);
    expect(account?.isTrialAccount).toBe(false);
    expect(account?.trialBalanceCents).toBe(trialBefore + 30_000);
    expect(account?.walletBalanceCents).toBe(20_000);
    const [line] = await capitalLines(owner.user._id);
    expect(line).toMatchObject({
      balance: "trial",
      amountCents: 30_000,
      description: "Capital returned: Trial Energy Fund",
    });
    await expectLedgerToMatchBalances(owner.user._id);

    vi.useRealTimers();
    await notifications().processOutboxEvent(outboxEventId("capital-returned", owner.investment._id));
    expect(await textsTo(owner.input.phoneNumber)).toEqual([
      "JengaFund: KES 300.00 of trial money from Trial Energy Fund matured and is back in your account.",
    ]);
    const [mail] = await waitForMailsTo(owner.input.email);
    expect(mail?.text).toContain("the KES 300.00 of trial money you invested is back in your trial balance");
    expect(mail?.text).toContain("it can never be withdrawn");
  });

  it("reads the maturities list a page at a time, never scans, and stops within its time budget", async () => {
    const maturity = new Date("2027-05-10T12:00:00.000Z");
    const owners = [];
    for (let i = 0; i < 3; i++) {
      owners.push(await investorWith({ at: new Date("2027-05-08T08:00:00.000Z"), maturity, amount: 400, real: true }));
    }
    vi.setSystemTime(nairobi("2027-05-10", "00:04:00.000"));
    // A run with less than its stop margin left takes nothing on; the next run does it all.
    const short = await runJob(1_000);
    expect(short.stoppedEarly).toBe(true);
    expect(short.maturities.matured).toBe(0);
    for (const owner of owners) expect(await capitalLines(owner.user._id)).toEqual([]);

    const sent: string[] = [];
    const base = defaultDynamoContext();
    const watched: DynamoContext = {
      TableName: base.TableName,
      db: sendingThrough(base.db, (command) => {
        sent.push((command as { constructor: { name: string } }).constructor.name);
        return base.db.send(command as never);
      }),
    };
    const service = createMaturityService({
      maturities: createDynamoMaturityRepository(watched),
      clock: systemClock,
      newId: ulid,
      log,
    });
    const run = await service.returnMaturedCapital({ timeLeftMs: () => 60_000 });
    expect(run).toMatchObject({ due: 3, matured: 3, errors: 0, stoppedEarly: false });
    expect(sent).not.toContain("ScanCommand");
    // A query per shard of the list, one read of the owners of each page found, one transaction per investment.
    expect(sent.filter((name) => name === "QueryCommand")).toHaveLength(keys.maturingInvestmentsPartitions().length);
    expect(sent.filter((name) => name === "TransactWriteCommand")).toHaveLength(3);
  });

  it("after `npm run migrate`, returns the capital of an investment bought before, counted active until then", async () => {
    const maturity = new Date("2027-06-10T12:00:00.000Z");
    const owner = await investorWith({ at: new Date("2027-06-05T08:00:00.000Z"), maturity, amount: 700, real: true });
    const ctx = defaultDynamoContext();
    const investmentKey = keys.investment(owner.user._id, owner.investment._id);
    // As the code before this wrote it: no entry in the maturities list, a maturity counted by its UTC day on the
    // buyer's shard, and the old job's mark past that day, having taken the investment out of the active count.
    await ctx.db.send(
      new UpdateCommand({ TableName: ctx.TableName, Key: investmentKey, UpdateExpression: "REMOVE GSI2PK, GSI2SK" }),
    );
    const day = maturity.toISOString().slice(0, 10);
    await runTransaction(ctx, [
      {
        Update: {
          TableName: ctx.TableName,
          Key: keys.statsMaturities(day, keys.statsShardOf(owner.user._id)),
          UpdateExpression: "ADD maturing :one",
          ExpressionAttributeValues: { ":one": 1 },
        },
      },
      {
        Put: {
          TableName: ctx.TableName,
          Item: { ...keys.statsMaturedThrough(), type: "MaturedThrough", maturedThrough: "2027-06-11" },
        },
      },
      countersUpdate(ctx.TableName, { activeInvestments: -1 }, "old-job"),
    ]);
    const retired = await readStats();

    // Without the migration, the job cannot see it.
    vi.setSystemTime(nairobi("2027-06-12", "00:00:10.000"));
    expect((await runJob()).maturities.due).toBe(0);

    const dry = await restoreRetiredActiveCount(ctx, { dryRun: true });
    expect(dry).toEqual({ restored: 1, dayCounters: 1 });
    expect((await readStats()).activeInvestments).toBe(retired.activeInvestments);
    await migrateIndexKeys(ctx);
    expect(await restoreRetiredActiveCount(ctx)).toEqual({ restored: 1, dayCounters: 1 });
    expect((await readStats()).activeInvestments).toBe(Number(retired.activeInvestments) + 1);
    expect((await readItem(investmentKey))?.GSI2SK).toBe(`2027-06-10#${owner.investment._id}`);
    // A second run changes nothing.
    expect(await restoreRetiredActiveCount(ctx)).toEqual({ restored: 0, dayCounters: 0 });
    expect((await migrateIndexKeys(ctx)).rewritten).toBe(0);
    const { Item: mark } = await ctx.db.send(
      new GetCommand({ TableName: ctx.TableName, Key: keys.statsMaturedThrough() }),
    );
    expect(mark).toBeUndefined();

    // Its maturity day is past: the next run returns the capital it never got back, once.
    const run = await runJob();
    expect(run.maturities).toMatchObject({ matured: 1, capitalReturnedCents: 70_000 });
    expect(await capitalLines(owner.user._id)).toHaveLength(1);
    expect((await readStats()).activeInvestments).toBe(retired.activeInvestments);
    expect((await runJob()).maturities.matured).toBe(0);
    await expectLedgerToMatchBalances(owner.user._id);
  });

  it("keeps an investment maturing later on the list, ordered by its Nairobi day", async () => {
    // 22:30 UTC on Jul 9 is already Jul 10 in Nairobi: that day's list, not the 9th's.
    const maturity = new Date("2027-07-09T22:30:00.000Z");
    const owner = await investorWith({ at: new Date("2027-07-05T08:00:00.000Z"), maturity, amount: 300 });
    const { Items = [] } = await defaultDynamoContext().db.send(
      new QueryCommand({
        TableName: defaultDynamoContext().TableName,
        IndexName: "GSI2",
        KeyConditionExpression: "GSI2PK = :pk",
        ExpressionAttributeValues: { ":pk": keys.maturingInvestments(owner.investment._id) },
      }),
    );
    expect(Items.find((item) => item.id === owner.investment._id)?.GSI2SK).toBe(`2027-07-10#${owner.investment._id}`);
    vi.setSystemTime(nairobi("2027-07-09", "23:59:00.000"));
    expect((await runJob()).maturities.matured).toBe(0);
    vi.setSystemTime(new Date(nairobi("2027-07-10").getTime() + DAY_MS / 2));
    expect((await runJob()).maturities.matured).toBe(1);
  });
});
