import type { UnmatchedPayment } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { formatNairobiDate, formatNairobiDateTime, formatNairobiTime, NAIROBI_TIME_NOTE } from "../src/lib/format";
import { aPayment, matchNoMedia, paymentsPage, unmatchedAdmin, useAdminConsole } from "./admin-unmatched-fixtures";
import { mockApi } from "./api-mock";
import { anAdjustment } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const waiting = aPayment();
const pending = aPayment({
  _id: "RKT9ZZ8YY7",
  receipt: "RKT9ZZ8YY7",
  amount: 25000,
  accountNumber: "amina",
  payerName: "",
  reason: "inactive-account",
  status: "pending",
  user: { _id: "01JTESTUSER0000000000000000", firstName: "Amina", lastName: "Wanjiru", email: "amina@example.com" },
  adjustmentId: "01JTESTADJUSTMENT000000001",
});
const returned = aPayment({
  _id: "RKT5QQ4WW3",
  receipt: "RKT5QQ4WW3",
  amount: 99.5,
  accountNumber: "",
  reason: "other-short-code",
  status: "returned",
  resolvedBy: { _id: unmatchedAdmin._id, firstName: "Platform", lastName: "Admin", email: unmatchedAdmin.email },
  resolution: { reason: "Payer asked for it back", receipt: "RKX0REV123" },
  resolvedAt: "2026-01-06T08:30:00.000Z",
});

/** The badge asks for one line of the unmatched payments and reads the total; the list asks for ten. */
const isBadgeQuery = (query: Record<string, string> | undefined) => query?.limit === "1";

function unmatchedQueries(badge: boolean) {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/admin/unmatched-payments")
    .map(([, , options]) => options?.query)
    .filter((query) => isBadgeQuery(query) === badge);
}

function showUnmatched(
  payments: () => UnmatchedPayment[],
  { path = "/admin/unmatched-payments", totalPages = 1 } = {},
) {
  mockApi({
    "GET /auth/me": { user: unmatchedAdmin },
    "GET /admin/adjustments": { adjustments: [], page: 1, totalPages: 1, total: 0 },
    "GET /admin/unmatched-payments": (_body, query) => {
      const list = payments();
      if (isBadgeQuery(query)) {
        const open = list.filter((payment) => payment.status === "unmatched");
        return paymentsPage(open.slice(0, 1), open.length, open.length);
      }
      return paymentsPage(list, totalPages);
    },
  });
  renderApp(path);
}

