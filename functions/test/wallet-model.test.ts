/**
 * Model-based test of the wallet rules (quality R8): fast-check generates command sequences; each runs against the
 * real services on DynamoDB Local and against a plain in-memory model; both must accept or refuse alike, and the
 * balances must agree after every command.
 */
import { randomUUID } from "node:crypto";
import { dailyRewardCents } from "@jengafund/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { statusOf } from "../src/http/middleware.js";
import { DomainError } from "../src/kernel/errors.js";
import type { PackageRecord } from "../src/kernel/records.js";
import type { Actor } from "../src/modules/admin-controls/admin.js";
import { signInAsAdmin } from "./support/admin.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { createPackage } from "./support/packages.js";
import { buildServices, manualClock } from "./support/services.js";
import { registerUser } from "./support/users.js";

interface Model {
  trial: number;
  wallet: number;
  isTrial: boolean;
  investments: { amount: number; rate: number; kind: "trial" | "wallet"; lastDay: number | null }[];
  day: number;
}

interface Real {
  userId: string;
  user: Awaited<ReturnType<typeof registerUser>>["user"];
  services: ReturnType<typeof buildServices>;
  adjustments: ReturnType<typeof buildServices>["adjustments"];
  /** The admin the balance adjustments are recorded as done by. */
  actor: Actor;
  clock: ReturnType<typeof manualClock>;
  packages: PackageRecord[];
  investmentIds: string[];
}

async function outcome(action: () => Promise<unknown>): Promise<"ok" | string> {
  try {
    await action();
    return "ok";
  } catch (error) {
    if (error instanceof DomainError && statusOf(error) < 500) return error.message;
    throw error;
  }
}

async function expectSameBalances(model: Model, real: Real) {
  const user = await real.services.accounts.getUser(real.userId);
  expect({ trial: user?.trialBalanceCents, wallet: user?.walletBalanceCents, isTrial: user?.isTrialAccount }).toEqual({
    trial: model.trial,
    wallet: model.wallet,
    isTrial: model.isTrial,
  });
}

const caller = async (real: Real) => {
  const user = await real.services.accounts.getUser(real.userId);
  if (!user) throw new Error("user not found");
  return user;
};

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(readonly cents: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await depositToWallet(real.user, this.cents);
    model.wallet += this.cents;
    model.isTrial = false;
    await expectSameBalances(model, real);
  }
  toString = () => `Deposit(${this.cents})`;
}

class Buy implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly packageIndex: number,
    readonly extraCents: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const pkg = real.packages[this.packageIndex % real.packages.length] as PackageRecord;
    const amount = pkg.priceCents + this.extraCents;
    const kind = model.isTrial ? "trial" : "wallet";
    const expected = model[kind] >= amount ? "ok" : "Insufficient balance";
    let id = "";
    const actual = await outcome(async () => {
      const { investment } = await real.services.investments.buy({
        buyer: await caller(real),
        package: pkg,
        amountKes: amount / 100,
        requestId: randomUUID(),
      });
      id = investment.id;
    });
    expect(actual).toBe(expected);
    if (actual === "ok") {
      model[kind] -= amount;
      model.investments.push({ amount, rate: pkg.dailyReturnRate, kind, lastDay: null });
      real.investmentIds.push(id);
    }
    await expectSameBalances(model, real);
  }
  toString = () => `Buy(${this.packageIndex}, +${this.extraCents})`;
}

class Claim implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.investments.length > 0;
  async run(model: Model, real: Real) {
    const i = this.index % model.investments.length;
    const modelled = model.investments[i] as Model["investments"][number];
    const stored = (await real.services.investor.listInvestments(real.userId)).find(
      (x) => x.id === real.investmentIds[i],
    );
    const expected = modelled.lastDay === model.day ? "Reward already claimed today. Come back tomorrow!" : "ok";
    const actual = await outcome(async () =>
      real.services.investments.claim({ claimant: await caller(real), investment: stored, requestId: randomUUID() }),
    );
    expect(actual).toBe(expected);
    if (actual === "ok") {
      model[modelled.kind] += dailyRewardCents(modelled.amount, modelled.rate);
      modelled.lastDay = model.day;
    }
    await expectSameBalances(model, real);
  }
  toString = () => `Claim(${this.index})`;
}

