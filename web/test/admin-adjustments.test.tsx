import { ADJUSTMENT_MESSAGES, type BalanceAdjustment } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { formatNairobiDate, formatNairobiDateTime, formatNairobiTime } from "../src/lib/format";
import { callsTo, mockApi } from "./api-mock";
import { anAdjustment, aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({
  _id: "01JTESTADMIN00000000000001",
  role: "admin",
  firstName: "Platform",
  lastName: "Admin",
  email: "admin@jengafund.local",
  isTrialAccount: false,
});
const me = { _id: admin._id, firstName: "Platform", lastName: "Admin", email: admin.email };

/** Asked for by Grace Mwangi, another admin: the signed-in admin may decide it. */
const pending = anAdjustment();
/** Asked for by the signed-in admin: only another admin may decide it. */
const ownRequest = anAdjustment({
  _id: "01JTESTADJUSTMENT000000002",
  user: { _id: "01JTESTUSER0000000000000002", firstName: "Brian", lastName: "Otieno", email: "brian@example.com" },
  type: "debit",
  amount: 15000.5,
  reason: "Duplicate deposit credited twice",
  requestedBy: me,
});
const approved = anAdjustment({
  _id: "01JTESTADJUSTMENT000000003",
  user: { _id: "01JTESTUSER0000000000000003", firstName: "Chero", lastName: "Kamau", email: "chero@example.com" },
  amount: 12000,
  reason: "Promotion payout",
  status: "approved",
  decidedBy: me,
  decidedAt: "2026-01-06T08:30:00.000Z",
  decisionReason: "Matches the promotion list",
});
const expired = anAdjustment({
  _id: "01JTESTADJUSTMENT000000004",
  user: { _id: "01JTESTUSER0000000000000004", firstName: "Dana", lastName: "Njeri", email: "dana@example.com" },
  status: "expired",
});

const stats = {
  totalUsers: 3,
  totalPackages: 1,
  totalInvestments: 0,
  totalTransactions: 0,
  pendingWithdrawals: 0,
  totalRevenue: 0,
  newUsersToday: 0,
  activeInvestments: 0,
};

function page(adjustments: BalanceAdjustment[], totalPages = 1, total = adjustments.length) {
  return { adjustments, page: 1, totalPages, total };
}

/** The badge asks for one line of the pending adjustments and reads the total; the list asks for ten. */
const isBadgeQuery = (query: Record<string, string> | undefined) => query?.limit === "1";

function adjustmentQueries(badge: boolean) {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/admin/adjustments")
    .map(([, , options]) => options?.query)
    .filter((query) => isBadgeQuery(query) === badge);
}
const listQueries = () => adjustmentQueries(false);
const badgeQueries = () => adjustmentQueries(true);

interface FakeServer {
  /** The list's pages; the badge counts the pending ones among them. */
  adjustments: () => BalanceAdjustment[];
  totalPages?: number;
  decide?: (body: unknown) => unknown;
  path?: string;
}

function showApprovals({ adjustments, totalPages = 1, decide, path = "/admin/approvals" }: FakeServer) {
  mockApi({
    "GET /auth/me": { user: admin },
    "GET /admin/stats": { stats },
    "GET /admin/adjustments": (_body, query) => {
      const list = adjustments();
      if (isBadgeQuery(query)) {
        const waiting = list.filter((adjustment) => adjustment.status === "pending");
        return page(waiting.slice(0, 1), waiting.length, waiting.length);
      }
      return page(list, totalPages);
    },
    // The tab lists package changes above the adjustments (admin-package-changes.test.tsx): none here.
    "GET /admin/package-changes": { changes: [] },
    ...(decide ? { [`PUT /admin/adjustments/${pending._id}`]: decide } : {}),
  });
  renderApp(path);
}

async function openProcessDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Process adjustment of Amina Wanjiru" }));
  const dialog = await screen.findByRole("dialog", { name: "Process Adjustment" });
  return {
    dialog,
    reason: within(dialog).getByRole("textbox", { name: /^Reason/ }) as HTMLTextAreaElement,
    choose: (action: "Approve" | "Reject") => fireEvent.click(within(dialog).getByText(action, { exact: true })),
    submit: (name: "Approve Adjustment" | "Reject Adjustment") =>
      within(dialog).getByRole("button", { name }) as HTMLButtonElement,
  };
}

