/**
 * The statement's arithmetic (functions/src/statements/statement-builder.ts), over generated ledgers: each row's
 * balance is the opening plus the rows before it, a period split in two closes the first half where the second
 * opens, and a statement up to now closes at the balance the ledger invariant gives (completed lines and holds).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildStatement, type StatementSourceLine } from "../src/modules/reporting/statements/statement-builder.js";

const start = Date.parse("2026-01-01T00:00:00.000Z");
const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A ledger line as the services write them: credits and debits, some later settled, refunded or never confirmed. */
const line = fc
  .record({
    createdDay: fc.integer({ min: 0, max: 200 }),
    minute: fc.integer({ min: 0, max: 1439 }),
    settledAfterMinutes: fc.option(fc.integer({ min: 0, max: 3 * 1440 }), { nil: undefined }),
    cents: fc.integer({ min: 1, max: 25_000_000 }),
    credit: fc.boolean(),
    status: fc.constantFrom("completed", "pending", "failed", "cancelled" as const),
    balance: fc.constantFrom("wallet", "trial" as const),
  })
  .map(({ createdDay, minute, settledAfterMinutes, cents, credit, status, balance }) => {
    const created = start + createdDay * day + minute * 60_000;
    return {
      balance,
      amountCents: credit ? cents : -cents,
      status,
      description: credit ? "M-Pesa deposit" : "Withdrawal to M-Pesa",
      reference: `REF${createdDay}${minute}`,
      createdAt: iso(created),
      ...(settledAfterMinutes === undefined ? {} : { settledAt: iso(created + settledAfterMinutes * 60_000) }),
    };
  });

const ledger = fc
  .array(line, { maxLength: 60 })
  .map((lines) => lines.map((l, i): StatementSourceLine => ({ ...l, id: `01LINE${String(i).padStart(6, "0")}` })));

/** What the balance is after every line: the ledger invariant (completed lines, and pending holds). */
const storedBalance = (lines: StatementSourceLine[], balance: string) =>
  lines
    .filter((l) => l.balance === balance)
    .filter((l) => l.status === "completed" || (l.status === "pending" && l.amountCents < 0))
    .reduce((sum, l) => sum + l.amountCents, 0);