describe("admin console: unmatched Paybill payments (design.md §12.3)", () => {
  useAdminConsole();

  it("is a tab whose name and badge carry the number of payments to resolve", async () => {
    const another = aPayment({ _id: "RKT7MM6NN5", receipt: "RKT7MM6NN5" });
    showUnmatched(() => [waiting, another, pending, returned], { path: "/admin/overview" });
    const nav = within(await screen.findByRole("navigation", { name: "Admin Panel" }));
    const tab = await nav.findByRole("link", { name: "Unmatched 2 to resolve" });
    expect(tab.getAttribute("href")).toBe("/admin/unmatched-payments");
    expect(unmatchedQueries(true)).toEqual([{ status: "unmatched", page: "1", limit: "1" }]);

    fireEvent.click(tab);
    expect(await screen.findByRole("heading", { name: "Unmatched Payments" })).toBeTruthy();
    expect(screen.getByTestId("current-path").textContent).toBe("/admin/unmatched-payments");
  });

  it("shows the tab as plain 'Unmatched' when nothing waits", async () => {
    showUnmatched(() => [returned]);
    expect(await screen.findByRole("table", { name: "Unmatched payments" })).toBeTruthy();
    await waitFor(() => expect(unmatchedQueries(true)).toHaveLength(1));
    expect(screen.getByRole("link", { name: "Unmatched" }).textContent).toBe("Unmatched");
  });

  it("lists receipt, KES amount, account number as typed, payer, Nairobi paid-at, reason in words and status", async () => {
    showUnmatched(() => [waiting, pending, returned]);
    const table = within(await screen.findByRole("table", { name: "Unmatched payments" }));
    expect(table.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Receipt",
      "Amount",
      "Account Number",
      "Payer",
      "Paid At",
      "Reason",
      "Status",
      "Actions",
    ]);
    const [, first, second, third] = table.getAllByRole("row") as HTMLElement[];
    const row = within(first as HTMLElement);
    expect(row.getByText("RKT1AB2CD3")).toBeTruthy();
    expect(row.getByText("KES 1,500.00")).toBeTruthy();
    expect(row.getByText("0712 34567")).toBeTruthy();
    expect(row.getByText("JOHN KAMAU")).toBeTruthy();
    // 11:05 UTC is 14:05 in Nairobi, whatever the test machine's zone.
    expect(row.getByText(formatNairobiDate(waiting.paidAt))).toBeTruthy();
    expect(row.getByText("14:05")).toBeTruthy();
    expect(formatNairobiTime(waiting.paidAt)).toBe("14:05");
    expect(row.getByText("No account has this account number")).toBeTruthy();
    expect(row.getByText("Unmatched")).toBeTruthy();
    expect(row.getByRole("button", { name: "Resolve payment RKT1AB2CD3" }).textContent).toBe("Resolve");

    const waitingForApproval = within(second as HTMLElement);
    expect(waitingForApproval.getByText("KES 25,000.00")).toBeTruthy();
    expect(waitingForApproval.getByText("Not given")).toBeTruthy();
    expect(waitingForApproval.getByText("The account it names is deactivated")).toBeTruthy();
    expect(waitingForApproval.getByText("Pending approval")).toBeTruthy();
    expect(waitingForApproval.getByText("To Amina Wanjiru")).toBeTruthy();
    expect(waitingForApproval.queryByRole("button", { name: /^Resolve/ })).toBeNull();

    const sentBack = within(third as HTMLElement);
    expect(sentBack.getByText("KES 99.50")).toBeTruthy();
    expect(sentBack.getByText("(blank)")).toBeTruthy();
    expect(sentBack.getByText("Paid to a business number that is not ours")).toBeTruthy();
    expect(sentBack.getByText("Returned")).toBeTruthy();

    expect(screen.getByText(NAIROBI_TIME_NOTE)).toBeTruthy();
    expect(screen.getByText("Showing 3 of 3 payments")).toBeTruthy();
    expect(unmatchedQueries(false)).toEqual([{ page: "1", limit: "10", status: "all" }]);
  });

  it("shows a resolved payment's details read-only: who resolved it, when, why and the reversal receipt", async () => {
    showUnmatched(() => [returned]);
    fireEvent.click(await screen.findByRole("button", { name: "View details of payment RKT5QQ4WW3" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Payment Details" }));
    expect(dialog.getByText("RKX0REV123")).toBeTruthy();
    expect(dialog.getByText("Payer asked for it back")).toBeTruthy();
    expect(dialog.getByText("Platform Admin")).toBeTruthy();
    expect(dialog.getByText(formatNairobiDateTime(returned.resolvedAt ?? ""))).toBeTruthy();
    expect(dialog.queryByRole("radio")).toBeNull();
    fireEvent.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("filters by status (unmatched, pending, assigned, returned, all) from page 1, and 'Clear Filter' shows all", async () => {
    showUnmatched(() => [waiting], { totalPages: 3 });
    const select = (await screen.findByRole("combobox", { name: "Status" })) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["all", "All Status"],
      ["unmatched", "Unmatched"],
      ["pending", "Pending approval"],
      ["assigned", "Assigned"],
      ["returned", "Returned"],
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => expect(unmatchedQueries(false).at(-1)).toEqual({ page: "2", limit: "10", status: "all" }));
    fireEvent.change(select, { target: { value: "unmatched" } });
    await waitFor(() =>
      expect(unmatchedQueries(false).at(-1)).toEqual({ page: "1", limit: "10", status: "unmatched" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Clear Filter" }));
    await waitFor(() => expect(unmatchedQueries(false).at(-1)).toEqual({ page: "1", limit: "10", status: "all" }));
    expect(select.value).toBe("all");
  });

  it("explains an empty list, differently when a status filter is on", async () => {
    showUnmatched(() => []);
    expect(await screen.findByText("No payments found")).toBeTruthy();
    expect(screen.getByText("Paybill payments whose account number matches no account will appear here.")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "returned" } });
    expect(await screen.findByText("No payments match the selected status filter.")).toBeTruthy();
  });

  it("says 'Failed to load unmatched payments' with a Retry, and no badge, when the list cannot be read", async () => {
    mockApi({
      "GET /auth/me": { user: unmatchedAdmin },
      "GET /admin/adjustments": { adjustments: [], page: 1, totalPages: 1, total: 0 },
      "GET /admin/unmatched-payments": () => {
        throw new ApiError(500, "Something went wrong");
      },
    });
    renderApp("/admin/unmatched-payments");
    expect(await screen.findByText("Failed to load unmatched payments")).toBeTruthy();
    const error = (await screen.findByText("We could not load the unmatched payments")).closest("[role=alert]");
    expect(within(error as HTMLElement).getByRole("button", { name: "Retry" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Unmatched" })).toBeTruthy();
  });

  it("shows cards instead of the table on a 360 px phone, with the same actions", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(matchNoMedia);
    showUnmatched(() => [waiting, pending]);
    const cards = within(await screen.findByRole("list", { name: "Unmatched payments" }));
    expect(screen.queryByRole("table")).toBeNull();
    expect(cards.getAllByRole("listitem")).toHaveLength(2);
    expect(cards.getByText("KES 1,500.00")).toBeTruthy();
    expect(cards.getByText("0712 34567")).toBeTruthy();
    expect(cards.getAllByText(`Paid ${formatNairobiDateTime(waiting.paidAt)}`)).toHaveLength(2);
    expect(cards.getByRole("button", { name: "Resolve payment RKT1AB2CD3" })).toBeTruthy();
    expect(cards.getByRole("button", { name: "View details of payment RKT9ZZ8YY7" })).toBeTruthy();
  });

  it("shows on the Approvals tab that an adjustment is the Paybill payment it credits", async () => {
    const adjustment = anAdjustment({ unmatchedPaymentId: "RKT9ZZ8YY7", reason: "Ticket 4411: mistyped number" });
    mockApi({
      "GET /auth/me": { user: unmatchedAdmin },
      "GET /admin/adjustments": { adjustments: [adjustment], page: 1, totalPages: 1, total: 1 },
      "GET /admin/unmatched-payments": paymentsPage([]),
    });
    renderApp("/admin/approvals");
    const table = within(await screen.findByRole("table", { name: "Adjustments" }));
    expect(table.getByText("This is the Paybill payment RKT9ZZ8YY7")).toBeTruthy();
    fireEvent.click(table.getByRole("button", { name: "Process adjustment of Amina Wanjiru" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Process Adjustment" }));
    expect(dialog.getByText("This is the Paybill payment RKT9ZZ8YY7")).toBeTruthy();
  });
});
