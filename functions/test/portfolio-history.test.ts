/**
 * The investor's portfolio chart over real HTTP (GET /portfolio/history, issue 23): an investor's money moves on known
 * Nairobi days — a trial purchase and reward (a demo reward, counted apart from the real ones), an STK deposit at
 * 23:30, a Paybill deposit, a real purchase and reward, a payout paid and a withdrawal refused, a short investment
 * whose capital comes back at maturity (design.md §13.6), with quiet days between — and another user's beside them.
 * The answer is compared with the balances GET /auth/me and GET /investments show, and with a replay of
 * GET /transactions.
 */
import { centsToKes, nairobiDay, nairobiInstant, type PortfolioDay, type Transaction } from "@jengafund/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handler as retireMatured } from "../src/handlers/events/retire-matured-investments.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import {
  type Actor,
  buy,
  claim,
  clockAt,
  devAdmin,
  expectStatus,
  http,
  nairobiDayFromToday,
  paybillDeposit,
  payout,
  signUp,
  stkDeposit,
  tokenOf,
} from "./support/clocked-api.js";
import { createPackage } from "./support/packages.js";
import { usePaymentsStack } from "./support/payments-stack.js";

const payments = usePaymentsStack();
const settled = () => payments.stack.bus.idle();

/** Days before today, counted on the real clock before the test moves it: day[1] is yesterday. */
const day = [0, 1, 2, 3, 4, 5, 6].map((ago) => nairobiDayFromToday(-ago));

const admin = devAdmin();
let investor: Actor;
let friend: Actor;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  const pkg = await createPackage({ dailyReturnRate: 1 });
  // Matures at noon (Nairobi) yesterday: the maturities job returns its capital that day.
  const short = await createPackage({
    priceCents: 30_000,
    dailyReturnRate: 1,
    maturityDate: nairobiInstant(`${day[1]}T12:00:00`).toISOString(),
  });

  clockAt(`${day[6]}T10:00:00`);
  const registered = await signUp();
  investor = registered.who;
  const demoInvestment = await buy(investor, pkg.id, 500);
  await claim(investor, demoInvestment);

  clockAt(`${day[5]}T23:30:00`);
  await stkDeposit(investor, 5_000, registered.input.phoneNumber);
  const other = await signUp();
  friend = other.who;
  await paybillDeposit(other.input.phoneNumber, "2000.00", settled);

  // Two quiet days, then a Paybill deposit and a real purchase.
  clockAt(`${day[2]}T09:00:00`);
  await paybillDeposit(registered.input.phoneNumber, "1234.50", settled);
  const investment = await buy(investor, pkg.id, 1_000);
  await buy(investor, short.id, 300);
  await buy(friend, pkg.id, 700);

  clockAt(`${day[1]}T09:00:00`);
  await retireMatured({}, localLambdaContext("retire-matured-investments", { timeoutMs: 60_000 }));
  await claim(investor, investment);
  await payout(investor, registered.input.phoneNumber, 600, admin, "completed");
  const { json } = await expectStatus(
    http("POST", "/withdrawals", {
      token: await tokenOf(investor),
      body: { amount: 250, phoneNumber: registered.input.phoneNumber },
    }),
    201,
  );
  const refused = json.withdrawal as { _id: string };
  await expectStatus(
    http("PUT", `/admin/withdrawals/${refused._id}`, {
      token: await tokenOf(admin),
      body: { status: "rejected", reason: "Details do not match" },
    }),
    200,
  );

  vi.useRealTimers();
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
});

const history = async (query: string, who: Actor = investor) =>
  http("GET", `/portfolio/history${query}`, { token: await tokenOf(who) });

const daysOf = async (query: string, who: Actor = investor) =>
  (await expectStatus(history(query, who), 200)).json.days as PortfolioDay[];

const cents = (kes: number) => Math.round(kes * 100);

/**
 * The series replayed from the caller's GET /transactions: a line moves its balance on the day it was written when
 * it is completed, or held (a pending debit); a refused debit came back the same day here, so it moved nothing.
 */
function replay(transactions: Transaction[], days: string[]) {
  return days.map((day) => {
    const upTo = transactions.filter((t) => nairobiDay(new Date(t.createdAt)) <= day);
    const moved = upTo.filter((t) => t.status === "completed" || (t.status === "pending" && t.amount < 0));
    const sum = (lines: Transaction[]) => lines.reduce((total, t) => total + cents(t.amount), 0);
    const real = moved.filter((t) => t.balance === "wallet");
    const demo = moved.filter((t) => t.balance === "trial");
    // Principal goes in with a purchase and comes back with its capital at maturity.
    const principal = (lines: Transaction[]) =>
      0 - sum(lines.filter((t) => t.type === "investment" || t.type === "capital"));
    const wallet = sum(real);
    const invested = principal(real);
    const rewardsOf = (lines: Transaction[]) =>
      centsToKes(sum(lines.filter((t) => t.type === "reward" && nairobiDay(new Date(t.createdAt)) === day)));
    return {
      day,
      wallet: centsToKes(wallet),
      invested: centsToKes(invested),
      value: centsToKes(wallet + invested),
      rewards: rewardsOf(real),
      demo: centsToKes(sum(demo) + principal(demo)),
      demoRewards: rewardsOf(demo),
    };
  });
}

