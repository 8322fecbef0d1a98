import type { DepositStatusView, Transaction, User } from "@jengafund/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// Loaded up front: the watch and its toast import them on first use, and a first load on the fake clock would skew
// the schedule.
import "../src/features/paybill/api/get-transactions";
import "../src/features/deposit/api/get-deposit";
import "../src/features/deposit/api/list-pending-deposits";
import "../src/lib/toast/toastify";
import { PAYBILL_WATCH } from "../src/features/paybill/lib/paybill-watch";
import { apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const details = { businessNumber: "600984", accountNumber: "0712345678" };
const trialUser = aUser();
const funded = (walletBalance: number): User => ({ ...trialUser, isTrialAccount: false, walletBalance });

/** A Paybill payment above KES 10,000 as the server lists it while M-Pesa's record is awaited. */
const heldDeposit: DepositStatusView = {
  checkoutRequestId: "paybill-TKQ1ABCDEF",
  amount: 20_000,
  phoneNumber: "",
  status: "pending",
  channel: "paybill",
  createdAt: new Date().toISOString(),
};

function ledgerLine(overrides: Partial<Transaction> = {}): Transaction {
  return {
    _id: "01JTESTTX00000000000000001",
    type: "deposit",
    description: "M-Pesa Paybill deposit",
    amount: 500,
    status: "completed",
    createdAt: "2026-11-26T07:00:00.000Z",
    reference: "TKQ1ABCDEF",
    mpesaTransactionId: "TKQ1ABCDEF",
    balance: "wallet",
    user: { firstName: "Amina", lastName: "Wanjiru", email: "amina@example.com" },
    ...overrides,
  };
}

/**
 * The app on the Account tab; `ledger` is what GET /transactions answers at the time of asking, `user` what
 * GET /auth/me does, so a test moves money by changing them.
 */
function stubApi(state: { ledger: Transaction[]; user: User }) {
  mockApi({
    "GET /auth/me": () => ({ user: state.user }),
    "GET /mpesa/paybill": details,
    "GET /transactions": () => ({ transactions: state.ledger }),
  });
  renderApp("/dashboard/account");
}

async function openPaybill() {
  fireEvent.click(within(await screen.findByRole("banner")).getByRole("button", { name: "Deposit" }));
  const dialog = await screen.findByRole("dialog", { name: "Deposit Funds" });
  fireEvent.click(within(dialog).getByRole("tab", { name: "Pay with Paybill" }));
  await within(dialog).findByTestId("paybill-business-number");
  return dialog;
}

async function closeDialog(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

/** Moves the clock on, letting each read's request settle. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const ledgerReads = () => callsTo("GET", "/transactions").length;
const header = () => within(screen.getByRole("banner"));

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true, writable: true });
}

let visibility: DocumentVisibilityState = "visible";
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("Pay with Paybill in the Deposit dialog (design.md §12.3)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
    visibility = "visible";
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  });
  afterEach(() => vi.restoreAllMocks());

  it("keeps the STK push as the first way, and offers Pay with Paybill beside it", async () => {
    stubApi({ ledger: [], user: trialUser });
    fireEvent.click(within(await screen.findByRole("banner")).getByRole("button", { name: "Deposit" }));
    const dialog = await screen.findByRole("dialog", { name: "Deposit Funds" });
    expect(within(dialog).getByRole("tab", { name: "STK Push" }).getAttribute("aria-selected")).toBe("true");
    expect(within(dialog).getByRole("button", { name: "Send STK Push" })).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Pay with Paybill" })).toBeTruthy();
    // The Paybill numbers are read only when asked for.
    expect(callsTo("GET", "/mpesa/paybill")).toEqual([]);
  });

  it("shows the business and account numbers from the server and the M-PESA menu steps in order", async () => {
    stubApi({ ledger: [], user: trialUser });
    const dialog = await openPaybill();
    expect(within(dialog).getByTestId("paybill-business-number").textContent).toBe("600984");
    expect(within(dialog).getByTestId("paybill-account-number").textContent).toBe("0712345678");
    const steps = within(dialog).getByRole("list", { name: "On your phone" });
    expect(steps.tagName).toBe("OL");
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Open M-PESA.",
      "Choose Lipa na M-PESA.",
      "Choose Pay Bill.",
      "Enter Business no. 600984.",
      "Enter Account no. 0712345678.",
      "Enter the amount, from KES 1.00 to KES 250,000.00.",
      "Enter your M-PESA PIN and send.",
    ]);
  });

  it("copies each number with its own named button, then says Copied", async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    stubClipboard(writeText);
    stubApi({ ledger: [], user: trialUser });
    const dialog = await openPaybill();

    const copyBusiness = within(dialog).getByRole("button", { name: "Copy business number" });
    // A native button: Tab reaches it, Enter and Space press it.
    expect(copyBusiness.tagName).toBe("BUTTON");
    fireEvent.click(copyBusiness);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith("600984"));
    expect(await within(dialog).findByRole("button", { name: "Copied business number" })).toBeTruthy();
    expect(within(dialog).getByRole("status").textContent).toBe("Business number copied");

    fireEvent.click(within(dialog).getByRole("button", { name: "Copy account number" }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith("0712345678"));
    expect(await within(dialog).findByRole("button", { name: "Copied account number" })).toBeTruthy();
    expect(within(dialog).getByRole("status").textContent).toBe("Account number copied");
    // "Copied" is short-lived: the button goes back to Copy.
    expect(
      await within(dialog).findByRole("button", { name: "Copy business number" }, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it("says so when the clipboard refuses, and claims no copy", async () => {
    stubClipboard(async () => {
      throw new Error("denied");
    });
    stubApi({ ledger: [], user: trialUser });
    const dialog = await openPaybill();
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy account number" }));
    expect(await screen.findByText("Could not copy. Type the number in instead.")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: /^Copied/ })).toBeNull();
  });
});

describe("awaiting a Paybill payment (design.md §12.3)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
    visibility = "visible";
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
    // Real time keeps flowing for the UI's own timers; the reads are driven by advancing the clock.
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
      shouldAdvanceTime: true,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("reads nothing while no Paybill numbers have been shown", async () => {
    const state = { ledger: [], user: trialUser };
    stubApi(state);
    fireEvent.click(within(await screen.findByRole("banner")).getByRole("button", { name: "Deposit" }));
    await screen.findByRole("dialog", { name: "Deposit Funds" });
    await elapse(60_000);
    expect(ledgerReads()).toBe(0);
    expect(callsTo("GET", "/mpesa/paybill")).toEqual([]);
  });

  it("after the dialog has closed, announces the payment once and shows the new balance, without a reload", async () => {
    const older = ledgerLine({ _id: "01JTESTTX00000000000000000", amount: 200, reference: "TKP0OLDER0" });
    const state = { ledger: [older], user: funded(200) };
    stubApi(state);
    const dialog = await openPaybill();
    await closeDialog(dialog);
    await elapse(PAYBILL_WATCH.intervalMs * 2);
    expect(ledgerReads()).toBeGreaterThanOrEqual(2);
    // A Paybill deposit already there when the numbers were shown is old news.
    expect(screen.queryByText(/received by Paybill/)).toBeNull();
    expect(header().getByText("KES 200.00")).toBeTruthy();

    state.ledger = [ledgerLine(), older];
    state.user = funded(700);
    await elapse(PAYBILL_WATCH.intervalMs);
    expect(await screen.findByText("Deposit of KES 500.00 received by Paybill. New balance: KES 700.00")).toBeTruthy();
    await waitFor(() => expect(header().getByText("KES 700.00")).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId("wallet-balance").textContent).toBe("KES 700.00"));

    // Nothing more is awaited: the reads stop, and the toast stays the one.
    const asked = ledgerReads();
    await elapse(PAYBILL_WATCH.intervalMs * 5);
    expect(ledgerReads()).toBe(asked);
    expect(screen.getAllByText(/received by Paybill/)).toHaveLength(1);
  });

  it("hands a payment above KES 10,000 that waits for M-Pesa's record to the pending-deposit watch, and announces it once (design.md §13.3)", async () => {
    const held = ledgerLine({ amount: 20_000, status: "pending", reference: "paybill-TKQ1ABCDEF" });
    const state: { ledger: Transaction[]; user: User; pending: DepositStatusView[]; depositStatus: string } = {
      ledger: [],
      user: trialUser,
      pending: [],
      depositStatus: "pending",
    };
    mockApi({
      "GET /auth/me": () => ({ user: state.user }),
      "GET /mpesa/paybill": details,
      "GET /transactions": () => ({ transactions: state.ledger }),
      "GET /mpesa/deposits": () => ({ deposits: state.pending }),
      "GET /mpesa/deposit/paybill-TKQ1ABCDEF": () => ({
        deposit: { ...heldDeposit, status: state.depositStatus },
        user: state.user,
      }),
    });
    renderApp("/dashboard/account");
    await closeDialog(await openPaybill());
    await elapse(PAYBILL_WATCH.intervalMs);

    state.ledger = [held];
    state.pending = [heldDeposit];
    await elapse(PAYBILL_WATCH.intervalMs);
    expect(await screen.findByText("Deposit of KES 20,000.00 received — confirming with M-Pesa")).toBeTruthy();
    expect((await header().findByRole("status")).textContent).toContain("Awaiting M-Pesa");
    expect(screen.queryByText(/received by Paybill/)).toBeNull();

    state.ledger = [{ ...held, status: "completed" }];
    state.user = funded(20_000);
    state.depositStatus = "completed";
    await elapse(5_000);
    expect(await screen.findByText("Deposit successful! New balance: KES 20,000.00")).toBeTruthy();
    await elapse(PAYBILL_WATCH.intervalMs * 3);
    expect(screen.queryByText(/received by Paybill/)).toBeNull();
  });

  it("goes on awaiting while the numbers are still on screen after a payment has landed", async () => {
    const state: { ledger: Transaction[]; user: User } = { ledger: [], user: trialUser };
    stubApi(state);
    const dialog = await openPaybill();
    await elapse(PAYBILL_WATCH.intervalMs);
    state.ledger = [ledgerLine()];
    state.user = funded(500);
    await elapse(PAYBILL_WATCH.intervalMs);
    expect(await screen.findByText("Deposit of KES 500.00 received by Paybill. New balance: KES 500.00")).toBeTruthy();

    state.ledger = [ledgerLine({ _id: "01JTESTTX00000000000000002", amount: 300 }), ...state.ledger];
    state.user = funded(800);
    await elapse(PAYBILL_WATCH.intervalMs);
    expect(await screen.findByText("Deposit of KES 300.00 received by Paybill. New balance: KES 800.00")).toBeTruthy();
    expect(within(dialog).getByTestId("paybill-account-number")).toBeTruthy();
  });

  it("turns a trial account into a funded one when its first Paybill payment lands", async () => {
    const state: { ledger: Transaction[]; user: User } = { ledger: [], user: trialUser };
    stubApi(state);
    await closeDialog(await openPaybill());
    await elapse(PAYBILL_WATCH.intervalMs);
    state.ledger = [ledgerLine({ amount: 1500 })];
    state.user = funded(1500);
    await elapse(PAYBILL_WATCH.intervalMs);
    expect(
      await screen.findByText("Deposit of KES 1,500.00 received by Paybill. New balance: KES 1,500.00"),
    ).toBeTruthy();
    await waitFor(() => expect(header().queryByText("Trial")).toBeNull());
  });

  it("takes no other ledger line for a Paybill payment", async () => {
    const state: { ledger: Transaction[]; user: User } = { ledger: [], user: trialUser };
    stubApi(state);
    await closeDialog(await openPaybill());
    await elapse(PAYBILL_WATCH.intervalMs);
    state.ledger = [
      ledgerLine({ _id: "01JTESTTX0000000000000STK1", description: "M-Pesa deposit" }),
      ledgerLine({ _id: "01JTESTTX0000000000000PEND", status: "pending" }),
    ];
    await elapse(PAYBILL_WATCH.intervalMs * 2);
    expect(screen.queryByText(/received by Paybill/)).toBeNull();
  });

  it("asks nothing while the tab is hidden, and announces on its return what landed meanwhile", async () => {
    const state: { ledger: Transaction[]; user: User } = { ledger: [], user: trialUser };
    stubApi(state);
    await closeDialog(await openPaybill());
    await elapse(PAYBILL_WATCH.intervalMs);
    act(() => setVisibility("hidden"));
    const asked = ledgerReads();
    state.ledger = [ledgerLine()];
    state.user = funded(500);
    await elapse(PAYBILL_WATCH.intervalMs * 10);
    expect(ledgerReads()).toBe(asked);
    expect(screen.queryByText(/received by Paybill/)).toBeNull();

    act(() => setVisibility("visible"));
    await elapse(PAYBILL_WATCH.intervalMs);
    expect(await screen.findByText("Deposit of KES 500.00 received by Paybill. New balance: KES 500.00")).toBeTruthy();
  });

  it("stops asking once the numbers were last shown longer ago than the wait", async () => {
    stubApi({ ledger: [], user: trialUser });
    await closeDialog(await openPaybill());
    await elapse(PAYBILL_WATCH.intervalMs);
    expect(ledgerReads()).toBeGreaterThanOrEqual(1);
    await elapse(PAYBILL_WATCH.windowMs);
    const asked = ledgerReads();
    await elapse(PAYBILL_WATCH.intervalMs * 10);
    expect(ledgerReads()).toBe(asked);
  });
});
