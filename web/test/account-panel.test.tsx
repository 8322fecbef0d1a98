import type { Transaction, Withdrawal } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const owner = { firstName: "Amina", lastName: "Wanjiru", email: "amina@example.com" };
const transactions: Transaction[] = [
  {
    _id: "01JTX00000000000000000002",
    type: "withdrawal",
    description: "Withdrawal to M-Pesa 254712345678",
    amount: -200,
    status: "pending",
    createdAt: "2026-11-21T09:05:00.000Z",
    reference: "WD-Q7VT41X2FB",
    phoneNumber: "254712345678",
    balance: "wallet",
    user: owner,
  },
  {
    _id: "01JTX00000000000000000001",
    type: "deposit",
    description: "M-Pesa deposit",
    amount: 500,
    status: "completed",
    createdAt: "2026-11-20T09:05:00.000Z",
    reference: "DEP-1234567890",
    mpesaTransactionId: "SKL0ABCDEF",
    balance: "wallet",
    user: owner,
  },
];
const withdrawals: Withdrawal[] = [
  {
    _id: "01JWD00000000000000000001",
    user: owner,
    amount: 200,
    phoneNumber: "254712345678",
    transactionReference: "WD-Q7VT41X2FB",
    status: "pending",
    requestDate: "2026-11-21T09:05:00.000Z",
  },
];

