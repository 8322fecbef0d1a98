import type { AdminStats } from "@jengafund/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { paymentsPage, unmatchedAdmin, useAdminConsole } from "./admin-unmatched-fixtures";
import { mockApi } from "./api-mock";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const stats: AdminStats = {
  totalUsers: 1234,
  totalPackages: 9,
  totalInvestments: 310,
  totalTransactions: 5120,
  pendingWithdrawals: 4,
  totalRevenue: 98765.4,
  newUsersToday: 12,
  activeInvestments: 280,
  depositsByChannel: { stk: { count: 1502, amount: 2456780.5 }, paybill: { count: 1, amount: 1500 } },
  unmatchedPayments: 3,
};

describe("admin overview: deposits by channel and unmatched payments (issue 21)", () => {
  useAdminConsole([() => import("../src/features/admin-overview/components/overview-panel")]);

  it("keeps the spec's eight figures as they are and shows STK and Paybill deposits (count and KES) beside them", async () => {
    mockApi({
      "GET /auth/me": { user: unmatchedAdmin },
      "GET /admin/stats": { stats },
      "GET /admin/adjustments": { adjustments: [], page: 1, totalPages: 1, total: 0 },
      "GET /admin/unmatched-payments": paymentsPage([]),
    });
    renderApp("/admin/overview");
    const figures = within(await screen.findByRole("region", { name: "Platform statistics" }));
    const labels = [
      "Total Users",
      "New Users Today",
      "Total Packages",
      "Total Investments",
      "Active Investments",
      "Total Transactions",
      "Pending Withdrawals",
      "Total Revenue",
    ];
    for (const label of labels) expect(figures.getByText(label)).toBeTruthy();
    expect(figures.getByText("KES 98,765.40")).toBeTruthy();
    expect(figures.getByText("1,234")).toBeTruthy();
    expect(figures.queryByText(/Paybill|STK|Unmatched/)).toBeNull();

    const channels = within(screen.getByRole("region", { name: "Deposits by channel" }));
    expect(channels.getByText("STK Push Deposits")).toBeTruthy();
    expect(channels.getByText("KES 2,456,780.50")).toBeTruthy();
    expect(channels.getByText("1,502 deposits")).toBeTruthy();
    expect(channels.getByText("Paybill Deposits")).toBeTruthy();
    expect(channels.getByText("KES 1,500.00")).toBeTruthy();
    expect(channels.getByText("1 deposit")).toBeTruthy();
    expect(channels.getByText("Unmatched Payments")).toBeTruthy();
    expect(channels.getByText("3")).toBeTruthy();
  });

  it("links the unmatched payments figure to their tab", async () => {
    mockApi({
      "GET /auth/me": { user: unmatchedAdmin },
      "GET /admin/stats": { stats },
      "GET /admin/adjustments": { adjustments: [], page: 1, totalPages: 1, total: 0 },
      "GET /admin/unmatched-payments": paymentsPage([]),
    });
    renderApp("/admin/overview");
    const link = await screen.findByRole("link", { name: "Review unmatched payments" });
    expect(link.getAttribute("href")).toBe("/admin/unmatched-payments");
    fireEvent.click(link);
    expect(await screen.findByRole("heading", { name: "Unmatched Payments" })).toBeTruthy();
    expect(screen.getByTestId("current-path").textContent).toBe("/admin/unmatched-payments");
  });
});
