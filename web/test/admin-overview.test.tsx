import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({ role: "admin", firstName: "Platform", lastName: "Admin", isTrialAccount: false });
const stats = {
  totalUsers: 1234,
  totalPackages: 9,
  totalInvestments: 310,
  totalTransactions: 5120,
  pendingWithdrawals: 4,
  totalRevenue: 98765.4,
  newUsersToday: 12,
  activeInvestments: 280,
};

/** 30 days ending Nov 30, 2026, quiet but for Nov 20 and the last day. */
const dailyStats = {
  days: Array.from({ length: 30 }, (_, index) => {
    const day = `2026-11-${String(index + 1).padStart(2, "0")}`;
    const busy = index === 19;
    return {
      day,
      deposits: busy ? 3 : 0,
      depositsAmount: busy ? 4500 : 0,
      payouts: index === 29 ? 1 : 0,
      payoutsAmount: index === 29 ? 1200.5 : 0,
      newUsers: busy ? 7 : 1,
      rewards: 0,
    };
  }),
};

describe("admin overview (spec §2, §8)", { timeout: 60_000 }, () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the platform figures with the revenue in KES, and the static health figures", async () => {
    mockApi({ "GET /auth/me": { user: admin }, "GET /admin/stats": { stats }, "GET /admin/stats/daily": dailyStats });
    renderApp("/admin/overview");
    // The first test of the file loads the admin console's lazy chunks, which can take a while on a busy machine.
    const figures = within(await screen.findByRole("region", { name: "Platform statistics" }, { timeout: 30_000 }));
    expect(figures.getByText("KES 98,765.40")).toBeTruthy();
    expect(figures.getByText("1,234")).toBeTruthy();
    expect(figures.getByText("Pending Withdrawals")).toBeTruthy();
    expect(screen.getByText("98.5%")).toBeTruthy();
    expect(screen.getByText("99.9%")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Quick Actions" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Recent Activity" })).toBeTruthy();
  });

  it("shows a failed stats load as an error with Retry, without a toast, and recovers", async () => {
    let fail = true;
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/stats": () => {
        if (fail) throw new ApiError(500, "Something went wrong");
        return { stats };
      },
      "GET /admin/stats/daily": dailyStats,
    });
    renderApp("/admin/overview");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("We could not load the platform statistics")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Platform statistics" })).toBeNull();
    expect(document.querySelector(".Toastify__toast")).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    const figures = within(await screen.findByRole("region", { name: "Platform statistics" }));
    expect(figures.getByText("KES 98,765.40")).toBeTruthy();
  });

  it("charts deposits, payouts, new users and rewards per day over 30 days from one request, each with its table", async () => {
    mockApi({ "GET /auth/me": { user: admin }, "GET /admin/stats": { stats }, "GET /admin/stats/daily": dailyStats });
    renderApp("/admin/overview");
    const charts = within(await screen.findByRole("region", { name: "Last 30 days" }));
    expect(
      await charts.findByText("Deposits: KES 4,500.00 in total over 30 days, most on Nov 20, 2026 (KES 4,500.00)"),
    ).toBeTruthy();
    expect(
      charts.getByText("Payouts: KES 1,200.50 in total over 30 days, most on Nov 30, 2026 (KES 1,200.50)"),
    ).toBeTruthy();
    expect(charts.getByText("New users: 36 in total over 30 days, most on Nov 20, 2026 (7)")).toBeTruthy();
    expect(charts.getByText("Rewards: none over 30 days")).toBeTruthy();
    expect(charts.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Deposits",
      "Payouts",
      "New users",
      "Rewards",
    ]);
    const [, , newUsers] = charts.getAllByRole("button", { name: "Show as table" });
    fireEvent.click(newUsers as HTMLElement);
    const table = charts.getByRole("table", { name: "New users per day, last 30 days" });
    expect(within(table).getAllByRole("row")).toHaveLength(31);
    expect(within(table).getByText("Nov 20").closest("tr")?.textContent).toBe("Nov 207");
    // A count's table names its days' span and says nothing of KES.
    expect(document.getElementById(table.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Nov 01, 2026 to Nov 30, 2026",
    );
    expect(callsTo("GET", "/admin/stats/daily")).toHaveLength(1);
    const [, , query] = vi.mocked(apiRequest).mock.calls.find(([, path]) => path === "/admin/stats/daily") ?? [];
    expect(query?.query).toEqual({ days: "30" });
  });

  it("Quick Actions lead to the tabs that do the work; Add New Package opens its form", async () => {
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/stats": { stats },
      "GET /admin/stats/daily": dailyStats,
      "GET /packages": { packages: [] },
    });
    renderApp("/admin/overview");
    const actions = within(await screen.findByRole("region", { name: "Quick Actions" }, { timeout: 30_000 }));
    const hrefs = ["Review Withdrawals", "Manage Users", "Export Report"].map((name) =>
      actions.getByRole("link", { name }).getAttribute("href"),
    );
    expect(hrefs).toEqual(["/admin/withdrawals", "/admin/users", "/admin/transactions"]);

    fireEvent.click(actions.getByRole("link", { name: "Add New Package" }));
    expect(await screen.findByRole("dialog", { name: "Add Package" }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId("current-path").textContent).toBe("/admin/packages");
  });
});