describe("account tab (spec §2)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("shows the role, the trial tag, the real balance and a trial notice", async () => {
    mockApi({ "GET /auth/me": { user: aUser({ walletBalance: 120, totalReferralEarnings: 100 }) } });
    renderApp("/dashboard/account");
    expect(await screen.findByText("Investor")).toBeTruthy();
    expect(screen.getByText("Trial Account")).toBeTruthy();
    expect(screen.getByTestId("wallet-balance").textContent).toBe("KES 120.00");
    expect(screen.getByText(/trial balance, which cannot be withdrawn/)).toBeTruthy();
    expect(screen.getByText("AMINA123")).toBeTruthy();
  });

  it("labels an admin 'Administrator' and an active account 'Active', without trial notices", async () => {
    mockApi({ "GET /auth/me": { user: aUser({ role: "admin", isTrialAccount: false, trialBalance: 0 }) } });
    renderApp("/dashboard/account");
    expect(await screen.findByText("Administrator")).toBeTruthy();
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.queryByText("Trial Account")).toBeNull();
    expect(screen.queryByText(/cannot be withdrawn/)).toBeNull();
  });

  it("keeps the trial money left after the first deposit in view, as demo money that cannot be withdrawn", async () => {
    mockApi({ "GET /auth/me": { user: aUser({ isTrialAccount: false, walletBalance: 1500, trialBalance: 700 }) } });
    renderApp("/dashboard/account");
    expect((await screen.findByTestId("wallet-balance")).textContent).toBe("KES 1,500.00");
    const trial = screen.getByRole("region", { name: "Trial balance" });
    expect(within(trial).getByTestId("trial-balance").textContent).toBe("KES 700.00");
    expect(within(trial).getByText("Demo money")).toBeTruthy();
    expect(within(trial).getByText(/cannot be withdrawn/)).toBeTruthy();
  });

  it("toggles Edit Profile without saving anything", async () => {
    mockApi({ "GET /auth/me": { user: aUser() } });
    renderApp("/dashboard/account");
    const edit = await screen.findByRole("button", { name: "Edit Profile" });
    fireEvent.click(edit);
    expect(edit.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/coming soon/)).toBeTruthy();
    fireEvent.click(edit);
    expect(edit.getAttribute("aria-pressed")).toBe("false");
  });

  it("opens the Deposit Funds dialog from the wallet", async () => {
    mockApi({ "GET /auth/me": { user: aUser() } });
    renderApp("/dashboard/account");
    await screen.findByText("Personal Information");
    // The frame has a Deposit button too; the wallet's is the second.
    fireEvent.click(screen.getAllByRole("button", { name: "Deposit" })[1] as HTMLElement);
    expect(await screen.findByRole("dialog", { name: "Deposit Funds" })).toBeTruthy();
  });

  it("shows the user's own transactions and withdrawal requests in Transaction History", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /transactions": { transactions },
      "GET /withdrawals": { withdrawals },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: /Transaction History/ }));
    const dialog = await screen.findByRole("dialog", { name: "Transaction History" });
    const ledger = await within(dialog).findByRole("list", { name: "Transactions" });
    const [withdrawal, deposit] = within(ledger).getAllByRole("listitem") as HTMLElement[];
    expect(within(withdrawal as HTMLElement).getByText("−KES 200.00")).toBeTruthy();
    expect(within(withdrawal as HTMLElement).getByText("pending")).toBeTruthy();
    expect(within(deposit as HTMLElement).getByText("+KES 500.00")).toBeTruthy();
    expect(within(deposit as HTMLElement).getByText("M-Pesa: SKL0ABCDEF")).toBeTruthy();
    expect(within(deposit as HTMLElement).getByText(/^Nov 20, 2026 \d\d:\d\d$/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("tab", { name: "Withdrawals" }));
    const requests = await within(dialog).findByRole("list", { name: "Withdrawal requests" });
    expect(within(requests).getByText("KES 200.00")).toBeTruthy();
    expect(within(requests).getByText("To M-Pesa 254712345678")).toBeTruthy();
  });

  it("marks a withdrawal not paid yet as held: Pending approval, then Payout in progress; paid or refused, not", async () => {
    const line = (id: string, reference: string, status: Transaction["status"], amount: number): Transaction => ({
      ...(transactions[0] as Transaction),
      _id: id,
      reference,
      status,
      amount,
    });
    const request = (id: string, reference: string, status: Withdrawal["status"], amount: number): Withdrawal => ({
      ...(withdrawals[0] as Withdrawal),
      _id: id,
      transactionReference: reference,
      status,
      amount,
    });
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /transactions": {
        transactions: [
          line("01JTX0000000000000000000P", "WD-PENDING01", "pending", -200),
          line("01JTX0000000000000000000A", "WD-APPROVED1", "pending", -150),
          line("01JTX0000000000000000000D", "WD-PAIDOUT01", "completed", -600),
          line("01JTX0000000000000000000R", "WD-REFUSED01", "cancelled", -400),
        ],
      },
      "GET /withdrawals": {
        withdrawals: [
          request("01JWD0000000000000000000P", "WD-PENDING01", "pending", 200),
          request("01JWD0000000000000000000A", "WD-APPROVED1", "approved", 150),
          request("01JWD0000000000000000000D", "WD-PAIDOUT01", "completed", 600),
          request("01JWD0000000000000000000R", "WD-REFUSED01", "rejected", 400),
        ],
      },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: /Transaction History/ }));
    const dialog = await screen.findByRole("dialog", { name: "Transaction History" });
    const ledger = await within(dialog).findByRole("list", { name: "Transactions" });
    const noteOf = (row: HTMLElement) => within(row).queryByTestId("held-note")?.textContent ?? null;
    await waitFor(() =>
      expect((within(ledger).getAllByRole("listitem") as HTMLElement[]).map(noteOf)).toEqual([
        "Pending approval: KES 200.00 is held from your balance until an admin approves it, and comes back if it is refused.",
        "Payout in progress: KES 150.00 is held from your balance until M-Pesa pays it, and comes back if it cannot be paid.",
        null,
        null,
      ]),
    );
    // Held money is out of the balance: still shown as money out, and the refused one as no money moved.
    const [pending, , , refused] = within(ledger).getAllByRole("listitem") as HTMLElement[];
    expect(within(pending as HTMLElement).getByText("−KES 200.00")).toBeTruthy();
    expect(within(refused as HTMLElement).getByText(", no money moved")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("tab", { name: "Withdrawals" }));
    const requests = await within(dialog).findByRole("list", { name: "Withdrawal requests" });
    expect((within(requests).getAllByRole("listitem") as HTMLElement[]).map(noteOf)).toEqual([
      "Pending approval: KES 200.00 is held from your balance until an admin approves it, and comes back if it is refused.",
      "Payout in progress: KES 150.00 is held from your balance until M-Pesa pays it, and comes back if it cannot be paid.",
      null,
      null,
    ]);
  });

  it("says a withdrawal not paid yet is held even when the requests could not be read, without guessing its stage", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /transactions": { transactions },
      "GET /withdrawals": () => {
        throw new Error("offline");
      },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: /Transaction History/ }));
    const ledger = await screen.findByRole("list", { name: "Transactions" });
    expect(within(ledger).getByTestId("held-note").textContent).toBe(
      "KES 200.00 is held from your balance until it is paid out, and comes back if it is not.",
    );
  });

  it("shows a matured investment's capital as Capital Returned, money in with '+' (design.md §13.6)", async () => {
    const capital: Transaction = {
      ...(transactions[1] as Transaction),
      _id: "01JTX0000000000000000000K",
      type: "capital",
      description: "Capital returned: Safaricom Growth Fund",
      amount: 1000,
      status: "completed",
      reference: "CAP-01JTESTINVESTMENT000000001",
    };
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /transactions": { transactions: [capital] },
      "GET /withdrawals": { withdrawals: [] },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: /Transaction History/ }));
    const ledger = await screen.findByRole("list", { name: "Transactions" });
    expect(within(ledger).getByText("Capital Returned")).toBeTruthy();
    expect(within(ledger).getByText("+KES 1,000.00")).toBeTruthy();
    expect(within(ledger).getByText("Capital returned: Safaricom Growth Fund")).toBeTruthy();
  });

  it("shows a failed history load as an error with Retry, never as 'No transactions yet'", async () => {
    let fail = true;
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /transactions": () => {
        if (fail) throw new Error("offline");
        return { transactions };
      },
      "GET /withdrawals": { withdrawals: [] },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: /Transaction History/ }));
    const dialog = await screen.findByRole("dialog", { name: "Transaction History" });
    const alert = await within(dialog).findByRole("alert");
    expect(within(alert).getByText("We could not load your transactions")).toBeTruthy();
    expect(within(dialog).queryByText("No transactions yet")).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await within(dialog).findByRole("list", { name: "Transactions" })).toBeTruthy();
  });

  it("shows a cancelled or failed deposit struck through, without '+' and not in green", async () => {
    const cancelled: Transaction = {
      ...(transactions[1] as Transaction),
      _id: "01JTX0000000000000000000C",
      status: "cancelled",
      amount: 50,
    };
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /transactions": { transactions: [cancelled] },
      "GET /withdrawals": { withdrawals: [] },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: /Transaction History/ }));
    const ledger = await screen.findByRole("list", { name: "Transactions" });
    const amount = within(ledger).getByText("KES 50.00");
    expect(amount.tagName).toBe("S");
    expect(ledger.textContent).not.toContain("+KES 50.00");
    expect(within(ledger).getByText(", no money moved")).toBeTruthy();
  });
});
