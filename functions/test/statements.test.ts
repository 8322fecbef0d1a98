/**
 * Statements over real HTTP (design.md §12.6): one investor's money moves through the API — STK and Paybill deposits,
 * a purchase, reward claims, the referral bonus, an admin's credit and debit, withdrawals paid, refused and failed,
 * one asked for on Oct 31 and refused on Nov 1, and two not paid yet (one awaiting approval, one whose payout M-Pesa
 * has not answered) — with the clock of the whole process moved to those days. Then
 * GET /statements is read as CSV and as PDF (pdf.js reads it back) and summed against the ledger and the wallet.
 */
import { BatchWriteCommand, DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { STATEMENT_MAX_ROWS, STATEMENT_MESSAGES, type Withdrawal } from "@jengafund/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultDynamoContext, dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { ledgerItem } from "../src/kernel/dynamo/ledger-items.js";
import { ulid } from "../src/kernel/ids.js";
import { backfillSettledAt } from "../src/migrations/settled-at-backfill.js";
import {
  type Actor,
  actor,
  clockAt,
  devAdmin,
  expectStatus,
  http,
  msisdnOf,
  paybillDeposit,
  signUp,
  stkDeposit,
  tokenOf,
} from "./support/clocked-api.js";
import { itemsOfUser, readItem, setAttributes } from "./support/db.js";
import { expectLedgerToMatchBalances } from "./support/money.js";
import { createPackage } from "./support/packages.js";
import { eventually, usePaymentsStack } from "./support/payments-stack.js";
import { pdfLines } from "./support/pdf-text.js";
import { simulatePhone } from "./support/simulated-phones.js";
import { newRegistration } from "./support/users.js";

const payments = usePaymentsStack();

/** RFC 4180 rows, enough for the statement's CSV (quoted cells may hold commas). */
function csvRows(text: string): string[][] {
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => {
      const cells: string[] = [];
      let cell = "";
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quoted && c === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = !quoted;
        else if (c === "," && !quoted) {
          cells.push(cell);
          cell = "";
        } else cell += c;
      }
      cells.push(cell);
      return cells;
    });
}

const cents = (kes: string) => (kes === "" ? 0 : Math.round(Number(kes.replaceAll(",", "")) * 100));

/** A CSV statement summed: opening, every row's in and out, the closing, and each printed balance checked. */
function summed(text: string) {
  const [header, openingRow, ...rest] = csvRows(text);
  const closingRow = rest.pop();
  expect(header).toEqual(["Date", "Description", "Reference", "M-Pesa receipt", "Money in", "Money out", "Balance"]);
  expect(openingRow?.[1]).toBe("Opening balance");
  expect(closingRow?.[1]).toBe("Closing balance");
  const opening = cents(openingRow?.[6] ?? "NaN");
  let running = opening;
  let moneyIn = 0;
  let moneyOut = 0;
  for (const row of rest) {
    moneyIn += cents(row[4] ?? "");
    moneyOut += cents(row[5] ?? "");
    running += cents(row[4] ?? "") - cents(row[5] ?? "");
    expect(cents(row[6] ?? "NaN"), row.join(",")).toBe(running);
  }
  const closing = cents(closingRow?.[6] ?? "NaN");
  return { opening, moneyIn, moneyOut, closing, rows: rest };
}

const investor = { userId: "", input: newRegistration(), who: actor({ email: "", password: "" }) };
const friend = { userId: "", references: [] as string[] };
const deciderAdmin = devAdmin();
const settledOnBus = () => payments.stack.bus.idle();
let fundingAdmin: Actor;

async function requestWithdrawal(amount: number): Promise<Withdrawal> {
  const { json } = await expectStatus(
    http("POST", "/withdrawals", {
      token: await tokenOf(investor.who),
      body: { amount, phoneNumber: investor.input.phoneNumber },
    }),
    201,
  );
  return json.withdrawal as Withdrawal;
}

async function decide(id: string, status: "approved" | "rejected", reason?: string) {
  const body = { status, ...(reason ? { reason } : {}) };
  return expectStatus(http("PUT", `/admin/withdrawals/${id}`, { token: await tokenOf(deciderAdmin), body }), 200);
}

const withdrawalStatus = async (id: string) => (await readItem(keys.withdrawal(id)))?.status;

/** Another admin, who adjusts balances: the admin who credits an account may not approve its payouts. */
async function newAdmin(): Promise<Actor> {
  const { input, user } = await signUp({ firstName: "Funding", lastName: "Admin" });
  await setAttributes(keys.user(user._id), { role: "admin" });
  return actor(input);
}

