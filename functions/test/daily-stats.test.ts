/**
 * The admin Overview's daily figures over real HTTP (GET /admin/stats/daily, issue 23): money moves through the API
 * on known Nairobi days — registrations, an STK deposit at 23:30 (still the same Nairobi day, the next UTC one is not
 * yet), Paybill deposits after midnight, a real and a trial reward claimed, a payout M-Pesa paid and one it failed —
 * then the answer is compared with what was done, with the raw STATS day items summed, and with the ledger.
 */

import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type AdminDailyStatsDay, nairobiDay } from "@jengafund/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultDynamoContext, dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { backfillDayCounters } from "../src/migrations/day-counter-backfill.js";
import {
  type Actor,
  buy,
  claim,
  clockAt,
  devAdmin,
  expectStatus,
  http,
  msisdnOf,
  nairobiDayFromToday,
  paybillDeposit,
  payout,
  scanTable,
  signUp,
  stkDeposit,
  tokenOf,
} from "./support/clocked-api.js";
import { createPackage } from "./support/packages.js";
import { usePaymentsStack } from "./support/payments-stack.js";
import { simulatePhone } from "./support/simulated-phones.js";

const payments = usePaymentsStack();
const settled = () => payments.stack.bus.idle();

const today = nairobiDayFromToday(0);
const dayA = nairobiDayFromToday(-3);
const dayA1 = nairobiDayFromToday(-2);
const dayB = nairobiDayFromToday(-1);

const admin = devAdmin();
let investor: Actor;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  const pkg = await createPackage({ dailyReturnRate: 1 });

  clockAt(`${dayA}T10:00:00`);
  const registered = await signUp();
  investor = registered.who;
  const trial = await signUp();
  // Demo money: a trial purchase and its reward are not the platform's money.
  const trialInvestment = await buy(trial.who, pkg.id, 500);
  await claim(trial.who, trialInvestment);

  // 23:30 in Nairobi is 20:30 UTC: the deposit counts on this Nairobi day.
  clockAt(`${dayA}T23:30:00`);
  await stkDeposit(investor, 5_000, registered.input.phoneNumber);

  // 00:30 in Nairobi is still the previous day in UTC: these count on the next Nairobi day.
  clockAt(`${dayA1}T00:30:00`);
  const friend = await signUp();
  await paybillDeposit(registered.input.phoneNumber, "1234.50", settled);
  await paybillDeposit(friend.input.phoneNumber, "2000.00", settled);
  const investment = await buy(investor, pkg.id, 1_000);

  clockAt(`${dayB}T09:00:00`);
  await claim(investor, investment);
  await payout(investor, registered.input.phoneNumber, 600, admin, "completed");
  const restore = await simulatePhone(msisdnOf(registered.input.phoneNumber), { b2c: "254700000001" });
  await payout(investor, registered.input.phoneNumber, 300, admin, "rejected");
  await restore();

  vi.useRealTimers();
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
});

const daily = async (query: string, who: Actor = admin) =>
  http("GET", `/admin/stats/daily${query}`, { token: await tokenOf(who) });

type Day = AdminDailyStatsDay;

type Sums = Map<string, Record<string, number>>;

function adder(sums: Sums) {
  return (day: string, figures: Record<string, unknown>) => {
    const into = sums.get(day) ?? {};
    for (const [name, value] of Object.entries(figures)) {
      if (typeof value === "number") into[name] = (into[name] ?? 0) + value;
    }
    sums.set(day, into);
  };
}

/**
 * From one scan of the table: the raw day items of every statistics shard summed per day, and the ledger's own
 * figures per Nairobi day, from every completed real-money line and every user.
 */
async function storedAndLedgerDays(): Promise<{ stored: Sums; ledger: Sums }> {
  const stored: Sums = new Map();
  const ledger: Sums = new Map();
  const store = adder(stored);
  const count = adder(ledger);
  const dayPrefix = keys.statsDay("", 0).SK;
  const statsPartitions = new Set(keys.statsPartitions());
  const onDay = (at: unknown) => nairobiDay(new Date(String(at)));
  for (const item of await scanTable()) {
    const { PK, SK, ...attributes } = item;
    if (statsPartitions.has(String(PK)) && String(SK).startsWith(dayPrefix)) {
      store(keys.dayOfStatsDay(String(SK)), attributes);
    }
    if (item.type === "User") count(onDay(item.createdAt), { newUsers: 1 });
    if (item.type !== "Transaction" || item.status !== "completed" || item.balance !== "wallet") continue;
    const cents = Math.abs(Number(item.amountCents));
    const day = onDay(item.settledAt ?? item.createdAt);
    if (item.transactionType === "deposit") count(day, { deposits: 1, depositsCents: cents });
    if (item.transactionType === "withdrawal") count(day, { payouts: 1, payoutsCents: cents });
    if (item.transactionType === "reward") count(day, { rewardsCents: cents });
  }
  return { stored, ledger };
}