/** The Idempotency-Key of each decision sent so far. */
function decisionKeys() {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "PUT" && path === `/admin/adjustments/${pending._id}`)
    .map(([, , options]) => options?.idempotencyKey);
}

/** Below the table breakpoint (64em), as on a 360 px phone. */
function onAPhone() {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe("admin Approvals tab: adjustments waiting for a second admin (design.md §12.1)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is a tab of the admin console whose name and badge carry the pending count, on every admin tab", async () => {
    const third = anAdjustment({ _id: "01JTESTADJUSTMENT000000005" });
    showApprovals({ adjustments: () => [pending, ownRequest, third, approved], path: "/admin/overview" });
    const nav = within(await screen.findByRole("navigation", { name: "Admin Panel" }));
    const tab = await nav.findByRole("link", { name: "Approvals 3 pending" });
    expect(tab.getAttribute("href")).toBe("/admin/approvals");
    expect(tab.textContent).toBe("Approvals 3 pending");
    expect(badgeQueries()).toEqual([{ status: "pending", page: "1", limit: "1" }]);

    fireEvent.click(tab);
    expect(await screen.findByRole("heading", { name: "Adjustment Approvals" })).toBeTruthy();
    expect(screen.getByTestId("current-path").textContent).toBe("/admin/approvals");
  });

  it("shows the tab as plain 'Approvals' when nothing is pending", async () => {
    showApprovals({ adjustments: () => [approved, expired] });
    expect(await screen.findByRole("table", { name: "Adjustments" })).toBeTruthy();
    await waitFor(() => expect(badgeQueries()).toHaveLength(1));
    const tab = screen.getByRole("link", { name: "Approvals" });
    expect(tab.textContent).toBe("Approvals");
    expect(tab.getAttribute("aria-current")).toBe("page");
  });

  it("lists each adjustment with user, type, amount, reason, requester, time, status and expiry or decision", async () => {
    showApprovals({ adjustments: () => [pending, approved, expired] });
    const table = within(await screen.findByRole("table", { name: "Adjustments" }));
    expect(table.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "User",
      "Type",
      "Amount",
      "Reason",
      "Requested By",
      "Requested At",
      "Status",
      "Expires / Decided",
      "Actions",
    ]);
    const [, first, second, third] = table.getAllByRole("row") as HTMLElement[];
    const row = within(first as HTMLElement);
    expect(row.getByText("Amina Wanjiru")).toBeTruthy();
    expect(row.getByText("amina@example.com")).toBeTruthy();
    expect(row.getByText("Credit")).toBeTruthy();
    expect(row.getByText("KES 25,000.00")).toBeTruthy();
    expect(row.getByText("M-Pesa reversal refund")).toBeTruthy();
    expect(row.getByText("Grace Mwangi")).toBeTruthy();
    expect(row.getByText("grace@jengafund.local")).toBeTruthy();
    expect(row.getByText(formatNairobiDate(pending.createdAt))).toBeTruthy();
    expect(row.getByText(formatNairobiTime(pending.createdAt))).toBeTruthy();
    expect(row.getByText("pending")).toBeTruthy();
    expect(row.getByText(`Expires ${formatNairobiDateTime(pending.expiresAt)}`)).toBeTruthy();
    expect(row.getByRole("button", { name: "Process adjustment of Amina Wanjiru" }).textContent).toBe("Process");

    const decided = within(second as HTMLElement);
    expect(decided.getByText("approved")).toBeTruthy();
    expect(decided.getByText(formatNairobiDateTime(approved.decidedAt ?? ""))).toBeTruthy();
    expect(decided.getByText("By: Platform Admin")).toBeTruthy();
    expect(decided.getByRole("button", { name: "View Details of Chero Kamau" }).textContent).toBe("View Details");

    const lapsed = within(third as HTMLElement);
    expect(lapsed.getByText("expired")).toBeTruthy();
    expect(lapsed.getByText(`Expired ${formatNairobiDateTime(expired.expiresAt)}`)).toBeTruthy();
    expect(lapsed.queryByRole("button", { name: /^Process/ })).toBeNull();

    expect(screen.getByText("Showing 3 of 3 adjustments")).toBeTruthy();
    expect(listQueries()).toEqual([{ page: "1", limit: "10", status: "" }]);
  });

  it("offers no Process on an adjustment the signed-in admin asked for: 'Waiting for another admin'", async () => {
    showApprovals({ adjustments: () => [ownRequest] });
    const table = within(await screen.findByRole("table", { name: "Adjustments" }));
    expect(table.getByText("Waiting for another admin")).toBeTruthy();
    expect(table.queryByRole("button", { name: /^Process/ })).toBeNull();
    expect(table.getByText("Debit")).toBeTruthy();
    expect(table.getByText("KES 15,000.50")).toBeTruthy();

    fireEvent.click(table.getByRole("button", { name: "View Details of Brian Otieno" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Adjustment Details" }));
    expect(dialog.getByText("Waiting for another admin")).toBeTruthy();
    expect(dialog.getByText("Platform Admin (admin@jengafund.local)")).toBeTruthy();
    expect(dialog.queryByText("Action")).toBeNull();
    expect(dialog.queryByRole("textbox")).toBeNull();
    fireEvent.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("filters by status (pending, approved, rejected, expired) from page 1 and 'Clear Filter' resets it", async () => {
    showApprovals({ adjustments: () => [pending], totalPages: 3 });
    const select = (await screen.findByRole("combobox", { name: "Status" })) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["", "All Status"],
      ["pending", "Pending"],
      ["approved", "Approved"],
      ["rejected", "Rejected"],
      ["expired", "Expired"],
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "2", limit: "10", status: "" }));

    fireEvent.change(select, { target: { value: "expired" } });
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "10", status: "expired" }));
    fireEvent.click(screen.getByRole("button", { name: "Clear Filter" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "10", status: "" }));
    expect(select.value).toBe("");
  });

  it("explains an empty list, differently when a status filter is on", async () => {
    showApprovals({ adjustments: () => [] });
    expect(await screen.findByText("No adjustments found")).toBeTruthy();
    expect(screen.getByText("Balance adjustments that need a second admin will appear here.")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "rejected" } });
    expect(await screen.findByText("No adjustments match the selected status filter.")).toBeTruthy();
  });

  it("says 'Failed to load adjustments' with a Retry when the list cannot be loaded", async () => {
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/adjustments": () => {
        throw new ApiError(500, "Something went wrong");
      },
    });
    renderApp("/admin/approvals");
    expect(await screen.findByText("Failed to load adjustments")).toBeTruthy();
    const error = (await screen.findByText("We could not load the adjustments")).closest("[role=alert]");
    expect(within(error as HTMLElement).getByRole("button", { name: "Retry" })).toBeTruthy();
    // A badge that cannot be read is no badge, never a second error.
    expect(screen.getByRole("link", { name: "Approvals" })).toBeTruthy();
  });

  it("shows cards instead of the table on a 360 px phone, with the same actions", async () => {
    onAPhone();
    showApprovals({ adjustments: () => [pending, ownRequest] });
    const cards = within(await screen.findByRole("list", { name: "Adjustments" }));
    expect(screen.queryByRole("table")).toBeNull();
    expect(cards.getAllByRole("listitem")).toHaveLength(2);
    expect(cards.getByText("KES 25,000.00")).toBeTruthy();
    expect(cards.getByText("M-Pesa reversal refund")).toBeTruthy();
    expect(cards.getByText(`Requested by Grace Mwangi · ${formatNairobiDateTime(pending.createdAt)}`)).toBeTruthy();
    expect(cards.getByRole("button", { name: "Process adjustment of Amina Wanjiru" })).toBeTruthy();
    expect(cards.getByText("Waiting for another admin")).toBeTruthy();
  });

  it("shows the pending adjustment's details and keeps submit disabled until an action is chosen", async () => {
    showApprovals({ adjustments: () => [pending] });
    const { dialog, reason, choose, submit } = await openProcessDialog();
    const details = within(dialog);
    expect(details.getByText("Amina Wanjiru (amina@example.com)")).toBeTruthy();
    expect(details.getByText("Credit")).toBeTruthy();
    expect(details.getByText("KES 25,000.00")).toBeTruthy();
    expect(details.getByText("M-Pesa reversal refund")).toBeTruthy();
    expect(details.getByText("Grace Mwangi (grace@jengafund.local)")).toBeTruthy();
    expect(details.getByText(formatNairobiDateTime(pending.expiresAt))).toBeTruthy();
    expect(details.getByText("pending")).toBeTruthy();

    expect(submit("Approve Adjustment").disabled).toBe(true);
    choose("Approve");
    await waitFor(() => expect(submit("Approve Adjustment").disabled).toBe(false));
    expect(reason.placeholder).toBe("Optional approval note...");
  });

  it("approves with an Idempotency-Key, says 'Adjustment approved', closes, and reads the list and the badge again", async () => {
    let decided = false;
    showApprovals({
      adjustments: () => (decided ? [{ ...pending, status: "approved", decidedBy: me }] : [pending]),
      decide: () => {
        decided = true;
        return { adjustment: { ...pending, status: "approved" } };
      },
    });
    expect(await screen.findByRole("link", { name: "Approvals 1 pending" })).toBeTruthy();
    const { choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Adjustment").disabled).toBe(false));
    fireEvent.click(submit("Approve Adjustment"));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.approved)).toBeTruthy();
    expect(callsTo("PUT", `/admin/adjustments/${pending._id}`)).toEqual([{ status: "approved", reason: "" }]);
    expect(decisionKeys()[0]).toMatch(/\S{16,}/);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    expect(await screen.findByRole("button", { name: "View Details of Amina Wanjiru" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Approvals" })).toBeTruthy();
    expect(badgeQueries()).toHaveLength(2);
  });

  it("has the platform figures read again after a decision, since an approval moves money", async () => {
    showApprovals({
      adjustments: () => [pending],
      decide: () => ({ adjustment: { ...pending, status: "approved" } }),
      path: "/admin/overview",
    });
    expect(await screen.findByRole("region", { name: "Platform statistics" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("link", { name: "Approvals 1 pending" }));
    const { choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Adjustment").disabled).toBe(false));
    fireEvent.click(submit("Approve Adjustment"));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.approved)).toBeTruthy();
    expect(callsTo("GET", "/admin/stats")).toHaveLength(1);

    // The figures were read moments ago and would still count as fresh had the approval not marked them stale.
    fireEvent.click(screen.getByRole("link", { name: "Overview" }));
    await waitFor(() => expect(callsTo("GET", "/admin/stats")).toHaveLength(2));
  });

  it(`refuses a rejection without a reason with '${ADJUSTMENT_MESSAGES.reasonRequired}', then rejects with it`, async () => {
    showApprovals({ adjustments: () => [pending], decide: () => ({ adjustment: { ...pending, status: "rejected" } }) });
    const { dialog, reason, choose, submit } = await openProcessDialog();
    choose("Reject");
    await waitFor(() => expect(reason.placeholder).toBe("Required rejection reason..."));
    const label = within(dialog).getByText("Reason", { exact: false, selector: "label" });
    expect(label.textContent).toContain("*");
    fireEvent.change(reason, { target: { value: "   " } });
    fireEvent.click(submit("Reject Adjustment"));
    expect(await within(dialog).findByText(ADJUSTMENT_MESSAGES.reasonRequired)).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(callsTo("PUT", `/admin/adjustments/${pending._id}`)).toEqual([]);

    fireEvent.change(reason, { target: { value: " Duplicate of an earlier refund " } });
    expect(within(dialog).queryByText(ADJUSTMENT_MESSAGES.reasonRequired)).toBeNull();
    fireEvent.click(submit("Reject Adjustment"));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.rejected)).toBeTruthy();
    expect(callsTo("PUT", `/admin/adjustments/${pending._id}`)).toEqual([
      { status: "rejected", reason: "Duplicate of an earlier refund" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the dialog open with the server's refusal (403, 409) or 'Failed to process adjustment', retrying with the same key", async () => {
    let refusal = new ApiError(403, ADJUSTMENT_MESSAGES.secondAdminRequired);
    showApprovals({
      adjustments: () => [pending],
      decide: () => {
        throw refusal;
      },
    });
    const { choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Adjustment").disabled).toBe(false));
    fireEvent.click(submit("Approve Adjustment"));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.secondAdminRequired)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Process Adjustment" })).toBeTruthy();
    expect(listQueries()).toHaveLength(1);

    // Decided by someone else meanwhile: the list on screen is stale, so it is read again.
    refusal = new ApiError(409, ADJUSTMENT_MESSAGES.alreadyDecided);
    await waitFor(() => expect(submit("Approve Adjustment").disabled).toBe(false));
    fireEvent.click(submit("Approve Adjustment"));
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.alreadyDecided)).toBeTruthy();
    await waitFor(() => expect(listQueries()).toHaveLength(2));

    refusal = new ApiError(0);
    await waitFor(() => expect(submit("Approve Adjustment").disabled).toBe(false));
    fireEvent.click(submit("Approve Adjustment"));
    expect(await screen.findByText("Failed to process adjustment")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Process Adjustment" })).toBeTruthy();
    const keys = decisionKeys();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it("shows a decided adjustment read-only as 'Adjustment Details' with who decided, when and why", async () => {
    showApprovals({ adjustments: () => [approved] });
    fireEvent.click(await screen.findByRole("button", { name: "View Details of Chero Kamau" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Adjustment Details" }));
    expect(dialog.getByText("approved")).toBeTruthy();
    expect(dialog.getByText("Platform Admin")).toBeTruthy();
    expect(dialog.getByText("Matches the promotion list")).toBeTruthy();
    expect(dialog.getByText(formatNairobiDateTime(approved.decidedAt ?? ""))).toBeTruthy();
    expect(dialog.queryByText("Action")).toBeNull();
    expect(dialog.queryByText("Waiting for another admin")).toBeNull();
  });
});

describe("the Approvals tab follows the other admin (design.md §13.6)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the other admin's approval and drops the badge without a reload, every 15 s while in view", async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    });
    let decidedElsewhere = false;
    showApprovals({
      adjustments: () => [
        decidedElsewhere
          ? { ...ownRequest, status: "approved", decidedBy: pending.requestedBy, decidedAt: "2026-01-06T09:00:00.000Z" }
          : ownRequest,
      ],
    });
    expect(await screen.findByRole("link", { name: "Approvals 1 pending" })).toBeTruthy();
    const table = within(await screen.findByRole("table", { name: "Adjustments" }));
    expect(table.getByText("Waiting for another admin")).toBeTruthy();

    // The other admin approves it on their own console.
    decidedElsewhere = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await screen.findByRole("link", { name: "Approvals" })).toBeTruthy();
    await waitFor(() => expect(table.queryByText("Waiting for another admin")).toBeNull());
    expect(table.getByText(/Grace Mwangi/)).toBeTruthy();
  });
});