const statement = async (query: string) => http("GET", `/statements${query}`, { token: await tokenOf(investor.who) });

/** Items put straight into the table, 25 to a BatchWriteItem, a few batches at a time. */
async function writeAll(items: Record<string, unknown>[]) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  const db = dynamoDocumentClient();
  const worker = async () => {
    for (let batch = batches.pop(); batch; batch = batches.pop()) {
      let pending = batch.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  const pkg = await createPackage({ dailyReturnRate: 1 });

  // October.
  clockAt("2026-10-05T09:00:00");
  fundingAdmin = await newAdmin();
  const registered = await signUp();
  Object.assign(investor, { userId: registered.user._id, input: registered.input, who: actor(registered.input) });
  const referred = await signUp({ referralCode: registered.user.referralCode });
  friend.userId = referred.user._id;
  const friendWho = actor(referred.input);

  clockAt("2026-10-06T10:00:00");
  await stkDeposit(investor.who, 5_000, investor.input.phoneNumber);
  clockAt("2026-10-07T10:00:00");
  await paybillDeposit(investor.input.phoneNumber, "1234.50", settledOnBus, "TS");

  clockAt("2026-10-08T11:00:00");
  const { json: bought } = await expectStatus(
    http("POST", "/investments/buy", {
      token: await tokenOf(investor.who),
      body: { packageId: pkg.id, amount: 1_000 },
    }),
    201,
  );
  const investmentId = String((bought.investment as { _id: string })._id);
  clockAt("2026-10-09T08:00:00");
  await expectStatus(http("POST", `/investments/claim/${investmentId}`, { token: await tokenOf(investor.who) }), 200);

  // The friend's first real-money purchase pays the investor's referral bonus.
  clockAt("2026-10-10T12:00:00");
  await paybillDeposit(referred.input.phoneNumber, "2000.00", settledOnBus, "TS");
  await expectStatus(
    http("POST", "/investments/buy", { token: await tokenOf(friendWho), body: { packageId: pkg.id, amount: 500 } }),
    201,
  );

  clockAt("2026-10-12T09:30:00");
  await expectStatus(
    http("PUT", `/admin/users/${investor.userId}/balance`, {
      token: await tokenOf(fundingAdmin),
      body: { amount: 250, type: "credit", reason: "goodwill" },
    }),
    200,
  );
  await expectStatus(
    http("PUT", `/admin/users/${investor.userId}/balance`, {
      token: await tokenOf(fundingAdmin),
      body: { amount: 75.5, type: "debit", reason: "correction" },
    }),
    200,
  );

  clockAt("2026-10-15T14:00:00");
  const refused = await requestWithdrawal(400);
  clockAt("2026-10-16T09:00:00");
  await decide(refused._id, "rejected", "Details do not match");

  // Asked for late on Oct 31, refused just after midnight: out in October, back in November.
  clockAt("2026-10-31T23:50:00");
  const lateRequest = await requestWithdrawal(700);
  clockAt("2026-11-01T00:10:00");
  await decide(lateRequest._id, "rejected", "Refused after midnight");

  // November.
  clockAt("2026-11-03T10:00:00");
  await expectStatus(http("POST", `/investments/claim/${investmentId}`, { token: await tokenOf(investor.who) }), 200);
  const paid = await requestWithdrawal(600);
  await decide(paid._id, "approved");
  await eventually(async () => (await withdrawalStatus(paid._id)) === "completed");

  clockAt("2026-11-04T10:00:00");
  const restore = await simulatePhone(msisdnOf(investor.input.phoneNumber), { b2c: "254700000001" });
  const failed = await requestWithdrawal(300);
  await decide(failed._id, "approved");
  await eventually(async () => (await withdrawalStatus(failed._id)) === "rejected");
  await restore();

  // Still held today: one awaiting an admin, and one approved whose payout M-Pesa never answers.
  clockAt("2026-11-05T10:00:00");
  await requestWithdrawal(250);
  clockAt("2026-11-06T10:00:00");
  const silent = await simulatePhone(msisdnOf(investor.input.phoneNumber), { b2c: "254700009999" });
  const underway = await requestWithdrawal(150);
  await decide(underway._id, "approved");
  await eventually(async () => (await readItem(keys.withdrawal(underway._id)))?.conversationId !== undefined);
  await silent();

  // Back to the real clock: today is after all of it, and the tokens are signed again on it.
  vi.useRealTimers();
  for (const line of await itemsOfUser(friend.userId, "TX#")) friend.references.push(String(line.reference));
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
});

