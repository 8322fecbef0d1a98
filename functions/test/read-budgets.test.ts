/**
 * Heavy reads have a budget per account (design.md §12.6): 30 statements and 120 portfolio charts an hour, then 429
 * with a message saying when to try again, while other accounts read on. A closed month's PDF is kept once rendered
 * and the kept copy is what the next download gets; the current month is rendered each time.
 */
import { READ_BUDGETS, type ReadBudget } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { handler as getPortfolioHistory } from "../src/handlers/http/get-portfolio-history.js";
import { handler as getStatement } from "../src/handlers/http/get-statement.js";
import { nairobiDay } from "../src/kernel/clock.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { closedMonthOf } from "../src/modules/reporting/statements.js";
import { readItem, setAttributes } from "./support/db.js";
import { gatewayEvent, testContext } from "./support/events.js";
import { registerUser } from "./support/users.js";

const READS: Record<ReadBudget, (token: string) => Promise<{ statusCode?: number; body?: string }>> = {
  statements: (token) => getStatement(gatewayEvent("get-statement", { token, query: { format: "csv" } }), testContext),
  charts: (token) => getPortfolioHistory(gatewayEvent("get-portfolio-history", { token }), testContext),
};

const MESSAGES: Record<ReadBudget, RegExp> = {
  statements: /^You can download up to 30 statements an hour\. Please try again in \d+ minutes?\.$/,
  charts: /^Your portfolio chart can be loaded up to 120 times an hour\. Please try again in \d+ minutes?\.$/,
};

const utcHour = () => new Date().toISOString().slice(0, 13);

/** Spends an account's whole budget, then one more; again in the next hour if the hour turned meanwhile. */
async function spendPastBudget(budget: ReadBudget, token: string) {
  for (;;) {
    const hour = utcHour();
    const answers: number[] = [];
    for (let i = 0; i <= READ_BUDGETS[budget]; i++) answers.push((await READS[budget](token)).statusCode ?? 0);
    const last = await READS[budget](token);
    if (utcHour() === hour) return { answers, last };
  }
}

describe.each(["statements", "charts"] as const)("the %s budget", (budget) => {
  it(`answers ${READ_BUDGETS[budget]} an hour, then 429 with when to try again; other accounts read on`, async () => {
    const reader = await registerUser();
    const { answers, last } = await spendPastBudget(budget, reader.token);
    expect(answers.slice(0, READ_BUDGETS[budget]).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect(last.statusCode).toBe(429);
    expect(JSON.parse(last.body ?? "{}")).toEqual({ message: expect.stringMatching(MESSAGES[budget]) });

    const other = await registerUser();
    expect((await READS[budget](other.token)).statusCode).toBe(200);
  });
});

describe("a month's statement PDF", () => {
  const today = nairobiDay(new Date());
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const lastMonthEnd = nairobiDay(new Date(Date.parse(`${firstOfMonth}T00:00:00+03:00`) - 1));
  const lastMonth = lastMonthEnd.slice(0, 7);
  const pdf = async (token: string, query: Record<string, string>) => {
    const answer = await getStatement(
      gatewayEvent("get-statement", { token, query: { format: "pdf", ...query } }),
      testContext,
    );
    expect(answer.statusCode).toBe(200);
    return Buffer.from(answer.body ?? "", answer.isBase64Encoded ? "base64" : "utf8");
  };

  it("is kept once rendered for a closed month, and the kept copy is served", async () => {
    const { token, user } = await registerUser();
    const month = { from: `${lastMonth}-01`, to: lastMonthEnd };
    const first = await pdf(token, month);
    expect(first.subarray(0, 5).toString()).toBe("%PDF-");
    const kept = await readItem(keys.keptStatement(user._id, lastMonth));
    expect(Buffer.from(kept?.pdf as Uint8Array).equals(first)).toBe(true);

    // What the next download gets is the kept item, not a new rendering.
    const marked = Buffer.concat([first, Buffer.from("\n% kept copy\n")]);
    await setAttributes(keys.keptStatement(user._id, lastMonth), { pdf: new Uint8Array(marked) });
    expect((await pdf(token, month)).equals(marked)).toBe(true);
  });

  it("is rendered each time for the current month, and never kept", async () => {
    const { token, user } = await registerUser();
    expect((await pdf(token, {})).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await readItem(keys.keptStatement(user._id, today.slice(0, 7)))).toBeUndefined();
  });

  it("is kept only for a whole month that has ended", () => {
    expect(closedMonthOf("2026-10-01", "2026-10-31", "2026-12-03")).toBe("2026-10");
    expect(closedMonthOf("2026-02-01", "2026-02-28", "2026-03-01")).toBe("2026-02");
    expect(closedMonthOf("2026-11-01", "2026-11-30", "2026-11-30")).toBeUndefined();
    expect(closedMonthOf("2026-10-01", "2026-10-30", "2026-12-03")).toBeUndefined();
    expect(closedMonthOf("2026-10-02", "2026-10-31", "2026-12-03")).toBeUndefined();
    expect(closedMonthOf("2026-09-01", "2026-10-31", "2026-12-03")).toBeUndefined();
  });
});
