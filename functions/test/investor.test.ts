import type { Investment, Package, Referral, Transaction, User, Withdrawal } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { handler as buy } from "../src/handlers/http/buy-investment.js";
import { handler as claim } from "../src/handlers/http/claim-investment-reward.js";
import { handler as listInvestments } from "../src/handlers/http/list-investments.js";
import { handler as listPackages } from "../src/handlers/http/list-packages.js";
import { handler as listReferrals } from "../src/handlers/http/list-referrals.js";
import { handler as listTransactions } from "../src/handlers/http/list-transactions.js";
import { handler as listWithdrawals } from "../src/handlers/http/list-withdrawals.js";
import { handler as requestWithdrawal } from "../src/handlers/http/request-withdrawal.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { readItem, readStats } from "./support/db.js";
import { call, gatewayEvent } from "./support/events.js";
import { depositToWallet, expectLedgerToMatchBalances } from "./support/money.js";
import { createPackage } from "./support/packages.js";
import { registerUser } from "./support/users.js";

type Message = { message: string };
type Bought = { investment: Investment; user: User };

const buyAs = (token: string, body: unknown) =>
  call<Bought & Message>(buy, gatewayEvent("buy-investment", { token, body }));
const claimAs = (token: string, id: string) =>
  call<{ reward: number; investment: Investment; user: User } & Message>(
    claim,
    gatewayEvent("claim-investment-reward", { token, pathParameters: { id } }),
  );
const withdrawAs = (token: string, body: unknown) =>
  call<{ withdrawal: Withdrawal; user: User } & Message>(
    requestWithdrawal,
    gatewayEvent("request-withdrawal", { token, body }),
  );

describe("GET /packages", () => {
  it("lists packages with the spec's fields, amounts in KES", async () => {
    const pkg = await createPackage({ name: "Geothermal Power Plan", company: "KenGen", priceCents: 100_000 });
    const { token } = await registerUser();
    const { statusCode, body } = await call<{ packages: Package[] }>(
      listPackages,
      gatewayEvent("list-packages", { token }),
    );
    expect(statusCode).toBe(200);
    expect(body.packages.find((p) => p._id === pkg.id)).toEqual({
      _id: pkg.id,
      name: "Geothermal Power Plan",
      company: "KenGen",
      description: pkg.description,
      price: 1000,
      image: pkg.image,
      category: "technology",
      riskLevel: "low",
      monthlyReturnRate: 40,
      dailyReturnRate: 1.3,
      maturityDate: pkg.maturityDate,
    });
  });

  it("requires a signed-in user", async () => {
    expect((await call(listPackages, gatewayEvent("list-packages"))).statusCode).toBe(401);
  });
});