const inCents = (kes: number) => Math.round(kes * 100);

describe("GET /admin/stats/daily", () => {
  it("answers every day of the window, oldest first and today last, with each day's money moves", async () => {
    const { json } = await expectStatus(daily("?days=7"), 200);
    const days = json.days as Day[];
    expect(days.map((d) => d.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(nairobiDayFromToday));
    expect(days.at(-1)?.day).toBe(today);
    const byDay = Object.fromEntries(days.map(({ day, ...figures }) => [day, figures]));
    const nothing = { deposits: 0, depositsAmount: 0, payouts: 0, payoutsAmount: 0, newUsers: 0, rewards: 0 };
    expect(byDay[dayA]).toEqual({ ...nothing, newUsers: 2, deposits: 1, depositsAmount: 5_000 });
    expect(byDay[dayA1]).toEqual({ ...nothing, newUsers: 1, deposits: 2, depositsAmount: 3_234.5 });
    // The real reward (1% of KES 1,000) is counted, the trial's is not; the failed payout is not a payout.
    expect(byDay[dayB]).toEqual({ ...nothing, payouts: 1, payoutsAmount: 600, rewards: 10 });
    // The dev admin was seeded today, on the real clock.
    expect(byDay[today]).toEqual({ ...nothing, newUsers: 1 });
    expect(byDay[nairobiDayFromToday(-6)]).toEqual(nothing);
  });

  it("equals the stored day counters summed over the shards, and the ledger's own sums per day", async () => {
    const { json } = await expectStatus(daily("?days=90"), 200);
    const days = json.days as Day[];
    expect(days).toHaveLength(90);
    const { stored, ledger } = await storedAndLedgerDays();
    for (const { day, deposits, depositsAmount, payouts, payoutsAmount, newUsers, rewards } of days) {
      const answered = {
        deposits,
        depositsCents: inCents(depositsAmount),
        payouts,
        payoutsCents: inCents(payoutsAmount),
        newUsers,
        rewardsCents: inCents(rewards),
      };
      const zero = { deposits: 0, depositsCents: 0, payouts: 0, payoutsCents: 0, newUsers: 0, rewardsCents: 0 };
      expect({ day, ...zero, ...stored.get(day) }).toEqual({ day, ...answered });
      expect({ day, ...zero, ...ledger.get(day) }).toEqual({ day, ...answered });
    }
    // Everything counted lies inside the window, so nothing was left out of the comparison.
    for (const day of [...stored.keys(), ...ledger.keys()]) expect(days.some((d) => d.day === day)).toBe(true);
  });

  it("defaults to 30 days", async () => {
    const { json } = await expectStatus(daily(""), 200);
    expect((json.days as Day[]).map((d) => d.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => nairobiDayFromToday(i - 29)),
    );
  });

  it.each([["6"], ["91"], ["7.5"], ["thirty"], ["-7"]])("refuses days=%s with 400 { message }", async (days) => {
    const { json } = await expectStatus(daily(`?days=${days}`), 400);
    expect(json).toEqual({ message: "days must be a whole number from 7 to 90" });
  });

  it("answers the same once the money counters of past days are rebuilt from the ledger (npm run migrate)", async () => {
    const before = (await expectStatus(daily("?days=7"), 200)).json.days as Day[];
    // The days as they were before the money transactions counted: registrations only.
    const money = ["deposits", "depositsCents", "payouts", "payoutsCents", "rewardsCents"];
    for (const item of await scanTable()) {
      if (!String(item.PK).startsWith("STATS#") || !String(item.SK).startsWith(keys.statsDay("", 0).SK)) continue;
      await dynamoDocumentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: `REMOVE ${money.join(", ")}`,
        }),
      );
    }
    const bare = (await expectStatus(daily("?days=7"), 200)).json.days as Day[];
    expect(bare.reduce((sum, d) => sum + d.deposits + d.payouts + d.rewards, 0)).toBe(0);
    const cutover = new Date().toISOString();
    const first = await backfillDayCounters(defaultDynamoContext(), { before: cutover });
    // 3 deposits, 1 payout, 1 real reward; the trial reward and the failed payout are not money that moved.
    expect(first.lines).toBe(5);
    expect((await expectStatus(daily("?days=7"), 200)).json.days).toEqual(before);
    // Once more: the same figures, not twice them.
    await backfillDayCounters(defaultDynamoContext(), { before: cutover });
    expect((await expectStatus(daily("?days=7"), 200)).json.days).toEqual(before);
  });

  it("is for admins only: an investor gets 403, no session 401", async () => {
    await expectStatus(daily("", investor), 403);
    await expectStatus(http("GET", "/admin/stats/daily"), 401);
  });
});
