import { MESSAGES } from "@jengafund/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({ role: "admin", firstName: "Platform", lastName: "Admin", isTrialAccount: false });
const stats = {
  totalUsers: 1,
  totalPackages: 1,
  totalInvestments: 0,
  totalTransactions: 0,
  pendingWithdrawals: 0,
  totalRevenue: 0,
  newUsersToday: 0,
  activeInvestments: 0,
};
const MINUTE = 60_000;
const currentPath = () => screen.getByTestId("current-path").textContent;

/** The tab shown again: the console looks at the time since the last input at once. */
const shown = () => fireEvent(document, new Event("visibilitychange"));

describe("an unattended admin console (design.md §12.2)", { timeout: 60_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockReset();
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/stats": { stats },
      "GET /admin/stats/daily": { days: [] },
      "POST /auth/logout": () => undefined,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("signs out after 30 minutes without input, on the server too, and the login page says why; input keeps it", async () => {
    renderApp("/admin/overview");
    await screen.findByRole("region", { name: "Platform statistics" }, { timeout: 30_000 });
    vi.useFakeTimers({ toFake: ["Date"] });

    // 29 minutes on, a key pressed: the console stays, and counts from the key.
    vi.setSystemTime(Date.now() + 29 * MINUTE);
    shown();
    fireEvent(window, new KeyboardEvent("keydown", { key: "ArrowDown" }));
    vi.setSystemTime(Date.now() + 29 * MINUTE);
    shown();
    expect(callsTo("POST", "/auth/logout")).toHaveLength(0);
    expect(currentPath()).toBe("/admin/overview");

    // 30 minutes after the key, with the lists still refreshing in the background: signed out.
    vi.setSystemTime(Date.now() + 1 * MINUTE + 1000);
    shown();
    vi.useRealTimers();
    await waitFor(() => expect(currentPath()).toBe("/login"));
    expect(callsTo("POST", "/auth/logout")).toHaveLength(1);
    expect(localStorage.getItem("token")).toBeNull();
    expect(await screen.findByText(MESSAGES.adminIdleSignedOut)).toBeTruthy();
  });
});