describe("GET /portfolio/history", () => {
  it("ends today at the balances the account shows: wallet, principal invested, demo money", async () => {
    const days = await daysOf("");
    expect(days).toHaveLength(30);
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => nairobiDayFromToday(i - 29)));
    const last = days.at(-1);
    const token = await tokenOf(investor);
    const { user } = (await expectStatus(http("GET", "/auth/me", { token }), 200)).json as {
      user: { walletBalance: number; trialBalance: number };
    };
    const { investments } = (await expectStatus(http("GET", "/investments", { token }), 200)).json as {
      investments: { amount: number; maturedAt?: string }[];
    };
    // 5,000 + 1,234.50 − 1,000 − 600 + 10 (reward); the refused 250 came back, and so did the matured 300.
    expect(last).toEqual({
      day: nairobiDayFromToday(0),
      wallet: 4_644.5,
      invested: 1_000,
      value: 5_644.5,
      rewards: 0,
      demo: 1_005,
      demoRewards: 0,
    });
    expect(last?.wallet).toBe(user.walletBalance);
    // Demo money: the trial's KES 500 left and its KES 500 still invested, plus the KES 5 demo reward.
    const demoPrincipal = cents(last?.demo ?? 0) - cents(user.trialBalance);
    // Invested: what is still in the active investments; the matured one's capital is back in the wallet.
    const active = investments.filter((i) => !i.maturedAt);
    expect(active).toHaveLength(investments.length - 1);
    expect(cents(last?.invested ?? 0) + demoPrincipal).toBe(cents(active.reduce((s, i) => s + i.amount, 0)));
  });

  it("equals a replay of the caller's own transactions, day by day, quiet days carrying the day before", async () => {
    const days = await daysOf("?days=90");
    expect(days).toHaveLength(90);
    const { transactions } = (await expectStatus(http("GET", "/transactions", { token: await tokenOf(investor) }), 200))
      .json as { transactions: Transaction[] };
    expect(days).toEqual(
      replay(
        transactions,
        days.map((d) => d.day),
      ),
    );
    const on = (offset: number) => days.find((d) => d.day === nairobiDayFromToday(offset));
    // The deposit at 23:30 is that Nairobi day's, not the next (UTC) one's.
    expect(on(-5)?.wallet).toBe(5_000);
    // The trial's reward (KES 5 on its KES 500) is that day's demo reward, not a real one.
    expect(on(-6)).toEqual({
      day: nairobiDayFromToday(-6),
      wallet: 0,
      invested: 0,
      value: 0,
      rewards: 0,
      demo: 1_005,
      demoRewards: 5,
    });
    expect({ ...on(-4), day: "" }).toEqual({ ...on(-5), day: "" });
    expect({ ...on(-3), day: "" }).toEqual({ ...on(-5), day: "" });
    expect(on(-1)).toMatchObject({ rewards: 10, demoRewards: 0 });
    // The short investment's KES 300 was invested two days ago and came back yesterday.
    expect(on(-2)?.invested).toBe(1_300);
    expect(on(-1)?.invested).toBe(1_000);
    expect(transactions.filter((t) => t.type === "capital").map((t) => [t.amount, t.balance])).toEqual([
      [300, "wallet"],
    ]);
    // Before the account existed: nothing.
    expect(days[0]).toEqual({
      day: days[0]?.day,
      wallet: 0,
      invested: 0,
      value: 0,
      rewards: 0,
      demo: 0,
      demoRewards: 0,
    });
    // The 30-day answer is the last 30 days of the 90.
    expect(await daysOf("?days=30")).toEqual(days.slice(-30));
  });

  it("shows only the caller's own money", async () => {
    const theirs = await daysOf("", friend);
    expect(theirs.at(-1)).toMatchObject({ wallet: 1_300, invested: 700, value: 2_000, demo: 1_000 });
    const { transactions } = (await expectStatus(http("GET", "/transactions", { token: await tokenOf(friend) }), 200))
      .json as { transactions: Transaction[] };
    expect(theirs).toEqual(
      replay(
        transactions,
        theirs.map((d) => d.day),
      ),
    );
  });

  it.each([["7"], ["60"], ["31"], ["ninety"], ["30.0"]])("refuses days=%s with 400 { message }", async (days) => {
    const { json } = await expectStatus(history(`?days=${days}`), 400);
    expect(json).toEqual({ message: "days must be 30 or 90" });
  });

  it("needs a session", async () => {
    await expectStatus(http("GET", "/portfolio/history"), 401);
  });
});