class NextDay implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    real.clock.advance(86_400_000);
    model.day += 1;
  }
  toString = () => "NextDay";
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(readonly kes: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const cents = this.kes * 100;
    const expected =
      this.kes < 10
        ? "Minimum withdrawal to M-Pesa is KES 10"
        : model.wallet >= cents
          ? "ok"
          : model.isTrial && model.wallet === 0
            ? "Trial balance cannot be withdrawn. Deposit via M-Pesa to fund your wallet."
            : "Insufficient balance";
    const actual = await outcome(async () => {
      const user = await caller(real);
      // To the account's own registered number: payouts go nowhere else (design.md §12.2).
      return real.services.withdrawals.request({
        user,
        amountKes: this.kes,
        phoneNumber: user.phoneNumber,
        requestId: randomUUID(),
      });
    });
    expect(actual).toBe(expected);
    if (actual === "ok") model.wallet -= cents;
    await expectSameBalances(model, real);
  }
  toString = () => `Withdraw(${this.kes})`;
}

class Adjust implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly type: "credit" | "debit",
    readonly cents: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const signed = this.type === "credit" ? this.cents : -this.cents;
    const expected = model.wallet + signed >= 0 ? "ok" : "refused";
    const actual = await outcome(async () => {
      const result = await real.adjustments.adjust({
        subject: await caller(real),
        adjustment: { amount: this.cents / 100, type: this.type, reason: "model test" },
        requestId: randomUUID(),
        actor: real.actor,
      });
      if (result.outcome !== "applied") throw new Error("A solo-sized adjustment went to a second admin");
    });
    expect(actual === "ok" ? "ok" : "refused").toBe(expected);
    if (actual === "ok") model.wallet += signed;
    await expectSameBalances(model, real);
  }
  toString = () => `Adjust(${this.type}, ${this.cents})`;
}

const commands = [
  fc.integer({ min: 1, max: 200_000 }).map((c) => new Deposit(c)),
  fc.tuple(fc.nat(10), fc.integer({ min: 0, max: 60_000 })).map(([p, x]) => new Buy(p, x)),
  fc.nat(20).map((i) => new Claim(i)),
  fc.constant(new NextDay()),
  fc.integer({ min: 1, max: 3_000 }).map((k) => new Withdraw(k)),
  fc
    .tuple(fc.constantFrom("credit" as const, "debit" as const), fc.integer({ min: 1, max: 100_000 }))
    .map(([t, c]) => new Adjust(t, c)),
];

describe("wallet rules against an in-memory model", () => {
  it("agree after every command of generated sequences", async () => {
    const packages = [
      await createPackage({ priceCents: 30_000, dailyReturnRate: 1.3 }),
      await createPackage({ priceCents: 45_050, dailyReturnRate: 0.75 }),
    ];
    const adminUser = await buildServices({ clock: manualClock(new Date()) }).accounts.getUser(
      (await signInAsAdmin()).user._id,
    );
    if (!adminUser) throw new Error("admin not found");
    const actor: Actor = { user: adminUser, ip: "127.0.0.1" };
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const { user } = await registerUser();
        const clock = manualClock(new Date("2026-11-22T06:00:00.000Z"));
        // The wallet rules under test, not the four-eyes limits (four-eyes.test.ts): every run's adjustments fall on
        // one day, which a real day's solo ceiling would soon send to a second admin.
        const services = buildServices({
          clock,
          adjustmentLimits: { soloMaxKes: 10_000, soloDailyMaxKes: 10_000_000 },
        });
        const real: Real = {
          userId: user._id,
          user,
          services,
          adjustments: services.adjustments,
          actor,
          clock,
          packages,
          investmentIds: [],
        };
        const model: Model = { trial: 100_000, wallet: 0, isTrial: true, investments: [], day: 0 };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await expectLedgerToMatchBalances(user._id);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
