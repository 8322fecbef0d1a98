import type { AuditEntry } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUDIT_ACTION_LABELS, AUDIT_TEXTS } from "../src/features/admin-audit/lib/audit-labels";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({ role: "admin", firstName: "Platform", lastName: "Admin", isTrialAccount: false });
const actor = { _id: admin._id, firstName: "Platform", lastName: "Admin", email: "admin@jengafund.local" };

function anEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: "01JAUDIT000000000000000001",
    action: "user.status",
    actor,
    target: { type: "user", _id: "01JUSER", label: "brian@example.com" },
    details: {
      before: { isActive: true },
      after: { isActive: false },
      reason: "Suspicious sign-ups",
      ip: "197.248.1.9",
    },
    createdAt: "2026-01-05T11:05:00.000Z",
    ...overrides,
  };
}

const deactivation = anEntry();
const credit = anEntry({
  _id: "01JAUDIT000000000000000002",
  action: "user.balance",
  target: { type: "user", _id: "01JUSER2", label: "amina@example.com" },
  details: { before: { walletBalance: 100 }, after: { walletBalance: 350 }, reason: "M-Pesa refund", ip: "10.0.0.7" },
});

function page(entries: AuditEntry[], totalPages = 1, nextCursor?: string) {
  return { entries, page: 1, totalPages, total: entries.length * totalPages, ...(nextCursor ? { nextCursor } : {}) };
}

function auditQueries() {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/admin/audit")
    .map(([, , options]) => options?.query);
}

function showAudit(answer: Parameters<typeof mockApi>[0][string], user = admin) {
  mockApi({ "GET /auth/me": { user }, "GET /admin/audit": answer });
  renderApp("/admin/audit");
}

describe("admin Audit tab (design.md §11)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is a tab of the admin console", async () => {
    showAudit(page([]));
    const nav = within(await screen.findByRole("navigation", { name: "Admin Panel" }));
    expect(nav.getByRole("link", { name: "Audit" }).getAttribute("href")).toBe("/admin/audit");
  });

  it("shows time, actor, action, target, before → after, reason and IP of each entry", async () => {
    showAudit(page([deactivation, credit]));
    expect(await screen.findByRole("heading", { name: AUDIT_TEXTS.title })).toBeTruthy();
    const table = within(await screen.findByRole("table", { name: "Audit entries" }));
    for (const column of ["Time", "Admin", "Action", "Target", "Details", "IP"]) {
      expect(table.getByRole("columnheader", { name: column })).toBeTruthy();
    }
    const [, first, second] = table.getAllByRole("row");
    const row = within(first as HTMLElement);
    expect(row.getByText("Platform Admin")).toBeTruthy();
    expect(row.getByText(AUDIT_ACTION_LABELS["user.status"])).toBeTruthy();
    expect(row.getByText("brian@example.com")).toBeTruthy();
    expect(first?.textContent).toContain("Active: Yes → No");
    expect(first?.textContent).toContain("Reason: Suspicious sign-ups");
    expect(row.getByText("197.248.1.9")).toBeTruthy();
    expect(row.getByText("Jan 05, 2026")).toBeTruthy();
    expect(second?.textContent).toContain("Wallet balance: KES 100.00 → KES 350.00");
    expect(screen.getByText("Showing 2 of 2 entries")).toBeTruthy();
  });

  it("filters by action and searches by target or actor, from page 1", async () => {
    showAudit(page([deactivation]));
    await screen.findByRole("table", { name: "Audit entries" });
    expect(auditQueries()[0]).toEqual({ page: "1", limit: "10" });

    fireEvent.change(screen.getByLabelText(AUDIT_TEXTS.actionLabel), { target: { value: "user.balance" } });
    await waitFor(() => expect(auditQueries().at(-1)).toEqual({ page: "1", limit: "10", action: "user.balance" }));

    fireEvent.change(screen.getByPlaceholderText(AUDIT_TEXTS.searchPlaceholder), { target: { value: " brian " } });
    await waitFor(() =>
      expect(auditQueries().at(-1)).toEqual({ page: "1", limit: "10", action: "user.balance", search: "brian" }),
    );

    fireEvent.click(screen.getByRole("button", { name: AUDIT_TEXTS.clear }));
    await waitFor(() => expect(auditQueries().at(-1)).toEqual({ page: "1", limit: "10" }));
  });

  it("pages with 'Page X of Y', passing the next page's cursor", async () => {
    showAudit(page([deactivation], 3, "cursor-2"));
    expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(auditQueries().at(-1)).toEqual({ page: "2", limit: "10", cursor: "cursor-2" }));
  });

  it("says when nothing matches, differently with filters on", async () => {
    showAudit(page([]));
    expect(await screen.findByText(AUDIT_TEXTS.emptyTitle)).toBeTruthy();
    expect(screen.getByText(AUDIT_TEXTS.emptyAll)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(AUDIT_TEXTS.actionLabel), { target: { value: "package.delete" } });
    expect(await screen.findByText(AUDIT_TEXTS.emptyFiltered)).toBeTruthy();
  });

  it("shows a spinner while loading, then an error with Retry (never the empty state)", async () => {
    let fail = true;
    showAudit(() => {
      if (fail) throw new ApiError(500, "Something went wrong");
      return page([deactivation]);
    });
    expect(await screen.findByText(`We could not load ${AUDIT_TEXTS.what}`)).toBeTruthy();
    expect(screen.queryByText(AUDIT_TEXTS.emptyTitle)).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table", { name: "Audit entries" })).toBeTruthy();
  });

  it("sends an investor who opens it to the dashboard", async () => {
    localStorage.setItem("token", "investor-token");
    showAudit(page([]), aUser());
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages"));
    expect(auditQueries()).toHaveLength(0);
  });
});
