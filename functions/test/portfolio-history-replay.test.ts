/**
 * The portfolio history's arithmetic (functions/src/statements/portfolio-history.ts) over generated ledgers: each
 * day's wallet is the statement builder's closing balance at that day's end, the demo money the trial statement's
 * plus the trial principal, and the invested money the real principal bought up to then and not yet back; each day's
 * rewards, real and trial apart, are the reward lines written that day.
 */
import { nairobiDay } from "@jengafund/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysEndingOn } from "../src/kernel/clock.js";
import { portfolioHistory } from "../src/modules/reporting/portfolio-history-builder.js";
import type { LedgerSourceLine } from "../src/modules/reporting/statement-port.js";
import { buildStatement } from "../src/modules/reporting/statements/statement-builder.js";

const start = Date.parse("2026-03-01T00:00:00.000Z");
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Lines as the services write them: deposits (some settled later or never), purchases, rewards, withdrawals, capital
 * back at maturity.
 */
const line = fc
  .record({
    createdMinute: fc.integer({ min: 0, max: 40 * 1440 }),
    settledAfterMinutes: fc.option(fc.integer({ min: 0, max: 3 * 1440 }), { nil: undefined }),
    cents: fc.integer({ min: 1, max: 5_000_000 }),
    type: fc.constantFrom("deposit", "investment", "reward", "withdrawal", "adjustment", "trial", "capital" as const),
    status: fc.constantFrom("completed", "pending", "failed", "cancelled" as const),
    balance: fc.constantFrom("wallet", "trial" as const),
  })
  .map(({ createdMinute, settledAfterMinutes, cents, type, status, balance }) => {
    const created = start + createdMinute * 60_000;
    const debit = type === "investment" || type === "withdrawal";
    // A purchase, a reward and capital back at maturity are written completed, at once; the others may wait, fail or
    // be refused, and settle later.
    const atOnce = type === "investment" || type === "reward" || type === "capital";
    return {
      type,
      balance,
      amountCents: debit ? -cents : cents,
      status: atOnce ? ("completed" as const) : status,
      description: type,
      reference: `REF${createdMinute}`,
      createdAt: iso(created),
      ...(settledAfterMinutes === undefined || atOnce
        ? {}
        : { settledAt: iso(created + settledAfterMinutes * 60_000) }),
    };
  });

const ledger = fc
  .array(line, { maxLength: 50 })
  .map((lines) => lines.map((l, i): LedgerSourceLine => ({ ...l, id: `01LINE${String(i).padStart(6, "0")}` })));

/** The instant a Nairobi day ends. */
const endOf = (day: string) => iso(Date.parse(`${day}T00:00:00.000+03:00`) + DAY);

describe("portfolioHistory", () => {
  it("agrees with the statement builder at every day's end, over generated ledgers", () => {
    fc.assert(
      fc.property(ledger, fc.integer({ min: 0, max: 45 }), fc.integer({ min: 1, max: 30 }), (lines, last, count) => {
        const days = daysEndingOn(nairobiDay(new Date(start + last * DAY)), count);
        const points = portfolioHistory(lines, days);
        expect(points.map((p) => p.day)).toEqual(days);
        for (const point of points) {
          const to = endOf(point.day);
          const closing = (balance: "wallet" | "trial") =>
            buildStatement(lines, { from: to, to, balance }).closingCents;
          const principal = (balance: "wallet" | "trial") =>
            lines
              // In with a purchase, out again with its capital at maturity.
              .filter(
                (l) => (l.type === "investment" || l.type === "capital") && l.balance === balance && l.createdAt < to,
              )
              .reduce((sum, l) => sum - l.amountCents, 0);
          const rewards = (balance: "wallet" | "trial") =>
            lines
              .filter(
                (l) => l.type === "reward" && l.balance === balance && nairobiDay(new Date(l.createdAt)) === point.day,
              )
              .reduce((sum, l) => sum + l.amountCents, 0);
          expect(point).toEqual({
            day: point.day,
            walletCents: closing("wallet"),
            investedCents: principal("wallet"),
            rewardsCents: rewards("wallet"),
            demoCents: closing("trial") + principal("trial"),
            demoRewardsCents: rewards("trial"),
          });
        }
      }),
      { numRuns: 150 },
    );
  });
});
