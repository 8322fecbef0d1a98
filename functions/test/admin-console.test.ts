import {
  type AuthResponse,
  PACKAGE_RATE_MESSAGES,
  type Package,
  type PackageChange,
  type PackageInput,
  type Transaction,
  type User,
  type Withdrawal,
} from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as adjustBalance } from "../src/handlers/http/adjust-user-balance.js";
import { handler as buy } from "../src/handlers/http/buy-investment.js";
import { handler as createPackage } from "../src/handlers/http/create-package.js";
import { handler as deletePackage } from "../src/handlers/http/delete-package.js";
import { handler as exportTransactions } from "../src/handlers/http/export-admin-transactions.js";
import { handler as stats } from "../src/handlers/http/get-admin-stats.js";
import { handler as listTransactions } from "../src/handlers/http/list-admin-transactions.js";
import { handler as listUsers } from "../src/handlers/http/list-admin-users.js";
import { handler as listWithdrawals } from "../src/handlers/http/list-admin-withdrawals.js";
import { handler as listInvestments } from "../src/handlers/http/list-investments.js";
import { handler as listPackages } from "../src/handlers/http/list-packages.js";
import { handler as processWithdrawal } from "../src/handlers/http/process-withdrawal.js";
import { handler as requestWithdrawal } from "../src/handlers/http/request-withdrawal.js";
import { handler as updatePackage } from "../src/handlers/http/update-package.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { approvedPackage, signInAsAdmin } from "./support/admin.js";
import { itemsOfUser, readItem } from "./support/db.js";
import { call, gatewayEvent, testContext } from "./support/events.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { fundingAdminToken } from "./support/payouts.js";
import { registerUser } from "./support/users.js";

type Message = { message: string };
type PageOf<K extends string, T> = { [P in K]: T[] } & {
  page: number;
  totalPages: number;
  total: number;
  nextCursor?: string;
};

let admin: AuthResponse;
beforeAll(async () => {
  admin = await signInAsAdmin();
});

const asAdmin = {
  get token() {
    return admin.token;
  },
};
/** Funding comes from a second admin: the admin under test decides payouts, and may not fund what it approves. */
const credit = async (userId: string, amount: number) =>
  call(
    adjustBalance,
    gatewayEvent("adjust-user-balance", {
      token: await fundingAdminToken(),
      pathParameters: { id: userId },
      body: { amount, type: "credit", reason: "test funding" },
    }),
  );
/** A withdrawal to the investor's own registered number (payouts go only to the account's numbers: design.md §12.2). */
const withdraw = ({ token, user }: { token: string; user: { phoneNumber: string } }, amount: number) =>
  call<{ withdrawal: Withdrawal }>(
    requestWithdrawal,
    gatewayEvent("request-withdrawal", { token, body: { amount, phoneNumber: user.phoneNumber } }),
  );
const process = (id: string, body: unknown, token = asAdmin.token) =>
  call<{ withdrawal: Withdrawal } & Message>(
    processWithdrawal,
    gatewayEvent("process-withdrawal", { token, pathParameters: { id }, body }),
  );

const packageBody: PackageInput = {
  name: "Rift Valley Railways",
  company: "Kenya Railways",
  description: "Freight from Mombasa to Kampala.",
  price: 450,
  image: "https://images.example.com/rail.png",
  category: "transport",
  riskLevel: "medium",
  monthlyReturnRate: 40,
  dailyReturnRate: 1.3,
  maturityDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
};