describe("statement builder", () => {
  it("gives each row the balance after it, and closes at the opening plus money in minus money out", () => {
    fc.assert(
      fc.property(ledger, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 120 }), (lines, a, length) => {
        const statement = buildStatement(lines, {
          from: iso(start + a * day),
          to: iso(start + (a + length) * day),
          balance: "wallet",
        });
        let running = statement.openingCents;
        for (const row of statement.rows) {
          expect(row.inCents === 0 || row.outCents === 0).toBe(true);
          running += row.inCents - row.outCents;
          expect(row.balanceCents).toBe(running);
          expect(row.at >= statement.from && row.at < statement.to).toBe(true);
        }
        expect(statement.closingCents).toBe(running);
        expect(statement.closingCents).toBe(statement.openingCents + statement.totalInCents - statement.totalOutCents);
      }),
    );
  });

  it("closes one period exactly where the next opens", () => {
    fc.assert(
      fc.property(ledger, fc.integer({ min: 0, max: 150 }), fc.integer({ min: 1, max: 60 }), (lines, a, b) => {
        const first = buildStatement(lines, {
          from: iso(start + a * day),
          to: iso(start + (a + b) * day),
          balance: "wallet",
        });
        const second = buildStatement(lines, {
          from: first.to,
          to: iso(start + (a + b + 30) * day),
          balance: "wallet",
        });
        const whole = buildStatement(lines, { from: first.from, to: second.to, balance: "wallet" });
        expect(second.openingCents).toBe(first.closingCents);
        expect(whole.rows).toEqual([...first.rows, ...second.rows]);
      }),
    );
  });

  it("closes a statement that ends after every line at the balance the ledger holds, for each balance apart", () => {
    fc.assert(
      fc.property(ledger, (lines) => {
        for (const balance of ["wallet", "trial"] as const) {
          const statement = buildStatement(lines, { from: iso(start), to: iso(start + 400 * day), balance });
          expect(statement.openingCents).toBe(0);
          expect(statement.closingCents).toBe(storedBalance(lines, balance));
        }
      }),
    );
  });

  it("puts a refused withdrawal out on the day it was asked for and back on the day it was refused", () => {
    const lines: StatementSourceLine[] = [
      line0("01A", 500_000, "completed", "2026-10-05T09:00:00.000Z"),
      {
        ...line0("01B", -200_000, "cancelled", "2026-10-31T20:59:00.000Z"),
        settledAt: "2026-11-01T06:00:00.000Z",
      },
      // A deposit M-Pesa never confirmed moved nothing.
      line0("01C", 900_000, "failed", "2026-10-20T10:00:00.000Z"),
      // A deposit confirmed the next day counts on that day.
      { ...line0("01D", 100_000, "completed", "2026-10-31T23:50:00.000Z"), settledAt: "2026-11-01T00:10:00.000Z" },
    ];
    const october = buildStatement(lines, {
      from: "2026-10-01T00:00:00.000Z",
      to: "2026-11-01T00:00:00.000Z",
      balance: "wallet",
    });
    const november = buildStatement(lines, { from: october.to, to: "2026-12-01T00:00:00.000Z", balance: "wallet" });
    expect(october.rows.map((r) => [r.lineId, r.inCents, r.outCents, r.balanceCents])).toEqual([
      ["01A", 500_000, 0, 500_000],
      ["01B", 0, 200_000, 300_000],
    ]);
    expect(october.closingCents).toBe(300_000);
    expect(november.openingCents).toBe(300_000);
    expect(november.rows.map((r) => [r.lineId, r.description, r.inCents, r.balanceCents])).toEqual([
      ["01D", "M-Pesa deposit", 100_000, 400_000],
      ["01B", "Returned: Withdrawal to M-Pesa", 200_000, 600_000],
    ]);
  });

  it("marks a withdrawal not paid yet as held, awaiting approval or its payout, and counts it in heldCents", () => {
    const lines: StatementSourceLine[] = [
      line0("01A", 500_000, "completed", "2026-10-05T09:00:00.000Z"),
      // Asked for in October, still awaiting approval: its row is October's, its amount still held in November.
      line0("01B", -100_000, "pending", "2026-10-20T09:00:00.000Z"),
      line0("01C", -50_000, "pending", "2026-11-02T09:00:00.000Z"),
      line0("01D", -20_000, "completed", "2026-11-03T09:00:00.000Z"),
    ];
    const november = buildStatement(lines, {
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-12-01T00:00:00.000Z",
      balance: "wallet",
      payoutsUnderway: new Set(["01C"]),
    });
    expect(november.rows.map((r) => [r.lineId, r.description, r.held, r.outCents, r.balanceCents])).toEqual([
      ["01C", "Payout in progress (amount held): Withdrawal to M-Pesa", "payout", 50_000, 350_000],
      ["01D", "Withdrawal to M-Pesa", undefined, 20_000, 330_000],
    ]);
    expect(november).toMatchObject({ openingCents: 400_000, totalOutCents: 70_000, closingCents: 330_000 });
    expect(november.heldCents).toBe(150_000);
    const october = buildStatement(lines, {
      from: "2026-10-01T00:00:00.000Z",
      to: "2026-11-01T00:00:00.000Z",
      balance: "wallet",
    });
    expect(october.rows[1]).toMatchObject({
      lineId: "01B",
      description: "Pending approval (amount held): Withdrawal to M-Pesa",
      held: "approval",
    });
    expect(october.heldCents).toBe(100_000);
  });

  it("holds exactly the pending debits asked for by the period's end, and marks each of their rows", () => {
    fc.assert(
      fc.property(ledger, fc.integer({ min: 0, max: 220 }), (lines, endDay) => {
        const to = iso(start + endDay * day);
        const statement = buildStatement(lines, { from: iso(start), to, balance: "wallet" });
        const pendingDebits = lines.filter(
          (l) => l.balance === "wallet" && l.status === "pending" && l.amountCents < 0 && l.createdAt < to,
        );
        expect(statement.heldCents).toBe(pendingDebits.reduce((sum, l) => sum - l.amountCents, 0));
        expect(statement.rows.filter((r) => r.held).map((r) => r.lineId)).toEqual(
          statement.rows.filter((r) => pendingDebits.some((l) => l.id === r.lineId)).map((r) => r.lineId),
        );
      }),
    );
  });
});

function line0(
  id: string,
  amountCents: number,
  status: StatementSourceLine["status"],
  createdAt: string,
): StatementSourceLine {
  return {
    id,
    balance: "wallet",
    amountCents,
    status,
    description: amountCents > 0 ? "M-Pesa deposit" : "Withdrawal to M-Pesa",
    reference: id,
    createdAt,
  };
}
