import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { mockApi } from "./api-mock";
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

describe("admin overview (spec §2, §8)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the platform figures with the revenue in KES, and the static health figures", async () => {
    mockApi({ "GET /auth/me": { user: admin }, "GET /admin/stats": { stats } });
    renderApp("/admin/overview");
    const figures = within(await screen.findByRole("region", { name: "Platform statistics" }));
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
});