describe("GET /admin/stats", () => {
  it("reports the eight statistics from the counters", async () => {
    await fundingAdminToken(); // registered before the first count, so only the investor below is new
    const before = await call<{ stats: Record<string, number> }>(
      stats,
      gatewayEvent("get-admin-stats", { token: asAdmin.token }),
    );
    const { user, token } = await registerUser();
    await credit(user._id, 2000);
    await withdraw({ token, user }, 100);
    const after = await call<{ stats: Record<string, number> }>(
      stats,
      gatewayEvent("get-admin-stats", { token: asAdmin.token }),
    );
    // The spec's eight figures, and issue 21's deposits by channel and open unmatched payments.
    expect(Object.keys(after.body.stats).sort()).toEqual(
      [
        "activeInvestments",
        "depositsByChannel",
        "unmatchedPayments",
        "newUsersToday",
        "pendingWithdrawals",
        "totalInvestments",
        "totalPackages",
        "totalRevenue",
        "totalTransactions",
        "totalUsers",
      ].sort(),
    );
    const delta = (name: string) => (after.body.stats[name] ?? 0) - (before.body.stats[name] ?? 0);
    expect(delta("totalUsers")).toBe(1);
    expect(delta("newUsersToday")).toBe(1);
    expect(delta("pendingWithdrawals")).toBe(1);
    expect(delta("totalTransactions")).toBe(3); // trial credit, adjustment, withdrawal hold
    expect(after.body.stats.totalPackages).toBeGreaterThanOrEqual(9);
  });
});

describe("GET /admin/users", () => {
  it("pages newest first, ten a page, by cursor or by page number, and searches by email, name and phone prefix", async () => {
    const made: User[] = [];
    for (let i = 0; i < 23; i++) {
      made.push(
        (
          await registerUser({
            firstName: `Zawadi${i}`,
            email: `zawadi.${i}.${Date.now()}@pages.example`,
            phoneNumber: `0745${String(100000 + i)}`,
          })
        ).user,
      );
    }
    const page1 = await call<PageOf<"users", User>>(
      listUsers,
      gatewayEvent("list-admin-users", { token: asAdmin.token, query: { page: "1", limit: "10" } }),
    );
    expect(page1.statusCode).toBe(200);
    expect(page1.body.users).toHaveLength(10);
    expect(page1.body.users[0]?._id).toBe(made.at(-1)?._id);
    expect(page1.body.totalPages).toBe(Math.ceil(page1.body.total / 10));
    expect(JSON.stringify(page1.body)).not.toMatch(/passwordHash/);

    const byCursor = await call<PageOf<"users", User>>(
      listUsers,
      gatewayEvent("list-admin-users", {
        token: asAdmin.token,
        query: { page: "2", limit: "10", cursor: page1.body.nextCursor ?? "" },
      }),
    );
    const byNumber = await call<PageOf<"users", User>>(
      listUsers,
      gatewayEvent("list-admin-users", { token: asAdmin.token, query: { page: "2", limit: "10" } }),
    );
    expect(byCursor.body.users.map((u) => u._id)).toEqual(byNumber.body.users.map((u) => u._id));
    expect(byCursor.body.users[0]?._id).toBe(made.at(-11)?._id);

    const search = async (text: string) =>
      (
        await call<PageOf<"users", User>>(
          listUsers,
          gatewayEvent("list-admin-users", { token: asAdmin.token, query: { page: "1", limit: "10", search: text } }),
        )
      ).body;
    expect((await search("zawadi.7.")).users.map((u) => u._id)).toEqual([made[7]?._id]);
    expect((await search("Zawadi12 Kam")).users.map((u) => u._id)).toEqual([made[12]?._id]);
    expect((await search("0745100003")).users.map((u) => u._id)).toEqual([made[3]?._id]);
    expect((await search("zawadi")).total).toBeGreaterThanOrEqual(23);
  });
});