describe("POST /investments/buy", () => {
  it("buys with the trial balance of a trial account and records the investment and its ledger line", async () => {
    const pkg = await createPackage({ priceCents: 50_000 });
    const { token, user } = await registerUser();

    const { statusCode, body } = await buyAs(token, { packageId: pkg.id, amount: 600 });
    expect(statusCode).toBe(201);
    expect(body.user).toMatchObject({ trialBalance: 400, walletBalance: 0, isTrialAccount: true });
    expect(body.investment).toMatchObject({
      package: { _id: pkg.id, name: pkg.name, company: pkg.company, image: pkg.image },
      amount: 600,
      currentValue: 600,
      totalRewardsClaimed: 0,
      dailyReward: 7.8,
      isTrialInvestment: true,
      maturityDate: pkg.maturityDate,
    });
    expect((await readStats())?.totalInvestments).toBeGreaterThanOrEqual(1);
    await expectLedgerToMatchBalances(user._id);

    const list = await call<{ investments: Investment[] }>(
      listInvestments,
      gatewayEvent("list-investments", { token }),
    );
    expect(list.body.investments.map((i) => i._id)).toEqual([body.investment._id]);
  });

  it("buys with the wallet balance once the account is active", async () => {
    const pkg = await createPackage({ priceCents: 50_000 });
    const { token, user } = await registerUser();
    await depositToWallet(user, 200_000);
    const { statusCode, body } = await buyAs(token, { packageId: pkg.id, amount: 1500.5 });
    expect(statusCode).toBe(201);
    expect(body.user).toMatchObject({ walletBalance: 499.5, trialBalance: 1000, isTrialAccount: false });
    expect(body.investment.isTrialInvestment).toBe(false);
    await expectLedgerToMatchBalances(user._id);
  });

  it.each([
    [{ amount: 499.99 }, 400, "Minimum amount is KES 500"],
    [{ amount: 1000.01 }, 400, "Insufficient balance"],
    [{ amount: 600.001 }, 400, "Amount can have at most 2 decimals"],
    [{ amount: -5 }, 400, "Amount must be greater than zero"],
    [{ amount: "600" }, 400, "Amount must be a number"],
    [{ packageId: "01ZZZZZZZZZZZZZZZZZZZZZZZZ" }, 404, "Package not found"],
    [{ packageId: "../../etc" }, 400, "Package is not valid"],
  ])("answers %j with %i %j and changes nothing", async (override, status, message) => {
    const pkg = await createPackage({ priceCents: 50_000 });
    const { token, user } = await registerUser();
    const response = await buyAs(token, { packageId: pkg.id, amount: 600, ...override });
    expect(response).toEqual({ statusCode: status, body: { message } });
    expect((await readItem(keys.user(user._id)))?.trialBalanceCents).toBe(100_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("refuses a package that has matured", async () => {
    const pkg = await createPackage({ maturityDate: new Date(Date.now() - 1000).toISOString() });
    const { token } = await registerUser();
    expect(await buyAs(token, { packageId: pkg.id, amount: 600 })).toEqual({
      statusCode: 400,
      body: { message: "This package has matured and can no longer be bought" },
    });
  });

  it.each([50, 200])(
    "lets exactly K of %i concurrent purchases succeed against a balance covering K, the rest 'Insufficient balance'",
    async (concurrency) => {
      const pkg = await createPackage({ priceCents: 1_000 });
      const { token, user } = await registerUser();
      const covered = 7;
      await depositToWallet(user, covered * 1_500 + 700);
      const results = await Promise.all(
        Array.from({ length: concurrency }, () => buyAs(token, { packageId: pkg.id, amount: 15 })),
      );
      const ok = results.filter((r) => r.statusCode === 201);
      const refused = results.filter((r) => r.statusCode === 400);
      expect(ok).toHaveLength(covered);
      expect(refused).toHaveLength(concurrency - covered);
      expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set(["Insufficient balance"]));
      expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(700);
      await expectLedgerToMatchBalances(user._id);
    },
  );
});

describe("POST /investments/claim/{id}", () => {
  it("credits amount × daily rate once per Nairobi day into the balance the investment was bought with", async () => {
    const pkg = await createPackage({ priceCents: 50_000, dailyReturnRate: 1.3 });
    const { token, user } = await registerUser();
    const bought = await buyAs(token, { packageId: pkg.id, amount: 777.77 });

    const first = await claimAs(token, bought.body.investment._id);
    expect(first.statusCode).toBe(200);
    // 777.77 × 1.3% = 10.11101 → 10.11 (rounded down to the cent)
    expect(first.body.reward).toBe(10.11);
    expect(first.body.user.trialBalance).toBe(232.34); // 1000 − 777.77 + 10.11
    expect(first.body.investment).toMatchObject({ totalRewardsClaimed: 10.11, currentValue: 787.88 });
    expect(first.body.investment.lastClaimDate).toEqual(expect.any(String));

    const second = await claimAs(token, bought.body.investment._id);
    expect(second).toEqual({ statusCode: 409, body: { message: "Reward already claimed today. Come back tomorrow!" } });
    await expectLedgerToMatchBalances(user._id);
  });

  it("answers 404 for another user's investment and for an unknown id", async () => {
    const pkg = await createPackage();
    const owner = await registerUser();
    const other = await registerUser();
    const bought = await buyAs(owner.token, { packageId: pkg.id, amount: 500 });
    expect(await claimAs(other.token, bought.body.investment._id)).toEqual({
      statusCode: 404,
      body: { message: "Investment not found" },
    });
    expect((await claimAs(other.token, "01ZZZZZZZZZZZZZZZZZZZZZZZZ")).statusCode).toBe(404);
    expect((await claimAs(other.token, "not-an-id")).statusCode).toBe(400);
  });

  it("pays exactly one of 50 concurrent claims on one investment", async () => {
    const pkg = await createPackage();
    const { token, user } = await registerUser();
    const bought = await buyAs(token, { packageId: pkg.id, amount: 1000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => claimAs(token, bought.body.investment._id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect((await readItem(keys.user(user._id)))?.trialBalanceCents).toBe(1_300);
    await expectLedgerToMatchBalances(user._id);
  });
});

describe("referral bonus", () => {
  it("is paid once, into the referrer's wallet, on the friend's first real-money investment only", async () => {
    const pkg = await createPackage({ priceCents: 30_000 });
    const referrer = await registerUser();
    const friend = await registerUser({ referralCode: referrer.user.referralCode });
    const referralsOf = async () =>
      (await call<{ referrals: Referral[] }>(listReferrals, gatewayEvent("list-referrals", { token: referrer.token })))
        .body.referrals;

    expect(await referralsOf()).toEqual([
      expect.objectContaining({
        reward: 100,
        rewardPaid: false,
        referred: expect.objectContaining({ firstName: "Wanjiru" }),
      }),
    ]);

    // A trial purchase is demo money: no bonus.
    await buyAs(friend.token, { packageId: pkg.id, amount: 300 });
    expect((await referralsOf())[0]?.rewardPaid).toBe(false);

    await depositToWallet(friend.user, 100_000);
    await buyAs(friend.token, { packageId: pkg.id, amount: 300 });
    await buyAs(friend.token, { packageId: pkg.id, amount: 300 });

    expect((await referralsOf())[0]?.rewardPaid).toBe(true);
    const stored = await readItem(keys.user(referrer.user._id));
    expect(stored).toMatchObject({ walletBalanceCents: 10_000, totalReferralEarningsCents: 10_000 });
    await expectLedgerToMatchBalances(referrer.user._id);
    await expectLedgerToMatchBalances(friend.user._id);
  });

  it("is paid once when the friend's two first purchases race", async () => {
    const pkg = await createPackage({ priceCents: 30_000 });
    const referrer = await registerUser();
    const friend = await registerUser({ referralCode: referrer.user.referralCode });
    await depositToWallet(friend.user, 200_000);
    const results = await Promise.all([1, 2, 3, 4].map(() => buyAs(friend.token, { packageId: pkg.id, amount: 300 })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await readItem(keys.user(referrer.user._id)))?.walletBalanceCents).toBe(10_000);
    await expectLedgerToMatchBalances(referrer.user._id);
  });
});

describe("POST /withdrawals", () => {
  it("holds the amount at once and lists the pending request and its ledger line", async () => {
    const { token, user, input } = await registerUser();
    await depositToWallet(user, 50_000);
    // To the registered number as typed (07…): stored in its 254… form (design.md §12.2).
    const { statusCode, body } = await withdrawAs(token, { amount: 120, phoneNumber: input.phoneNumber });
    expect(statusCode).toBe(201);
    expect(body.user.walletBalance).toBe(380);
    expect(user.phoneNumber).toMatch(/^2547\d{8}$/);
    expect(body.withdrawal).toMatchObject({
      amount: 120,
      phoneNumber: user.phoneNumber,
      status: "pending",
      user: { firstName: "Wanjiru", lastName: "Kamau" },
    });
    expect(body.withdrawal.transactionReference).toMatch(/^WD-[0-9A-Z]{10}$/);

    const own = await call<{ withdrawals: Withdrawal[] }>(listWithdrawals, gatewayEvent("list-withdrawals", { token }));
    expect(own.body.withdrawals.map((w) => w._id)).toEqual([body.withdrawal._id]);
    const history = await call<{ transactions: Transaction[] }>(
      listTransactions,
      gatewayEvent("list-transactions", { token }),
    );
    expect(history.body.transactions[0]).toMatchObject({
      type: "withdrawal",
      amount: -120,
      status: "pending",
      reference: body.withdrawal.transactionReference,
      phoneNumber: user.phoneNumber,
    });
    await expectLedgerToMatchBalances(user._id);
  });

  it.each([
    [{ amount: 0.5 }, "Minimum withdrawal amount is KES 1"],
    [{ amount: 5 }, "Minimum withdrawal to M-Pesa is KES 10"],
    [{ amount: 10.5 }, "M-Pesa withdrawals are in whole shillings"],
    [{ amount: 501 }, "Insufficient balance"],
    [{ amount: 250_001 }, "Maximum withdrawal to M-Pesa is KES 250,000"],
    [{ phoneNumber: "" }, "Please enter a valid Kenyan phone number, e.g. 0712345678 or 254712345678"],
    [{ phoneNumber: undefined }, "Phone number is required"],
  ])("answers %j with 400 %j and holds nothing", async (override, message) => {
    const { token, user } = await registerUser();
    await depositToWallet(user, 50_000);
    const response = await withdrawAs(token, { amount: 100, phoneNumber: user.phoneNumber, ...override });
    expect(response).toEqual({ statusCode: 400, body: { message } });
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(50_000);
  });

  it("never pays out trial money", async () => {
    const { token, user } = await registerUser();
    expect(await withdrawAs(token, { amount: 100, phoneNumber: user.phoneNumber })).toEqual({
      statusCode: 400,
      body: { message: "Trial balance cannot be withdrawn. Deposit via M-Pesa to fund your wallet." },
    });
  });
});
