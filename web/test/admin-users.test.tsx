import { ADJUSTMENT_MESSAGES, type User } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { format } from "date-fns";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { anAdjustment, aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({
  _id: "01JTESTADMIN00000000000000",
  role: "admin",
  firstName: "Platform",
  lastName: "Admin",
  email: "admin@jengafund.local",
  phoneNumber: "254700000000",
  isTrialAccount: false,
  trialBalance: 0,
});
const trialInvestor = aUser();
const fundedInvestor = aUser({
  _id: "01JTESTUSER0000000000000002",
  firstName: "Brian",
  lastName: "Otieno",
  email: "brian@example.com",
  phoneNumber: "254722000111",
  isTrialAccount: false,
  trialBalance: 1000,
  walletBalance: 2500.5,
  isActive: false,
});

function usersPage(users: User[], totalPages = 1) {
  return { users, page: 1, totalPages, total: users.length };
}

function showUsers(routes: Parameters<typeof mockApi>[0] = {}) {
  mockApi({
    "GET /auth/me": { user: admin },
    "GET /admin/users": usersPage([trialInvestor, fundedInvestor, admin]),
    // The Approvals tab's badge: nothing waits for a second admin.
    "GET /admin/adjustments": { adjustments: [], page: 1, totalPages: 0, total: 0 },
    ...routes,
  });
  renderApp("/admin/users");
}

function listQueries() {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/admin/users")
    .map(([, , options]) => options?.query);
}

async function openAdjustBalance(name: string) {
  fireEvent.click(await screen.findByRole("button", { name: `Adjust balance of ${name}` }));
  const dialog = await screen.findByRole("dialog", { name: "Adjust Balance" });
  const form = within(dialog);
  return {
    dialog,
    amount: form.getByRole("spinbutton", { name: /^Amount/ }) as HTMLInputElement,
    type: form.getByRole("combobox", { name: /^Type/ }) as HTMLSelectElement,
    reason: form.getByRole("textbox", { name: /^Reason/ }) as HTMLTextAreaElement,
    submit: form.getByRole("button", { name: "Adjust Balance" }) as HTMLButtonElement,
  };
}

describe("admin user management (spec §2, §4, §5, §8)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });

  it("lists users with phone, role, status, the balance they spend and the join date", async () => {
    showUsers();
    const table = within(await screen.findByRole("table", { name: "Users" }));
    const trialRow = within(table.getByText("Amina Wanjiru").closest("tr") as HTMLElement);
    expect(trialRow.getByText("254712345678")).toBeTruthy();
    expect(trialRow.getByText("Investor")).toBeTruthy();
    expect(trialRow.getByText("Active")).toBeTruthy();
    expect(trialRow.getByText("KES 1,000.00")).toBeTruthy();
    expect(trialRow.getByText("Trial")).toBeTruthy();
    expect(trialRow.getByText(format(new Date(trialInvestor.createdAt), "MMM dd, yyyy"))).toBeTruthy();

    const fundedRow = within(table.getByText("Brian Otieno").closest("tr") as HTMLElement);
    expect(fundedRow.getByText("KES 2,500.50")).toBeTruthy();
    expect(fundedRow.getByText("Inactive")).toBeTruthy();
    expect(fundedRow.getByRole("button", { name: "Activate Brian Otieno" })).toBeTruthy();

    const adminRow = within(table.getByText("Platform Admin").closest("tr") as HTMLElement);
    expect(adminRow.getByText("Administrator")).toBeTruthy();
    expect(adminRow.queryByRole("button", { name: /activate/i })).toBeNull();
    expect(listQueries()).toEqual([{ page: "1", limit: "10", search: "" }]);
  });

  it("searches from page 1 once typing pauses, and pages with Previous/Next", async () => {
    showUsers({ "GET /admin/users": usersPage([trialInvestor], 2) });
    expect(await screen.findByText("Page 1 of 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "2", limit: "10", search: "" }));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search users" }), { target: { value: " amina " } });
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "10", search: "amina" }));
  });

  it("deactivates an investor, says 'User deactivated successfully' and shows the new status", async () => {
    // The list is read again after the change, so the fake server keeps the change.
    let amina = trialInvestor;
    showUsers({
      "GET /admin/users": () => usersPage([amina, fundedInvestor, admin]),
      [`PUT /admin/users/${trialInvestor._id}/status`]: () => {
        amina = { ...amina, isActive: false };
        return { user: amina };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Deactivate Amina Wanjiru" }));
    expect(await screen.findByText("User deactivated successfully")).toBeTruthy();
    expect(callsTo("PUT", `/admin/users/${trialInvestor._id}/status`)).toEqual([{ isActive: false }]);
    expect(await screen.findByRole("button", { name: "Activate Amina Wanjiru" })).toBeTruthy();
  });

  it("activates an inactive investor with 'User activated successfully'", async () => {
    showUsers({ [`PUT /admin/users/${fundedInvestor._id}/status`]: { user: { ...fundedInvestor, isActive: true } } });
    fireEvent.click(await screen.findByRole("button", { name: "Activate Brian Otieno" }));
    expect(await screen.findByText("User activated successfully")).toBeTruthy();
    expect(callsTo("PUT", `/admin/users/${fundedInvestor._id}/status`)).toEqual([{ isActive: true }]);
  });

  it("says 'Failed to update user status' when the change is refused", async () => {
    showUsers({
      [`PUT /admin/users/${trialInvestor._id}/status`]: () => {
        throw new ApiError(500, "Something went wrong");
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Deactivate Amina Wanjiru" }));
    expect(await screen.findByText("Failed to update user status")).toBeTruthy();
  });

  it.each([
    ["the amount", { type: "credit", reason: "Bonus" }],
    ["the type", { amount: "50", reason: "Bonus" }],
    ["the reason", { amount: "50", type: "debit", reason: "  " }],
  ])("refuses an adjustment without %s with 'Please fill in all fields' and no call", async (_missing, values) => {
    showUsers();
    const form = await openAdjustBalance("Amina Wanjiru");
    expect(form.amount.min).toBe("0.01");
    expect(form.amount.step).toBe("0.01");
    if ("amount" in values) fireEvent.change(form.amount, { target: { value: values.amount } });
    if ("type" in values) fireEvent.change(form.type, { target: { value: values.type } });
    fireEvent.change(form.reason, { target: { value: values.reason } });
    fireEvent.click(form.submit);
    expect(await screen.findByText("Please fill in all fields")).toBeTruthy();
    expect(callsTo("PUT", `/admin/users/${trialInvestor._id}/balance`)).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Adjust Balance" })).toBeTruthy();
  });

  it("credits a wallet, says 'Balance credited successfully' and shows the new balance", async () => {
    let brian = fundedInvestor;
    showUsers({
      "GET /admin/users": () => usersPage([trialInvestor, brian, admin]),
      [`PUT /admin/users/${fundedInvestor._id}/balance`]: () => {
        brian = { ...brian, walletBalance: 2550.75 };
        return { user: brian, transaction: {} };
      },
    });
    const form = await openAdjustBalance("Brian Otieno");
    fireEvent.change(form.amount, { target: { value: "50.25" } });
    fireEvent.change(form.type, { target: { value: "credit" } });
    fireEvent.change(form.reason, { target: { value: " Goodwill credit " } });
    fireEvent.click(form.submit);
    expect(await screen.findByText("Balance credited successfully")).toBeTruthy();
    expect(callsTo("PUT", `/admin/users/${fundedInvestor._id}/balance`)).toEqual([
      { amount: 50.25, type: "credit", reason: "Goodwill credit" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("KES 2,550.75")).toBeTruthy();
  });

  it("says 'Balance debited successfully' after a debit", async () => {
    showUsers({
      [`PUT /admin/users/${fundedInvestor._id}/balance`]: { user: fundedInvestor, transaction: {} },
    });
    const form = await openAdjustBalance("Brian Otieno");
    fireEvent.change(form.amount, { target: { value: "10" } });
    fireEvent.change(form.type, { target: { value: "debit" } });
    fireEvent.change(form.reason, { target: { value: "Correction" } });
    fireEvent.click(form.submit);
    expect(await screen.findByText("Balance debited successfully")).toBeTruthy();
  });

  it(`sends an adjustment above the solo limits to a second admin: '${ADJUSTMENT_MESSAGES.sentForApproval}', no balance change, the Approvals badge read again`, async () => {
    let sent = false;
    showUsers({
      "GET /admin/adjustments": () => ({ adjustments: [], page: 1, totalPages: sent ? 1 : 0, total: sent ? 1 : 0 }),
      [`PUT /admin/users/${fundedInvestor._id}/balance`]: () => {
        sent = true;
        return {
          message: ADJUSTMENT_MESSAGES.sentForApproval,
          adjustment: anAdjustment({ user: { ...fundedInvestor }, amount: 50000, requestedBy: { ...admin } }),
        };
      },
    });
    expect(await screen.findByRole("link", { name: "Approvals" })).toBeTruthy();
    const form = await openAdjustBalance("Brian Otieno");
    fireEvent.change(form.amount, { target: { value: "50000" } });
    fireEvent.change(form.type, { target: { value: "credit" } });
    fireEvent.change(form.reason, { target: { value: "Promotion payout" } });
    fireEvent.click(form.submit);
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.sentForApproval)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("link", { name: "Approvals 1 pending" })).toBeTruthy();
    expect(screen.queryByText("Balance credited successfully")).toBeNull();
    // Nothing moved: the users and their balances stay as they were read.
    expect(listQueries()).toHaveLength(1);
    expect(screen.getByText("KES 2,500.50")).toBeTruthy();
  });

  it("shows the server's refusal of an adjustment, or 'Failed to adjust balance'", async () => {
    let refusal = new ApiError(400, "Cannot debit more than the user's wallet balance (KES 10.00)");
    showUsers({
      [`PUT /admin/users/${trialInvestor._id}/balance`]: () => {
        throw refusal;
      },
    });
    const form = await openAdjustBalance("Amina Wanjiru");
    fireEvent.change(form.amount, { target: { value: "20" } });
    fireEvent.change(form.type, { target: { value: "debit" } });
    fireEvent.change(form.reason, { target: { value: "Correction" } });
    fireEvent.click(form.submit);
    expect(await screen.findByText("Cannot debit more than the user's wallet balance (KES 10.00)")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Adjust Balance" })).toBeTruthy();

    refusal = new ApiError(0);
    await waitFor(() => expect(form.submit.disabled).toBe(false));
    fireEvent.click(form.submit);
    expect(await screen.findByText("Failed to adjust balance")).toBeTruthy();
  });

  it("shows every field of a user in the detail modal", async () => {
    showUsers();
    fireEvent.click(await screen.findByRole("button", { name: "View Brian Otieno" }));
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    for (const text of [
      "Brian Otieno",
      "brian@example.com",
      "254722000111",
      "Investor",
      "Active Account",
      "Inactive",
      "KES 2,500.50",
      "KES 1,000.00",
      "KES 0.00",
      "AMINA123",
      fundedInvestor._id,
    ]) {
      expect(dialog.getByText(text)).toBeTruthy();
    }
  });
});