describe("packages", () => {
  it("creates (with a second admin), updates and deletes a package; investments keep the deleted package's name, company and image", async () => {
    const asked = await call<{ change: PackageChange } & Message>(
      createPackage,
      gatewayEvent("create-package", { token: asAdmin.token, body: packageBody }),
    );
    expect(asked.statusCode).toBe(202);
    expect(asked.body).toMatchObject({
      message: "Sent to a second admin for approval",
      change: { kind: "create", status: "pending", fields: { name: "Rift Valley Railways", price: 450 } },
    });
    const created = await approvedPackage(asAdmin.token, packageBody);
    expect(created).toMatchObject({ name: "Rift Valley Railways", price: 450, dailyReturnRate: 1.3 });
    const id = created._id;

    // Words change at once; the price stays as approved.
    const updated = await call<{ package: Package }>(
      updatePackage,
      gatewayEvent("update-package", {
        token: asAdmin.token,
        pathParameters: { id },
        body: { ...packageBody, description: "Freight on the standard gauge line" },
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.body.package).toMatchObject({ price: 450, description: "Freight on the standard gauge line" });

    const investor = await registerUser();
    const bought = await call(
      buy,
      gatewayEvent("buy-investment", { token: investor.token, body: { packageId: id, amount: 450 } }),
    );
    expect(bought.statusCode).toBe(201);

    const deleted = await call<Message>(
      deletePackage,
      gatewayEvent("delete-package", { token: asAdmin.token, pathParameters: { id } }),
    );
    expect(deleted).toEqual({ statusCode: 200, body: { message: "Package deleted successfully" } });
    const again = await call<Message>(
      deletePackage,
      gatewayEvent("delete-package", { token: asAdmin.token, pathParameters: { id } }),
    );
    expect(again).toEqual({ statusCode: 404, body: { message: "Package not found" } });

    const investments = await call<{ investments: { package: { name: string; company: string; image: string } }[] }>(
      listInvestments,
      gatewayEvent("list-investments", { token: investor.token }),
    );
    expect(investments.body.investments[0]?.package).toMatchObject({
      name: "Rift Valley Railways",
      company: "Kenya Railways",
      image: packageBody.image,
    });
    const rebuy = await call<Message>(
      buy,
      gatewayEvent("buy-investment", { token: investor.token, body: { packageId: id, amount: 450 } }),
    );
    expect(rebuy).toEqual({ statusCode: 404, body: { message: "Package not found" } });
  });

  it.each([
    [{ price: 0 }, "Price must be at least KES 1"],
    [{ image: "not a url" }, "Image must be a URL"],
    [{ name: "" }, "Name is required"],
    [{ dailyReturnRate: -0.1 }, "Daily return rate cannot be negative"],
    [{ maturityDate: "someday" }, "Maturity date must be a date"],
    [{ category: "crypto" }, "Choose a category"],
    // The product's promise, "returns of up to 40% monthly" (design.md §13.1).
    [{ monthlyReturnRate: 40.01 }, "Monthly return rate must be at most 40"],
    [{ monthlyReturnRate: 100, dailyReturnRate: 1 }, "Monthly return rate must be at most 40"],
    [{ monthlyReturnRate: 40, dailyReturnRate: 1.43 }, PACKAGE_RATE_MESSAGES.dailyAboveMonthly],
    [{ monthlyReturnRate: 20, dailyReturnRate: 0.72 }, PACKAGE_RATE_MESSAGES.dailyAboveMonthly],
    [{ name: "Safaricom \u202E0001 SEK" }, "Name cannot contain control or text-direction characters"],
    [{ company: "KenGen\nLtd" }, "Company cannot contain control or text-direction characters"],
  ])("refuses %j with 400 %j", async (override, message) => {
    const response = await call<Message>(
      createPackage,
      gatewayEvent("create-package", { token: asAdmin.token, body: { ...packageBody, ...override } }),
    );
    expect(response).toEqual({ statusCode: 400, body: { message } });
  });

  it("refuses the review's 100 %-a-day package, to create or by update, and writes nothing (design.md §13.1)", async () => {
    const listed = async () =>
      (await call<{ packages: Package[] }>(listPackages, gatewayEvent("list-packages", { token: asAdmin.token }))).body
        .packages;
    const before = await listed();
    const minting = { ...packageBody, monthlyReturnRate: 40, dailyReturnRate: 100 };
    const refused = await call<Message>(
      createPackage,
      gatewayEvent("create-package", { token: asAdmin.token, body: minting }),
    );
    expect(refused).toEqual({ statusCode: 400, body: { message: PACKAGE_RATE_MESSAGES.dailyAboveMonthly } });
    expect(await listed()).toEqual(before);

    const id = (await approvedPackage(asAdmin.token, packageBody))._id;
    const raised = await call<Message>(
      updatePackage,
      gatewayEvent("update-package", { token: asAdmin.token, pathParameters: { id }, body: minting }),
    );
    expect(raised).toEqual({ statusCode: 400, body: { message: PACKAGE_RATE_MESSAGES.dailyAboveMonthly } });
    expect((await listed()).find((pkg) => pkg._id === id)).toMatchObject({
      monthlyReturnRate: 40,
      dailyReturnRate: 1.3,
    });
  });

  it("takes the edge of the promise: a daily rate of exactly the monthly rate / 28", async () => {
    const response = await call<{ change: PackageChange }>(
      createPackage,
      gatewayEvent("create-package", {
        token: asAdmin.token,
        body: { ...packageBody, monthlyReturnRate: 28, dailyReturnRate: 1 },
      }),
    );
    expect(response.statusCode).toBe(202);
    expect(response.body.change.fields).toMatchObject({ monthlyReturnRate: 28, dailyReturnRate: 1 });
  });

  it("accepts a site path as the image, like the seeded packages", async () => {
    const response = await call(
      createPackage,
      gatewayEvent("create-package", {
        token: asAdmin.token,
        body: { ...packageBody, image: "/images/packages/kengen.svg" },
      }),
    );
    expect(response.statusCode).toBe(202);
  });
});

describe("GET /admin/transactions", () => {
  it("filters by type and status with exact totals, searches by reference and user, and exports CSV", async () => {
    const { user, token } = await registerUser({ firstName: "Filter", lastName: "Person" });
    await credit(user._id, 5000);
    const holds: Withdrawal[] = [];
    for (let i = 0; i < 12; i++) holds.push((await withdraw({ token, user }, 10 + i)).body.withdrawal);

    const list = async (query: Record<string, string>) =>
      (
        await call<PageOf<"transactions", Transaction>>(
          listTransactions,
          gatewayEvent("list-admin-transactions", {
            token: asAdmin.token,
            query: { page: "1", limit: "10", type: "", status: "", search: "", ...query },
          }),
        )
      ).body;

    const pendingWithdrawals = await list({ type: "withdrawal", status: "pending" });
    expect(pendingWithdrawals.transactions).toHaveLength(10);
    expect(pendingWithdrawals.transactions.every((t) => t.type === "withdrawal" && t.status === "pending")).toBe(true);
    expect(pendingWithdrawals.total).toBeGreaterThanOrEqual(12);
    expect(pendingWithdrawals.transactions[0]?.amount).toBe(-21);

    const adjustments = await list({ type: "adjustment" });
    expect(adjustments.transactions.every((t) => t.type === "adjustment")).toBe(true);
    const completed = await list({ status: "completed" });
    expect(completed.transactions.every((t) => t.status === "completed")).toBe(true);

    const byReference = await list({ search: holds[3]?.transactionReference ?? "" });
    expect(byReference.transactions.map((t) => t.reference)).toEqual([holds[3]?.transactionReference]);
    const byEmail = await list({ search: user.email, type: "withdrawal" });
    expect(byEmail.total).toBe(12);
    expect(byEmail.totalPages).toBe(2);

    const csv = await exportTransactions(
      gatewayEvent("export-admin-transactions", {
        token: asAdmin.token,
        query: { search: user.email, type: "", status: "" },
      }),
      testContext,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers?.["content-type"]).toMatch(/^text\/csv/);
    const lines = (csv.body ?? "").trim().split("\r\n");
    expect(lines[0]).toBe(
      "Date (EAT),Type,Description,User,Email,Amount (KES),Balance,Status,Reference,M-Pesa ID,Phone",
    );
    expect(lines).toHaveLength(1 + 14); // header + trial credit + adjustment + 12 holds
    expect(lines.some((l) => l.includes(",withdrawal,") && l.includes(",-21.00,"))).toBe(true);
  });

  it("refuses unknown filters with 400", async () => {
    const response = await call<Message>(
      listTransactions,
      gatewayEvent("list-admin-transactions", { token: asAdmin.token, query: { type: "bribe" } }),
    );
    expect(response).toEqual({ statusCode: 400, body: { message: "Unknown transaction type" } });
  });
});

describe("withdrawals", () => {
  it("lists by status and approves a pending withdrawal once", async () => {
    const { user, token } = await registerUser();
    await credit(user._id, 1000);
    const { withdrawal } = (await withdraw({ token, user }, 250)).body;

    const pending = await call<PageOf<"withdrawals", Withdrawal>>(
      listWithdrawals,
      gatewayEvent("list-admin-withdrawals", {
        token: asAdmin.token,
        query: { page: "1", limit: "10", status: "pending" },
      }),
    );
    expect(pending.body.withdrawals.map((w) => w._id)).toContain(withdrawal._id);

    const approved = await process(withdrawal._id, { status: "approved", reason: "" });
    expect(approved.statusCode).toBe(200);
    expect(approved.body.withdrawal).toMatchObject({
      status: "approved",
      processedBy: { firstName: "Platform", lastName: "Admin" },
    });
    expect(await process(withdrawal._id, { status: "rejected", reason: "late" })).toEqual({
      statusCode: 409,
      body: { message: "This withdrawal has already been processed" },
    });
    const approvedList = await call<PageOf<"withdrawals", Withdrawal>>(
      listWithdrawals,
      gatewayEvent("list-admin-withdrawals", { token: asAdmin.token, query: { status: "approved" } }),
    );
    expect(approvedList.body.withdrawals.map((w) => w._id)).toContain(withdrawal._id);
    // The Process dialog follows the one request it has open, whatever its status (design.md §13.6).
    const one = (query: Record<string, string>) =>
      call<PageOf<"withdrawals", Withdrawal> & { message?: string }>(
        listWithdrawals,
        gatewayEvent("list-admin-withdrawals", { token: asAdmin.token, query }),
      );
    const followed = await one({ page: "1", limit: "1", status: "", id: withdrawal._id });
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toMatchObject({ total: 1, totalPages: 1 });
    expect(followed.body.withdrawals).toEqual([
      expect.objectContaining({
        _id: withdrawal._id,
        status: "approved",
        processedBy: { firstName: "Platform", lastName: "Admin" },
      }),
    ]);
    expect((await one({ id: withdrawal._id, status: "pending" })).body).toMatchObject({ withdrawals: [], total: 0 });
    expect((await one({ id: "01JNOSUCHWITHDRAWAL0000000" })).body).toMatchObject({ withdrawals: [], total: 0 });
    expect(await one({ id: "../x" })).toEqual({ statusCode: 400, body: { message: "Withdrawal id is not valid" } });
    // Approval keeps the hold until the payout settles.
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(75_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("rejects with a reason and refunds the hold; a reason is required", async () => {
    const { user, token } = await registerUser();
    await credit(user._id, 1000);
    const { withdrawal } = (await withdraw({ token, user }, 400)).body;
    expect(await process(withdrawal._id, { status: "rejected", reason: "  " })).toEqual({
      statusCode: 400,
      body: { message: "A reason is required to reject a withdrawal" },
    });
    const rejected = await process(withdrawal._id, {
      status: "rejected",
      reason: "Name does not match the M-Pesa account",
    });
    expect(rejected.body.withdrawal).toMatchObject({
      status: "rejected",
      reason: "Name does not match the M-Pesa account",
    });
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(100_000);
    const lines = await itemsOfUser(user._id, "TX#");
    expect(lines.find((l) => l.transactionType === "withdrawal")?.status).toBe("cancelled");
    await expectLedgerToMatchBalances(user._id);
  });

  it("makes exactly one transition when 20 approve and reject calls race (R4)", async () => {
    const { user, token } = await registerUser();
    await credit(user._id, 1000);
    const { withdrawal } = (await withdraw({ token, user }, 300)).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        process(withdrawal._id, i % 2 ? { status: "approved" } : { status: "rejected", reason: "race" }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const winner = results.find((r) => r.statusCode === 200)?.body.withdrawal.status;
    expect((await readItem(keys.user(user._id)))?.walletBalanceCents).toBe(winner === "rejected" ? 100_000 : 70_000);
    await expectLedgerToMatchBalances(user._id);
  });

  it("answers 404 for an unknown withdrawal", async () => {
    expect(await process("01ZZZZZZZZZZZZZZZZZZZZZZZZ", { status: "approved" })).toEqual({
      statusCode: 404,
      body: { message: "Withdrawal not found" },
    });
  });
});
