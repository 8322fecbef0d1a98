import type { Transaction } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { formatNairobiDate, formatNairobiTime, nairobiDay } from "../src/lib/format";
import { mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({ role: "admin", firstName: "Platform", lastName: "Admin", isTrialAccount: false });

function aTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    _id: "01JTESTTRANSACTION00000001",
    type: "deposit",
    description: "M-Pesa deposit",
    amount: 1500,
    status: "completed",
    createdAt: "2026-01-05T11:05:00.000Z",
    reference: "DEP-4K2J9Q",
    mpesaTransactionId: "QK12ABC34D",
    phoneNumber: "254712345678",
    balance: "wallet",
    user: { firstName: "Amina", lastName: "Wanjiru", email: "amina@example.com" },
    ...overrides,
  };
}

const deposit = aTransaction();
const withdrawal = aTransaction({
  _id: "01JTESTTRANSACTION00000002",
  type: "withdrawal",
  description: "Withdrawal to M-Pesa",
  amount: -300,
  status: "pending",
  reference: "WD-7F3K2A",
  mpesaTransactionId: undefined,
  phoneNumber: undefined,
  user: { firstName: "Brian", lastName: "Otieno", email: "brian@example.com" },
});

function page(transactions: Transaction[], totalPages = 1) {
  return { transactions, page: 1, totalPages, total: transactions.length * totalPages };
}

function listQueries() {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/admin/transactions")
    .map(([, , options]) => options?.query);
}

const firstPage = { page: "1", limit: "10", type: "", status: "", search: "" };

/** The list's answer: a page, a never-settling promise, or a function that throws. */
function showTransactions(answer: Parameters<typeof mockApi>[0][string]) {
  mockApi({ "GET /auth/me": { user: admin }, "GET /admin/transactions": answer });
  renderApp("/admin/transactions");
}

