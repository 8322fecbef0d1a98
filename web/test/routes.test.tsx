import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getCurrentUser } from "../src/lib/auth/api/get-current-user";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/auth/api/get-current-user", () => ({ getCurrentUser: vi.fn() }));
// Logout ends the session on the server first (test/logout.test.tsx); here it answers at once.
vi.mock("../src/lib/auth/api/logout", () => ({ logout: vi.fn(async () => {}) }));

const currentPath = () => screen.getByTestId("current-path").textContent;

describe("route guards (spec §2)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.mocked(getCurrentUser).mockReset());

  it("sends a signed-out visitor of /dashboard to /login without asking the API", async () => {
    renderApp("/dashboard");
    await waitFor(() => expect(currentPath()).toBe("/login"));
    expect(getCurrentUser).not.toHaveBeenCalled();
  });

  it("sends a signed-out visitor of /admin to /login", async () => {
    renderApp("/admin/users");
    await waitFor(() => expect(currentPath()).toBe("/login"));
  });

  it("sends a signed-in investor who opens /admin to the dashboard", async () => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(getCurrentUser).mockResolvedValue(aUser());
    renderApp("/admin");
    await waitFor(() => expect(currentPath()).toBe("/dashboard/packages"));
    expect(await screen.findByText("Amina Wanjiru")).toBeTruthy();
    // The frame's balance; the Packages tab repeats the amount in its own header (spec §2).
    const frame = within(screen.getByRole("banner"));
    expect(frame.getByText("KES 1,000.00")).toBeTruthy();
    expect(frame.getByText("Trial")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Admin Panel" })).toBeNull();
  });

  it("opens the admin overview for an admin at /admin, with the Admin Panel side highlighted", async () => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(getCurrentUser).mockResolvedValue(aUser({ role: "admin", isTrialAccount: false, walletBalance: 2500.5 }));
    renderApp("/admin");
    await waitFor(() => expect(currentPath()).toBe("/admin/overview"));
    expect(await screen.findByText("KES 2,500.50")).toBeTruthy();
    expect(screen.queryByText("Trial")).toBeNull();
    expect(screen.getByRole("link", { name: "Admin Panel" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "User View" }).getAttribute("aria-current")).toBeNull();
  });

  it("shows a spinner while the session loads", async () => {
    localStorage.setItem("token", "slow-token");
    vi.mocked(getCurrentUser).mockReturnValue(new Promise(() => {}));
    renderApp("/dashboard");
    expect(await screen.findByRole("status", { name: "Loading" })).toBeTruthy();
    expect(currentPath()).toBe("/dashboard");
  });

  it("clears the stored token when the current user cannot be fetched", async () => {
    localStorage.setItem("token", "stale-token");
    vi.mocked(getCurrentUser).mockRejectedValue(new Error("Request failed with status 500"));
    renderApp("/dashboard");
    await waitFor(() => expect(currentPath()).toBe("/login"));
    expect(localStorage.getItem("token")).toBeNull();
  });
});

describe("logout (spec §4)", () => {
  it("removes the token, says 'Logged out successfully' and lands on /", async () => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(getCurrentUser).mockResolvedValue(aUser());
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe("/"));
    expect(localStorage.getItem("token")).toBeNull();
  });
});