describe("GET /statements", () => {
  it("answers a CSV whose opening plus money in less money out is its closing, with every balance kept", async () => {
    const answer = await expectStatus(statement("?from=2026-10-01&to=2026-10-31&format=csv"), 200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(
      'attachment; filename="jengafund-statement-2026-10-01-2026-10-31.csv"',
    );
    const october = summed(answer.bytes.toString("utf8"));
    expect(october.opening).toBe(0);
    expect(october.opening + october.moneyIn - october.moneyOut).toBe(october.closing);
    // Each money move of October, in the spec's date format on the Nairobi clock.
    const phone = msisdnOf(investor.input.phoneNumber);
    expect(october.rows.map((row) => `${row[0]} ${row[1]}`)).toEqual([
      expect.stringMatching(new RegExp(`^Oct 06, 2026 10:00 M-Pesa deposit from \\+?${phone}$`)),
      "Oct 07, 2026 10:00 M-Pesa Paybill deposit",
      "Oct 08, 2026 11:00 Investment in Safaricom Growth Fund (Safaricom)",
      "Oct 09, 2026 08:00 Daily reward: Safaricom Growth Fund",
      "Oct 10, 2026 12:00 Referral bonus: Wanjiru Kamau made their first investment",
      "Oct 12, 2026 09:30 Balance credited by admin: goodwill",
      "Oct 12, 2026 09:30 Balance debited by admin: correction",
      `Oct 15, 2026 14:00 Withdrawal to M-Pesa ${phone}`,
      `Oct 16, 2026 09:00 Returned: Withdrawal to M-Pesa ${phone}`,
      `Oct 31, 2026 23:50 Withdrawal to M-Pesa ${phone}`,
    ]);
    // The deposits carry their M-Pesa receipts.
    expect(october.rows[0]?.[3]).toMatch(/^[A-Z0-9]{10}$/);
    expect(october.rows[1]?.[3]).toMatch(/^TS[0-9A-F]{8}$/);
    // In: 5,000 + 1,234.50 (deposits) + 10 (claim) + 100 (referral) + 250 (credit) + 400 (refund).
    expect(october.moneyIn).toBe(500_000 + 123_450 + 1_000 + 10_000 + 25_000 + 40_000);
    // Out: 1,000 (purchase) + 75.50 (debit) + 400 (refused withdrawal) + 700 (asked Oct 31).
    expect(october.moneyOut).toBe(100_000 + 7_550 + 40_000 + 70_000);
    // The withdrawal refused on Nov 1 is not back in October.
    expect(october.rows.filter((row) => row[1]?.startsWith("Returned:"))).toHaveLength(1);
    // Demo money is not in the CSV.
    expect(october.rows.some((row) => /trial/i.test(row[1] ?? ""))).toBe(false);
  });

  it("opens November where October closed, the Nov 1 refund on its own day, and ends today at the wallet", async () => {
    const october = summed(
      (await expectStatus(statement("?from=2026-10-01&to=2026-10-31&format=csv"), 200)).bytes.toString(),
    );
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const november = await expectStatus(statement(`?from=2026-11-01&to=${today}&format=csv`), 200);
    expect(november.headers.get("content-disposition")).toBe(
      `attachment; filename="jengafund-statement-2026-11-01-${today}.csv"`,
    );
    const sums = summed(november.bytes.toString());
    expect(sums.opening).toBe(october.closing);
    expect(sums.opening + sums.moneyIn - sums.moneyOut).toBe(sums.closing);
    const [refund, failedPayout, ...more] = sums.rows.filter((row) => row[1]?.startsWith("Returned:"));
    expect(refund?.[0]).toMatch(/^Nov 01, 2026 00:1\d$/);
    expect(cents(refund?.[4] ?? "")).toBe(70_000);
    // The payout M-Pesa failed went out and came back; the one it paid went out once.
    expect(failedPayout?.[0]).toMatch(/^Nov 04, 2026 10:0\d$/);
    expect(cents(failedPayout?.[4] ?? "")).toBe(30_000);
    expect(more).toEqual([]);
    expect(
      sums.rows.filter((row) => row[1]?.startsWith("Withdrawal to M-Pesa")).map((row) => cents(row[5] ?? "")),
    ).toEqual([60_000, 30_000]);
    const user = await readItem(keys.user(investor.userId));
    expect(sums.closing).toBe(user?.walletBalanceCents);
    await expectLedgerToMatchBalances(investor.userId);
    // The default period is this month so far: the same statement when this month is November.
    const byDefault = await expectStatus(statement("?format=csv"), 200);
    expect(summed(byDefault.bytes.toString()).closing).toBe(user?.walletBalanceCents);
  });

  it("answers the same sums as a PDF, read back with pdf.js, with the demo money apart", async () => {
    const csv = summed(
      (await expectStatus(statement("?from=2026-10-01&to=2026-10-31&format=csv"), 200)).bytes.toString(),
    );
    const answer = await expectStatus(statement("?from=2026-10-01&to=2026-10-31"), 200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(
      'attachment; filename="jengafund-statement-2026-10-01-2026-10-31.pdf"',
    );
    expect(answer.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = (await pdfLines(answer.bytes)).flat();
    const demoAt = text.indexOf("Demo money (not withdrawable)");
    expect(demoAt).toBeGreaterThan(0);
    const wallet = text.slice(0, demoAt);
    const rows = wallet.filter((l) => /^[A-Z][a-z]{2} \d\d, \d{4} \d\d:\d\d \| /.test(l));
    const balances = rows.map((l) => cents(l.split(" | ").at(-1) ?? "NaN"));
    expect(balances).toEqual([csv.opening, ...csv.rows.map((row) => cents(row[6] ?? "NaN")), csv.closing]);
    const summary = wallet.find((l) => l.startsWith("KES "));
    expect(summary?.split(" | ").map((figure) => cents(figure.replace("KES ", "")))).toEqual([
      csv.opening,
      csv.moneyIn,
      csv.moneyOut,
      csv.closing,
    ]);
    // The trial's KES 1,000 of demo money, untouched by real-money purchases.
    const demo = text.slice(demoAt);
    expect(demo.find((l) => l.includes("| Closing balance |"))?.endsWith("| 1,000.00")).toBe(true);
  });

  it("shows withdrawals not paid yet as held, pending approval or payout in progress, counted as money out", async () => {
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const november = `?from=2026-11-01&to=${today}`;
    const csv = summed((await expectStatus(statement(`${november}&format=csv`), 200)).bytes.toString());
    const phone = msisdnOf(investor.input.phoneNumber);
    const held = csv.rows.filter((row) => row[1]?.includes("(amount held)"));
    expect(held.map((row) => [row[0], row[1], row[4], cents(row[5] ?? "")])).toEqual([
      [
        expect.stringMatching(/^Nov 05, 2026 10:0\d$/),
        `Pending approval (amount held): Withdrawal to M-Pesa ${phone}`,
        "",
        25_000,
      ],
      [
        expect.stringMatching(/^Nov 06, 2026 10:0\d$/),
        `Payout in progress (amount held): Withdrawal to M-Pesa ${phone}`,
        "",
        15_000,
      ],
    ]);
    // Out of the balance the investor can use, as money out: the sums hold and the closing is the wallet.
    expect(csv.opening + csv.moneyIn - csv.moneyOut).toBe(csv.closing);
    expect(csv.closing).toBe((await readItem(keys.user(investor.userId)))?.walletBalanceCents);
    // Paid ones stay plain money out.
    expect(csv.rows.filter((row) => row[1] === `Withdrawal to M-Pesa ${phone}`)).toHaveLength(2);

    // The PDF marks the same rows and says how held money is counted, under the summary.
    const text = (await pdfLines((await expectStatus(statement(november), 200)).bytes)).flat();
    const demoAt = text.indexOf("Demo money (not withdrawable)");
    const wallet = text.slice(0, demoAt);
    const rowOf = (day: string) => wallet.find((l) => l.startsWith(`Nov ${day}, 2026 10:0`)) ?? "";
    expect(rowOf("05")).toContain("Pending approval");
    expect(rowOf("05")).toContain("| 250.00 |");
    expect(rowOf("06")).toContain("Payout in progress");
    expect(rowOf("06")).toContain("| 150.00 |");
    const words = wallet.join(" ");
    expect(words).toContain(
      "KES 400.00 is held for withdrawals not paid yet (pending approval or payout in progress). Held money counts " +
        "as money out on the day the withdrawal was asked for, so no balance here includes it; it comes back to the " +
        "wallet if the withdrawal is refused or not paid.",
    );
    expect(words.indexOf("is held for withdrawals")).toBeLessThan(words.indexOf("| Opening balance |"));
    // October had none held: no such note.
    const october = (await pdfLines((await expectStatus(statement("?from=2026-10-01&to=2026-10-31"), 200)).bytes))
      .flat()
      .join(" ");
    expect(october).not.toContain("is held for withdrawals");
  });

  it("never shows another user's lines", async () => {
    const csv = (await expectStatus(statement("?from=2026-10-01&to=2026-10-31&format=csv"), 200)).bytes.toString();
    expect(friend.references.length).toBeGreaterThan(0);
    for (const reference of friend.references) expect(csv).not.toContain(reference);
  });

  it.each([
    ["a day that does not exist", "?from=2026-02-30&to=2026-03-01", "Dates must be real days written YYYY-MM-DD"],
    ["a malformed day", "?from=26-10-01", "Dates must be real days written YYYY-MM-DD"],
    ["an end before the start", "?from=2026-10-10&to=2026-10-09", "The end date must not be before the start date"],
    ["more than 366 days", "?from=2025-01-01&to=2026-01-02", "A statement covers at most 366 days"],
    ["a start after today", "?from=2999-01-01&to=2999-01-02", "The statement cannot start after today"],
    ["an unknown format", "?from=2026-10-01&to=2026-10-31&format=xls", 'format must be "pdf" or "csv"'],
  ])("refuses %s with 400 and changes nothing", async (_, query, message) => {
    const before = {
      user: await readItem(keys.user(investor.userId)),
      lines: await itemsOfUser(investor.userId, "TX#"),
    };
    const answer = await expectStatus(statement(query), 400);
    expect(answer.json).toEqual({ message });
    expect({
      user: await readItem(keys.user(investor.userId)),
      lines: await itemsOfUser(investor.userId, "TX#"),
    }).toEqual(before);
  });

  it("refuses a period of more than 20,000 rows with 400, and answers one of 20,000", async () => {
    // A new account: its trial's opening line, and 20,000 wallet lines this month written straight to the table.
    const { user, input } = await signUp();
    const owner = { firstName: user.firstName, lastName: user.lastName, email: user.email };
    const start = Date.now() - 60_000;
    const items = Array.from({ length: STATEMENT_MAX_ROWS }, (_, i) => {
      const at = start - i;
      return ledgerItem(
        {
          id: ulid(at),
          userId: user._id,
          type: "reward",
          balance: "wallet",
          amountCents: 1,
          status: "completed",
          description: "Daily reward: Safaricom Growth Fund",
          reference: `R${i}`,
          createdAt: new Date(at).toISOString(),
        },
        owner,
      );
    });
    await writeAll(items);
    const token = await tokenOf(actor(input));
    const query = "/statements?format=csv";

    const refused = await http("GET", query, { token });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ message: STATEMENT_MESSAGES.tooManyRows });

    const [first] = items;
    await dynamoDocumentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: { PK: first?.PK, SK: first?.SK } }),
    );
    const answered = await http("GET", query, { token });
    expect(answered.status).toBe(200);
    // The header, the opening, 19,999 rows, the closing.
    expect(csvRows(answered.bytes.toString())).toHaveLength(STATEMENT_MAX_ROWS + 2);
  }, 300_000);

  it("places lines settled before settledAt existed at their creation, until npm run migrate backfills them", async () => {
    const csvOf = async (query: string) => (await expectStatus(statement(query), 200)).bytes.toString();
    const october = "?from=2026-10-01&to=2026-10-31&format=csv";
    const before = await csvOf(october);
    const lines = await itemsOfUser(investor.userId, "TX#");
    const settled = lines.filter((line) => line.settledAt !== undefined);
    // The STK deposit, two refused withdrawals, the paid and the failed payout.
    expect(settled).toHaveLength(5);
    for (const line of settled) {
      await dynamoDocumentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.ledgerLine(investor.userId, String(line.id)),
          UpdateExpression: "REMOVE settledAt",
        }),
      );
    }
    // Without it the Nov 1 refund reads as Oct 31's: October's closing moves by its KES 700.
    const old = summed(await csvOf(october));
    expect(old.closing - summed(before).closing).toBe(70_000);

    expect(await backfillSettledAt(defaultDynamoContext(), { dryRun: true })).toMatchObject({ lines: 5 });
    expect(summed(await csvOf(october)).closing).toBe(old.closing);
    expect(await backfillSettledAt(defaultDynamoContext())).toMatchObject({ lines: 5 });
    expect(await csvOf(october)).toBe(before);
    expect(await backfillSettledAt(defaultDynamoContext())).toMatchObject({ lines: 0 });
    const restored = await itemsOfUser(investor.userId, "TX#");
    expect(restored.map((line) => line.settledAt)).toEqual(lines.map((line) => line.settledAt));
  });

  it("accepts exactly 366 days", async () => {
    await expectStatus(statement("?from=2025-11-01&to=2026-11-01&format=csv"), 200);
  });

  it("refuses a signed-out caller", async () => {
    expect((await http("GET", "/statements")).status).toBe(401);
  });
});
