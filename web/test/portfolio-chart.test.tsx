/**
 * The Investments tab's portfolio chart (issue 23): a skeleton while the history loads, an error with Retry, an empty
 * state for a new account, the value and rewards with their summaries and tables, 30 or 90 days, demo money apart.
 */

import type { PortfolioDay } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { anInvestment } from "./investor-fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

/**
 * `count` days ending Nov 30, 2026: KES 1,000 deposited on the second, 650 of it invested on the tenth, rewards after;
 * with demo money, a trial reward of KES 5 on every third day.
 */
function history(count: number, demo = 0): { days: PortfolioDay[] } {
  return {
    days: Array.from({ length: count }, (_, index) => {
      const date = new Date(Date.UTC(2026, 10, 30 - (count - 1 - index)));
      const day = date.toISOString().slice(0, 10);
      const invested = index >= 9 ? 650 : 0;
      const rewards = index >= 10 && index % 2 === 0 ? 6.5 : 0;
      const wallet = index >= 1 ? 1000 - invested : 0;
      const demoRewards = demo > 0 && index % 3 === 0 ? 5 : 0;
      return { day, wallet, invested, value: wallet + invested, rewards, demo, demoRewards };
    }),
  };
}

const queriesTo = (path: string) =>
  vi
    .mocked(apiRequest)
    .mock.calls.filter(([, called]) => called === path)
    .map(([, , options]) => options?.query);

describe("portfolio chart", { timeout: 60_000 }, () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  const chartRegion = () => screen.findByRole("region", { name: "Portfolio over time" }, { timeout: 30_000 });

  it("shows a skeleton while loading, then the value and rewards with their summaries; 90 days on request", async () => {
    let answer: (value: unknown) => void = () => {};
    mockApi({
      "GET /auth/me": { user: aUser({ isTrialAccount: false, walletBalance: 350 }) },
      "GET /investments": { investments: [anInvestment({ isTrialInvestment: false })] },
      "GET /portfolio/history": (_body, query) =>
        query?.days === "90" ? history(90) : new Promise((resolve) => (answer = resolve)),
    });
    renderApp("/dashboard/investments");
    const chart = within(await chartRegion());
    expect(chart.getByRole("status", { name: "Loading your portfolio history" })).toBeTruthy();
    answer(history(30));

    expect(await chart.findByText("Value rose from KES 0.00 to KES 1,000.00 over 30 days")).toBeTruthy();
    expect(
      chart.getByText("Rewards claimed: KES 65.00 in total over 30 days, most on Nov 11, 2026 (KES 6.50)"),
    ).toBeTruthy();
    expect(chart.queryByText(/Demo money is trial money/)).toBeNull();
    expect(chart.queryByText(/Demo rewards/)).toBeNull();
    expect(chart.getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(chart.getAllByRole("button", { name: "Show as table" })[0] as HTMLElement);
    const table = chart.getByRole("table", { name: "Portfolio value per day, last 30 days" });
    expect([...table.querySelectorAll("thead th")].map((cell) => cell.textContent)).toEqual([
      "Day",
      "Value",
      "Invested",
    ]);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(rows[10]?.textContent).toBe("Nov 101,000.00650.00");

    fireEvent.click(chart.getByRole("button", { name: "90 days" }));
    expect(await chart.findByText("Value rose from KES 0.00 to KES 1,000.00 over 90 days")).toBeTruthy();
    expect(chart.getByRole("button", { name: "90 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(queriesTo("/portfolio/history")).toEqual([{ days: "30" }, { days: "90" }]);
  });

  it("draws demo money as its own series, and demo rewards beside the real ones, each labelled as demo", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /investments": { investments: [anInvestment()] },
      "GET /portfolio/history": history(30, 1000),
    });
    renderApp("/dashboard/investments");
    const chart = within(await chartRegion());
    expect(await chart.findByText(/Demo money is trial money you cannot withdraw/)).toBeTruthy();
    fireEvent.click(chart.getAllByRole("button", { name: "Show as table" })[0] as HTMLElement);
    const table = chart.getByRole("table", { name: "Portfolio value per day, last 30 days" });
    expect([...table.querySelectorAll("thead th")].map((cell) => cell.textContent)).toEqual([
      "Day",
      "Value",
      "Invested",
      "Demo money",
    ]);

    expect(
      chart.getByText(
        "Rewards claimed: KES 65.00 in total over 30 days, most on Nov 11, 2026 (KES 6.50). " +
          "Demo rewards claimed: KES 50.00 in total over 30 days, most on Nov 01, 2026 (KES 5.00)",
      ),
    ).toBeTruthy();
    expect(
      chart.getByText(/Demo rewards are claimed on trial investments and paid into your trial balance/),
    ).toBeTruthy();
    // The value chart's table is open: the one left to show is the rewards chart's.
    fireEvent.click(chart.getByRole("button", { name: "Show as table" }));
    const rewards = chart.getByRole("table", { name: "Rewards claimed per day, last 30 days" });
    const rows = within(rewards)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(["Day", "Rewards", "Demo rewards"]);
    // Nov 01 had a trial reward and no real one; Nov 11 a real one and none from the trial; Nov 13 both.
    expect(rows[1]).toEqual(["Nov 01", "0.00", "5.00"]);
    expect(rows[11]).toEqual(["Nov 11", "6.50", "0.00"]);
    expect(rows[13]).toEqual(["Nov 13", "6.50", "5.00"]);
  });

  it("shows a failed load as an error with Retry, and a new account's empty history as such", async () => {
    let fail = true;
    const empty = history(30);
    for (const day of empty.days) Object.assign(day, { wallet: 0, invested: 0, value: 0, rewards: 0 });
    mockApi({
      "GET /auth/me": { user: aUser({ isTrialAccount: false, trialBalance: 0 }) },
      "GET /investments": { investments: [] },
      "GET /portfolio/history": () => {
        if (fail) throw new ApiError(500, "Something went wrong");
        return empty;
      },
    });
    renderApp("/dashboard/investments");
    const chart = within(await chartRegion());
    const alert = await chart.findByRole("alert");
    expect(within(alert).getByText("We could not load your portfolio history")).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await chart.findByText("Nothing to chart yet")).toBeTruthy();
    await waitFor(() => expect(chart.queryByRole("alert")).toBeNull());
    expect(screen.getByText("No investments yet")).toBeTruthy();
  });
});
