import type { Withdrawal } from "@jengafund/shared";
import { focusManager } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { formatNairobiDate, formatNairobiLongDateTime } from "../src/lib/format";
import { callsTo, mockApi } from "./api-mock";
import { aUser, aWithdrawal } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({ role: "admin", firstName: "Platform", lastName: "Admin", isTrialAccount: false });

const pending = aWithdrawal();
const rejected = aWithdrawal({
  _id: "01JTESTWITHDRAWAL000000002",
  user: { firstName: "Brian", lastName: "Otieno", email: "brian@example.com" },
  amount: 1250.5,
  transactionReference: "WD-9Q1ZZB",
  status: "rejected",
  processedBy: { firstName: "Platform", lastName: "Admin" },
  reason: "Phone number does not match the account",
});
const completed = aWithdrawal({
  _id: "01JTESTWITHDRAWAL000000003",
  status: "completed",
  processedBy: { firstName: "Platform", lastName: "Admin" },
  mpesaTransactionId: "QK12ABC34D",
});

function page(withdrawals: Withdrawal[], totalPages = 1) {
  return { withdrawals, page: 1, totalPages, total: withdrawals.length };
}

function listQueries() {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/admin/withdrawals")
    .map(([, , options]) => options?.query);
}

function showWithdrawals(withdrawals: Withdrawal[], process: (body: unknown) => unknown = () => ({ withdrawal: {} })) {
  mockApi({
    "GET /auth/me": { user: admin },
    "GET /admin/withdrawals": page(withdrawals),
    [`PUT /admin/withdrawals/${pending._id}`]: process,
  });
  renderApp("/admin/withdrawals");
}

async function openProcessDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Process withdrawal of Amina Wanjiru" }));
  const dialog = await screen.findByRole("dialog", { name: "Process Withdrawal" });
  return {
    dialog,
    reason: within(dialog).getByRole("textbox", { name: /^Reason/ }) as HTMLTextAreaElement,
    choose: (action: "Approve" | "Reject") => fireEvent.click(within(dialog).getByText(action, { exact: true })),
    submit: (name: "Approve Withdrawal" | "Reject Withdrawal") =>
      within(dialog).getByRole("button", { name }) as HTMLButtonElement,
  };
}