describe("admin transaction management (spec §2, §7, §8)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the title, subtitle, count and every column of each transaction", async () => {
    showTransactions(page([deposit, withdrawal]));
    expect(await screen.findByRole("heading", { name: "Transaction Management" })).toBeTruthy();
    expect(screen.getByText("Monitor all platform transactions and activities")).toBeTruthy();
    const table = within(await screen.findByRole("table", { name: "Transactions" }));
    expect(screen.getByText("Showing 2 of 2 transactions")).toBeTruthy();

    expect(table.getByText("Deposit")).toBeTruthy();
    expect(table.getByText("M-Pesa deposit")).toBeTruthy();
    expect(table.getByText("Amina Wanjiru")).toBeTruthy();
    expect(table.getByText("amina@example.com")).toBeTruthy();
    expect(table.getByText("+KES 1,500.00")).toBeTruthy();
    expect(table.getByText("254712345678")).toBeTruthy();
    expect(table.getByText("completed")).toBeTruthy();
    expect(table.getAllByText(formatNairobiDate(deposit.createdAt))).toHaveLength(2);
    expect(table.getAllByText(formatNairobiTime(deposit.createdAt))).toHaveLength(2);
    expect(table.getByText("DEP-4K2J9Q")).toBeTruthy();
    expect(table.getByText("M-Pesa: QK12ABC34D")).toBeTruthy();

    expect(table.getByText("−KES 300.00")).toBeTruthy();
    expect(table.getByText("Withdrawal")).toBeTruthy();
    expect(table.getByText("pending")).toBeTruthy();
    expect(table.getAllByText(/^M-Pesa: /)).toHaveLength(1);
  });

  it("loads page 1 with every filter sent as given, empty ones included", async () => {
    showTransactions(page([deposit]));
    await screen.findByRole("table", { name: "Transactions" });
    expect(listQueries()).toEqual([firstPage]);
  });

  it("shows Previous/Next with 'Page X of Y' only when there is more than one page", async () => {
    showTransactions(page([deposit]));
    await screen.findByRole("table", { name: "Transactions" });
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    expect(screen.queryByText(/^Page \d+ of \d+$/)).toBeNull();

    vi.mocked(apiRequest).mockClear();
    showTransactions(page([deposit], 3));
    const next = (await screen.findByRole("button", { name: "Next" })) as HTMLButtonElement;
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ ...firstPage, page: "2" }));
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
  });

  it("reloads from page 1 when a filter changes, searching once typing pauses", async () => {
    showTransactions(page([deposit], 3));
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ ...firstPage, page: "2" }));

    fireEvent.change(screen.getByRole("combobox", { name: "Type" }), { target: { value: "deposit" } });
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ ...firstPage, type: "deposit" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "failed" } });
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ ...firstPage, type: "deposit", status: "failed" }));

    const search = screen.getByPlaceholderText("Search by user or reference...");
    const before = listQueries().length;
    fireEvent.change(search, { target: { value: "am" } });
    fireEvent.change(search, { target: { value: "amina" } });
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ ...firstPage, type: "deposit", status: "failed", search: "amina" }),
    );
    expect(listQueries()).toHaveLength(before + 1);
  });

  it("'Clear Filters' resets every filter and returns to page 1", async () => {
    showTransactions(page([deposit], 3));
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ ...firstPage, page: "2" }));
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual(firstPage));

    const type = screen.getByRole("combobox", { name: "Type" }) as HTMLSelectElement;
    const search = screen.getByPlaceholderText("Search by user or reference...") as HTMLInputElement;
    fireEvent.change(type, { target: { value: "reward" } });
    fireEvent.change(search, { target: { value: "DEP-4K" } });
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ ...firstPage, type: "reward", search: "DEP-4K" }));
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual(firstPage));
    expect(type.value).toBe("");
    expect(search.value).toBe("");
  });

  it("offers the spec's types, capital returned at maturity, and the statuses", async () => {
    showTransactions(page([deposit]));
    const type = (await screen.findByRole("combobox", { name: "Type" })) as HTMLSelectElement;
    const status = screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement;
    expect([...type.options].map((option) => option.value)).toEqual([
      "",
      "deposit",
      "withdrawal",
      "investment",
      "reward",
      "referral",
      "trial",
      "adjustment",
      "capital",
    ]);
    expect(type.options[type.options.length - 1]?.textContent).toBe("Capital Returned");
    expect([...status.options].map((option) => option.value)).toEqual([
      "",
      "completed",
      "pending",
      "failed",
      "cancelled",
    ]);
  });

  it("explains an empty list, and suggests adjusting the filters when one is active", async () => {
    showTransactions(page([]));
    expect(await screen.findByText("No transactions found")).toBeTruthy();
    expect(screen.getByText("Transactions will appear here as users interact with the platform.")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "cancelled" } });
    expect(await screen.findByText("Try adjusting your filters to see more results.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(await screen.findByText("Transactions will appear here as users interact with the platform.")).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText("Search by user or reference..."), { target: { value: "zz" } });
    expect(await screen.findByText("Try adjusting your filters to see more results.")).toBeTruthy();
  });

  it("shows a spinner during the initial load", async () => {
    showTransactions(() => new Promise(() => {}));
    await screen.findByRole("heading", { name: "Transaction Management" });
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  });

  it("shows a failed load as an error with Retry, never as an empty list, and recovers", async () => {
    let fail = true;
    showTransactions(() => {
      if (fail) throw new ApiError(500, "Something went wrong");
      return page([deposit]);
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("We could not load the transactions")).toBeTruthy();
    expect(screen.queryByText("No transactions found")).toBeNull();
    expect(screen.queryByText(/^Showing /)).toBeNull();
    expect(document.querySelector(".Toastify__toast")).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table", { name: "Transactions" })).toBeTruthy();
    expect(screen.getByText("Showing 1 of 1 transaction")).toBeTruthy();
  });

  it("exports the filtered list as jengafund-transactions-YYYY-MM-DD.csv", async () => {
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:csv");
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/transactions": page([deposit]),
      "GET /admin/transactions/export": "Date,Type\n",
    });
    renderApp("/admin/transactions");
    fireEvent.change(await screen.findByRole("combobox", { name: "Type" }), { target: { value: "deposit" } });
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));

    await waitFor(() => expect(clicked).toEqual([`jengafund-transactions-${nairobiDay(new Date())}.csv`]));
    const exports = vi.mocked(apiRequest).mock.calls.filter(([, path]) => path === "/admin/transactions/export");
    expect(exports.map(([, , options]) => options?.query)).toEqual([{ type: "deposit", status: "", search: "" }]);
    const [file] = createObjectURL.mock.calls[0] ?? [];
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe("Date,Type\n");
  });

  it("says why an export failed", async () => {
    mockApi({
      "GET /auth/me": { user: admin },
      "GET /admin/transactions": page([deposit]),
      "GET /admin/transactions/export": () => {
        throw new ApiError(403, "Admin access required");
      },
    });
    renderApp("/admin/transactions");
    fireEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Admin access required")).toBeTruthy();
  });
});