describe("admin withdrawal management (spec §2, §5, §8)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });

  it("lists each request with user, amount and reference, phone, status with processor, date and the right action", async () => {
    showWithdrawals([pending, rejected]);
    expect(await screen.findByRole("heading", { name: "Withdrawal Management" })).toBeTruthy();
    expect(screen.getByText("Review and process user withdrawal requests")).toBeTruthy();
    const table = within(await screen.findByRole("table", { name: "Withdrawals" }));
    expect(table.getByText("Amina Wanjiru")).toBeTruthy();
    expect(table.getByText("brian@example.com")).toBeTruthy();
    expect(table.getByText("KES 1,250.50")).toBeTruthy();
    expect(table.getByText("WD-9Q1ZZB")).toBeTruthy();
    expect(table.getByText("By: Platform Admin")).toBeTruthy();
    expect(table.getAllByText(formatNairobiDate(pending.requestDate))).toHaveLength(2);
    expect(table.getByRole("button", { name: "Process withdrawal of Amina Wanjiru" }).textContent).toBe("Process");
    expect(table.getByRole("button", { name: "View Details of Brian Otieno" }).textContent).toBe("View Details");
    expect(screen.getByText("Showing 2 of 2 withdrawals")).toBeTruthy();
    expect(listQueries()).toEqual([{ page: "1", limit: "10", status: "pending" }]);
  });

  it("opens on the pending requests, filters by status from page 1 and 'Clear Filter' shows every status", async () => {
    mockApi({ "GET /auth/me": { user: admin }, "GET /admin/withdrawals": page([pending], 3) });
    renderApp("/admin/withdrawals");
    const select = (await screen.findByRole("combobox", { name: "Status" })) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["", "All Status"],
      ["pending", "Pending"],
      ["approved", "Approved"],
      ["completed", "Completed"],
      ["rejected", "Rejected"],
    ]);
    expect(select.value).toBe("pending");
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "2", limit: "10", status: "pending" }));

    fireEvent.change(select, { target: { value: "approved" } });
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "10", status: "approved" }));
    fireEvent.click(screen.getByRole("button", { name: "Clear Filter" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "10", status: "" }));
    expect(select.value).toBe("");
  });

  it("explains an empty list, differently when a status filter is on", async () => {
    showWithdrawals([]);
    expect(await screen.findByText("No withdrawals found")).toBeTruthy();
    expect(screen.getByText("No withdrawals match the selected status filter.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear Filter" }));
    expect(
      await screen.findByText("Withdrawal requests will appear here when users request to withdraw funds."),
    ).toBeTruthy();
  });

  it("says 'Failed to load withdrawals' when the list cannot be loaded", async () => {
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/withdrawals": () => {
        throw new ApiError(500, "Something went wrong");
      },
    });
    renderApp("/admin/withdrawals");
    expect(await screen.findByText("Failed to load withdrawals")).toBeTruthy();
  });

  it("shows a pending request's details and keeps submit disabled until an action is chosen", async () => {
    showWithdrawals([pending]);
    const { dialog, reason, choose, submit } = await openProcessDialog();
    const details = within(dialog);
    expect(details.getByText("Amina Wanjiru (amina@example.com)")).toBeTruthy();
    expect(details.getByText("KES 500.00")).toBeTruthy();
    expect(details.getByText("254712345678")).toBeTruthy();
    expect(details.getByText("WD-7F3K2A")).toBeTruthy();
    expect(details.getByText(formatNairobiLongDateTime(pending.requestDate))).toBeTruthy();
    expect(details.getByText("pending")).toBeTruthy();
    expect(details.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(details.getByText("Action")).toBeTruthy();

    expect(submit("Approve Withdrawal").disabled).toBe(true);
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
    expect(reason.placeholder).toBe("Optional approval note...");
  });

  it("requires a reason to reject: asterisk, placeholder and a disabled submit while it is empty", async () => {
    showWithdrawals([pending]);
    const { dialog, reason, choose, submit } = await openProcessDialog();
    choose("Reject");
    await waitFor(() => expect(reason.placeholder).toBe("Required rejection reason..."));
    const label = within(dialog).getByText("Reason", { exact: false, selector: "label" });
    expect(label.textContent).toContain("*");
    expect(submit("Reject Withdrawal").disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "   " } });
    expect(submit("Reject Withdrawal").disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "Phone number does not match" } });
    expect(submit("Reject Withdrawal").disabled).toBe(false);
  });

  it("approves, says so, closes the dialog and reloads the list", async () => {
    showWithdrawals([pending]);
    const { choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
    fireEvent.click(submit("Approve Withdrawal"));
    expect(await screen.findByText("Withdrawal approved successfully")).toBeTruthy();
    expect(callsTo("PUT", `/admin/withdrawals/${pending._id}`)).toEqual([{ status: "approved", reason: "" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(listQueries()).toHaveLength(2));
  });

  it("rejects with the reason, says so and opens the next request with a fresh form", async () => {
    showWithdrawals([pending]);
    const first = await openProcessDialog();
    first.choose("Reject");
    await waitFor(() => expect(first.reason.placeholder).toBe("Required rejection reason..."));
    fireEvent.change(first.reason, { target: { value: " Phone number does not match " } });
    fireEvent.click(first.submit("Reject Withdrawal"));
    expect(await screen.findByText("Withdrawal rejected successfully")).toBeTruthy();
    expect(callsTo("PUT", `/admin/withdrawals/${pending._id}`)).toEqual([
      { status: "rejected", reason: "Phone number does not match" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const again = await openProcessDialog();
    expect(again.reason.value).toBe("");
    expect(again.submit("Approve Withdrawal").disabled).toBe(true);
  });

  it("moves back to the last page when processing empties the current one", async () => {
    let processed = false;
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/withdrawals": () => (processed ? page([rejected], 1) : page([pending], 2)),
      [`PUT /admin/withdrawals/${pending._id}`]: () => {
        processed = true;
        return { withdrawal: {} };
      },
    });
    renderApp("/admin/withdrawals");
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "2", limit: "10", status: "pending" }));
    const { choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
    fireEvent.click(submit("Approve Withdrawal"));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "10", status: "pending" }));
    expect(await screen.findByRole("button", { name: "View Details of Brian Otieno" })).toBeTruthy();
  });

  it("disables submit and shows a spinner while the decision is being sent", async () => {
    showWithdrawals([pending], () => new Promise(() => {}));
    const { dialog, choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
    fireEvent.click(submit("Approve Withdrawal"));
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(true));
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    expect(dialog.querySelector(".chakra-spinner")).not.toBeNull();
  });

  it("keeps the dialog open on failure with the server's message, or 'Failed to process withdrawal'", async () => {
    let failure = new ApiError(409, "Withdrawal is no longer pending");
    showWithdrawals([pending], () => {
      throw failure;
    });
    const { choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
    fireEvent.click(submit("Approve Withdrawal"));
    expect(await screen.findByText("Withdrawal is no longer pending")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Process Withdrawal" })).toBeTruthy();
    // No longer pending: the list is read again at once (here it still shows the request pending).
    await waitFor(() => expect(listQueries()).toHaveLength(2));

    failure = new ApiError(0);
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
    fireEvent.click(submit("Approve Withdrawal"));
    expect(await screen.findByText("Failed to process withdrawal")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Process Withdrawal" })).toBeTruthy();
    expect(listQueries()).toHaveLength(2);
  });

  it("shows a processed request read-only as 'Withdrawal Details' with its reason or M-Pesa id and a Close button", async () => {
    showWithdrawals([rejected, completed]);
    fireEvent.click(await screen.findByRole("button", { name: "View Details of Brian Otieno" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Withdrawal Details" }));
    expect(dialog.getByText("Phone number does not match the account")).toBeTruthy();
    expect(dialog.getByText("rejected")).toBeTruthy();
    expect(dialog.queryByText("Action")).toBeNull();
    expect(dialog.queryByRole("textbox")).toBeNull();
    expect(dialog.queryByRole("button", { name: "Cancel" })).toBeNull();
    fireEvent.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "View Details of Amina Wanjiru" }));
    const second = within(await screen.findByRole("dialog", { name: "Withdrawal Details" }));
    expect(second.getByText("QK12ABC34D")).toBeTruthy();
    expect(second.getByText("M-Pesa Transaction ID")).toBeTruthy();
  });
});

describe("an approved payout waiting for M-Pesa (design.md §12.1)", () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const awaiting = (approvedHoursAgo: number) =>
    aWithdrawal({
      _id: "01JTESTWITHDRAWAL000000009",
      user: { firstName: "Chebet", lastName: "Kiprop", email: "chebet@example.com" },
      status: "approved",
      processedBy: { firstName: "Platform", lastName: "Admin" },
      processedAt: hoursAgo(approvedHoursAgo),
    });

  async function openStuck(withdrawal: Withdrawal) {
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/withdrawals": page([withdrawal]),
      [`PUT /admin/withdrawals/${withdrawal._id}`]: () => ({ withdrawal: { ...withdrawal, status: "rejected" } }),
    });
    renderApp("/admin/withdrawals");
    fireEvent.click(await screen.findByRole("button", { name: "View Details of Chebet Kiprop" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Withdrawal Details" }));
    fireEvent.change(dialog.getByRole("textbox", { name: /^Reason/ }), { target: { value: "No such payout" } });
    return dialog;
  }

  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });

  it("keeps 'Mark payout as failed' shut for a day after approval, saying from when", async () => {
    const withdrawal = awaiting(2);
    const dialog = await openStuck(withdrawal);
    const from = formatNairobiLongDateTime(
      new Date(Date.parse(withdrawal.processedAt as string) + 24 * 3_600_000).toISOString(),
    );
    expect(
      dialog.getByText(new RegExp(`can be marked as failed from ${from}, 24 hours after it was sent to M-Pesa`)),
    ).toBeTruthy();
    expect((dialog.getByRole("button", { name: "Mark payout as failed" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens it once the day has passed", async () => {
    const dialog = await openStuck(awaiting(25));
    expect(dialog.queryByText(/can be marked as failed from/)).toBeNull();
    const button = dialog.getByRole("button", { name: "Mark payout as failed" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(callsTo("PUT", "/admin/withdrawals/01JTESTWITHDRAWAL000000009")).toHaveLength(1));
  });

  it("tells admins what M-Pesa paid after a refund, in the list and the details", async () => {
    const paid = aWithdrawal({
      _id: "01JTESTWITHDRAWAL000000010",
      status: "rejected",
      processedBy: { firstName: "Platform", lastName: "Admin" },
      reason: "Portal shows no payment",
      paidAfterRefund: { amount: 500, receipt: "TCLATE0001", at: "2026-01-06T09:30:00.000Z" },
    });
    showWithdrawals([paid]);
    expect(await screen.findByText("Paid after refund — recover KES 500.00")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "View Details of Amina Wanjiru" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Withdrawal Details" }));
    expect(dialog.getByText(/Paid after refund — recover KES 500\.00/)).toBeTruthy();
    expect(dialog.getByText(/receipt TCLATE0001/)).toBeTruthy();
  });
});

describe("the account behind a withdrawal (design.md §12.2)", () => {
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 24 * 3_600_000).toISOString();
  const toOtherNumber = aWithdrawal({
    phoneNumber: "254733000111",
    account: {
      registeredPhoneNumber: "254712345678",
      createdAt: daysAgo(3),
      recentSecurityChange: { kind: "password", at: daysAgo(1) },
      adminCredits30d: { count: 2, amount: 2000 },
      rewards30d: 1250.5,
    },
  });
  const toRegistered = aWithdrawal({
    _id: "01JTESTWITHDRAWAL000000020",
    user: { firstName: "Brian", lastName: "Otieno", email: "brian@example.com" },
    account: {
      registeredPhoneNumber: "254712345678",
      createdAt: daysAgo(400),
      adminCredits30d: { count: 0, amount: 0 },
      rewards30d: 0,
    },
  });

  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the registered number beside the payout's and the signals in words, in the table", async () => {
    showWithdrawals([toOtherNumber, toRegistered]);
    const table = within(await screen.findByRole("table", { name: "Withdrawals" }));
    const [first, second] = table.getAllByRole("row").slice(1);
    const row = within(first as HTMLElement);
    expect(row.getByText("254733000111")).toBeTruthy();
    expect(row.getByText("Not the registered number")).toBeTruthy();
    expect(row.getByText("Registered: 254712345678")).toBeTruthy();
    const signals = within(row.getByRole("list", { name: "Account signals" }));
    expect(signals.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "New account: 3 days old",
      "Password reset 1 day ago",
      "Rewards in the last 30 days: KES 1,250.50",
      "Admin credits in 30 days: 2 (KES 2,000.00)",
    ]);
    const other = within(second as HTMLElement);
    expect(other.getByText("Registered number")).toBeTruthy();
    expect(
      within(other.getByRole("list", { name: "Account signals" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Account 1 year old", "Rewards in the last 30 days: KES 0.00", "No admin credits in 30 days"]);
  });

  it("shows when a payout number was first proven, and a new-browser sign-in and changed alerts, in words (design.md §13.2)", async () => {
    const toNewNumber = aWithdrawal({
      _id: "01JTESTWITHDRAWAL000000030",
      phoneNumber: "254733000222",
      account: {
        registeredPhoneNumber: "254712345678",
        createdAt: daysAgo(400),
        adminCredits30d: { count: 0, amount: 0 },
        rewards30d: 0,
        payoutNumberFirstProvenAt: new Date(now - 26 * 3_600_000).toISOString(),
        newBrowserSignInAt: new Date(now - 2 * 3_600_000).toISOString(),
        alertsChangedAt: daysAgo(2),
      },
    });
    showWithdrawals([toNewNumber, toRegistered]);
    const table = within(await screen.findByRole("table", { name: "Withdrawals" }));
    const [first, second] = table.getAllByRole("row").slice(1);
    const row = within(first as HTMLElement);
    expect(row.getByText("First proven 1 day ago")).toBeTruthy();
    expect(
      within(row.getByRole("list", { name: "Account signals" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Account 1 year old",
      "New-browser sign-in in the last 24 h",
      "Alerts changed in the last 7 days",
      "Rewards in the last 30 days: KES 0.00",
      "No admin credits in 30 days",
    ]);
    // Paid to the registered number: nothing was proven, and no such signal is sent.
    const other = within(second as HTMLElement);
    expect(other.queryByText(/First proven/)).toBeNull();
    expect(other.queryByText("New-browser sign-in in the last 24 h")).toBeNull();
  });

  it("shows them on a phone's cards and in the Process dialog", async () => {
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
    showWithdrawals([toOtherNumber]);
    const cards = within(await screen.findByRole("list", { name: "Withdrawals" }));
    expect(cards.getByText("Registered: 254712345678")).toBeTruthy();
    expect(cards.getByText("Password reset 1 day ago")).toBeTruthy();
    fireEvent.click(cards.getByRole("button", { name: "Process withdrawal of Amina Wanjiru" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Process Withdrawal" }));
    expect(dialog.getByText("Not the registered number")).toBeTruthy();
    expect(dialog.getByText("Registered: 254712345678")).toBeTruthy();
    expect(dialog.getByText("Admin credits in 30 days: 2 (KES 2,000.00)")).toBeTruthy();
    expect(dialog.getByText("New account: 3 days old")).toBeTruthy();
  });
});

describe("who may approve, said before the click (design.md §13.6)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const reason =
    "Another admin must approve this withdrawal: you credited or approved KES 500.01 for this account in the last 30 days, and only KES 500.00 would be left after it.";

  it("says why this admin may not approve, with Approve disabled and Reject still open", async () => {
    showWithdrawals([aWithdrawal({ mayApprove: false, approveBlockedReason: reason })]);
    const { dialog, reason: note, choose, submit } = await openProcessDialog();
    const warning = within(dialog).getByText(reason);
    const approveChoice = within(dialog).getByRole("radio", { name: "Approve" }) as HTMLInputElement;
    expect(approveChoice.disabled).toBe(true);
    expect(approveChoice.getAttribute("aria-describedby")).toBe(warning.id);
    choose("Approve");
    expect(submit("Approve Withdrawal").disabled).toBe(true);

    choose("Reject");
    await waitFor(() => expect(note.placeholder).toBe("Required rejection reason..."));
    fireEvent.change(note, { target: { value: "Asked by the customer" } });
    fireEvent.click(submit("Reject Withdrawal"));
    expect(await screen.findByText("Withdrawal rejected successfully")).toBeTruthy();
    expect(callsTo("PUT", `/admin/withdrawals/${pending._id}`)).toEqual([
      { status: "rejected", reason: "Asked by the customer" },
    ]);
  });

  it("offers Approve, with no warning, to an admin who may approve", async () => {
    showWithdrawals([aWithdrawal({ mayApprove: true })]);
    const { dialog, choose, submit } = await openProcessDialog();
    expect(within(dialog).queryByText(/Another admin must approve/)).toBeNull();
    expect((within(dialog).getByRole("radio", { name: "Approve" }) as HTMLInputElement).disabled).toBe(false);
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
  });

  it("follows another admin's decision without a reload: read again every 15 s while in view, and on coming back", async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    });
    let decidedElsewhere = false;
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/withdrawals": () => page(decidedElsewhere ? [] : [pending]),
    });
    renderApp("/admin/withdrawals");
    expect(await screen.findByRole("button", { name: "Process withdrawal of Amina Wanjiru" })).toBeTruthy();
    const before = listQueries().length;

    // The other admin approves it; this console has not been touched.
    decidedElsewhere = true;
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(before));
    expect(await screen.findByText("No withdrawals found")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Process withdrawal of Amina Wanjiru" })).toBeNull();

    // Back in view after a while away: read again at once.
    const seen = listQueries().length;
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(seen));
    focusManager.setFocused(undefined);
  });
});

describe("another admin's decision, in the open Process dialog (design.md §13.6)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const byOtherAdmin = { firstName: "Grace", lastName: "Mwangi" };

  /**
   * The list on Pending, and the one request read on its own (`?id=`): `state()` says what the other admin has done
   * so far; the request leaves the Pending list once decided.
   */
  function showWhileDecidedElsewhere(state: () => Withdrawal, process: (body: unknown) => unknown = () => ({})) {
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/withdrawals": (_body, query) => {
        const now = state();
        if (query?.id) return page(query.id === now._id ? [now] : []);
        return page(now.status === "pending" ? [now] : []);
      },
      [`PUT /admin/withdrawals/${pending._id}`]: process,
    });
    renderApp("/admin/withdrawals");
  }

  it("says who approved it and offers no decision, instead of letting the click fail", async () => {
    let now: Withdrawal = pending;
    showWhileDecidedElsewhere(() => now);
    const { dialog, choose, submit, reason } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));

    // The other admin approves it; the list, on Pending, reads again 15 s on and no longer shows it.
    now = { ...pending, status: "approved", processedBy: byOtherAdmin, processedAt: new Date().toISOString() };
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await within(dialog).findByText("Already approved by Grace Mwangi.")).toBeTruthy();
    // The same dialog, with the request as it now is.
    expect(screen.getByRole("dialog", { name: "Process Withdrawal" })).toBe(dialog);
    expect(within(dialog).getByText("approved")).toBeTruthy();
    expect(within(dialog).getByText("Grace Mwangi")).toBeTruthy();
    expect(submit("Approve Withdrawal").disabled).toBe(true);
    for (const radio of within(dialog).getAllByRole("radio")) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(reason.disabled).toBe(true);
    expect((within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(false);
    expect(listQueries()).toContainEqual({ page: "1", limit: "1", status: "", id: pending._id });
    expect(callsTo("PUT", `/admin/withdrawals/${pending._id}`)).toEqual([]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says who rejected it once a click is refused as no longer pending, without waiting for the next read", async () => {
    let now: Withdrawal = pending;
    showWhileDecidedElsewhere(
      () => now,
      () => {
        // Rejected by the other admin a moment before this click.
        now = { ...pending, status: "rejected", processedBy: byOtherAdmin, reason: "Asked by the customer" };
        throw new ApiError(409, "Withdrawal has already been processed");
      },
    );
    const { dialog, choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
    fireEvent.click(submit("Approve Withdrawal"));
    expect(await screen.findByText("Withdrawal has already been processed")).toBeTruthy();
    expect(await within(dialog).findByText("Already rejected by Grace Mwangi.")).toBeTruthy();
    expect(within(dialog).getByText("Asked by the customer")).toBeTruthy();
    expect(submit("Approve Withdrawal").disabled).toBe(true);
  });

  it("leaves the dialog as it is while this admin's own decision is in flight, then closes it", async () => {
    let now: Withdrawal = pending;
    let answer: (value: unknown) => void = () => {};
    showWhileDecidedElsewhere(
      () => now,
      () => {
        // Recorded at once; the answer is slow to come back.
        now = { ...pending, status: "approved", processedBy: { firstName: "Platform", lastName: "Admin" } };
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    );
    const { dialog, choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(false));
    fireEvent.click(submit("Approve Withdrawal"));
    await waitFor(() => expect(submit("Approve Withdrawal").disabled).toBe(true));

    // The list reads again meanwhile and no longer shows it: the dialog neither changes nor says it was decided.
    const before = listQueries().length;
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(before));
    await vi.advanceTimersByTimeAsync(100);
    expect(screen.getByRole("dialog", { name: "Process Withdrawal" })).toBe(dialog);
    expect(within(dialog).queryByText(/^Already approved by/)).toBeNull();
    expect(dialog.querySelector(".chakra-spinner")).not.toBeNull();

    answer({ withdrawal: {} });
    expect(await screen.findByText("Withdrawal approved successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
