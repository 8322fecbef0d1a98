import type { DepositStatusView, User } from "@jengafund/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// Loaded up front: the watch and the first toast import them on first use, and a first load on the fake clock would
// skew the schedule.
import "../src/features/deposit/api/get-deposit";
import "../src/features/deposit/api/list-pending-deposits";
import "../src/lib/toast/toastify";
import { apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const longWait = "M-Pesa is still confirming — don't pay again";
const stillConfirming =
  "Your M-Pesa payment is still being confirmed. Your balance will update once M-Pesa confirms it.";
const trialUser = aUser();
const funded = (walletBalance: number): User => ({ ...trialUser, isTrialAccount: false, walletBalance });

/** A deposit as the server lists it, started `agoMs` before now. */
function pendingDeposit(checkoutRequestId: string, agoMs: number, amount = 1500): DepositStatusView {
  return {
    checkoutRequestId,
    amount,
    phoneNumber: "254712345678",
    status: "pending",
    createdAt: new Date(Date.now() - agoMs).toISOString(),
  };
}

type Outcome = { status: DepositStatusView["status"]; user: User };

/**
 * The app on the Account tab, as after a reload: GET /mpesa/deposits answers `listed` (or waits for the promise), and
 * each deposit's status route answers from its list of outcomes, the last one repeated.
 */
function reload(
  listed: DepositStatusView[] | Promise<DepositStatusView[]>,
  outcomes: Record<string, Outcome[]>,
  started?: string,
) {
  const routes: Record<string, (body: unknown, query?: Record<string, string>) => unknown> = {
    "GET /auth/me": () => ({ user: trialUser }),
    "GET /mpesa/deposits": async (_, query) => {
      if (query?.status !== "pending") throw new Error("the app must ask for pending deposits");
      return { deposits: await listed };
    },
    "POST /mpesa/deposit": (body) => ({
      message: "STK push sent to your phone. Please complete the payment.",
      checkoutRequestId: started,
      amount: (body as { amount: number }).amount,
      transaction: {},
    }),
  };
  for (const [id, answers] of Object.entries(outcomes)) {
    let next = 0;
    routes[`GET /mpesa/deposit/${id}`] = () => {
      const answer = answers[Math.min(next++, answers.length - 1)];
      if (!answer) throw new Error(`No answer scripted for ${id}`);
      return {
        deposit: { checkoutRequestId: id, amount: 1500, phoneNumber: "254712345678", status: answer.status },
        user: answer.user,
      };
    };
  }
  mockApi(routes);
  renderApp("/dashboard/account");
}

const stillPending: Outcome = { status: "pending", user: trialUser };

async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function header() {
  return within(screen.getByRole("banner"));
}

function polls(id: string): number {
  return callsTo("GET", `/mpesa/deposit/${id}`).length;
}

describe("a deposit awaiting M-Pesa survives a reload (design.md §12.7)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
      shouldAdvanceTime: true,
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the server's pending deposit in the header, says not to pay again after 10 s, then its outcome", async () => {
    const answers: Outcome[] = [stillPending];
    reload([pendingDeposit("ws_CO_RELOADED", 2_000)], { ws_CO_RELOADED: answers });

    await screen.findByRole("banner");
    const status = await header().findByRole("status");
    expect(status.textContent).toContain("Awaiting M-Pesa");
    expect(status.textContent).not.toContain(longWait);
    await elapse(1_000);
    expect(polls("ws_CO_RELOADED")).toBeGreaterThanOrEqual(1);

    await elapse(8_000);
    await waitFor(() => expect(header().getByRole("status").textContent).toContain(longWait));
    expect(header().getByRole("status").textContent).toContain("Awaiting M-Pesa");

    answers.push({ status: "completed", user: funded(1500) });
    await elapse(3_000);
    expect(await screen.findByText("Deposit successful! New balance: KES 1,500.00")).toBeTruthy();
    expect(header().getByText("KES 1,500.00")).toBeTruthy();
    expect(header().queryByRole("status")).toBeNull();
  });

  it("says not to pay again at once for a deposit that has already waited longer than 10 s", async () => {
    reload([pendingDeposit("ws_CO_WAITING", 40_000)], { ws_CO_WAITING: [stillPending] });

    await waitFor(() => expect(header().getByRole("status").textContent).toContain(longWait));
    expect(screen.getByTestId("deposit-long-wait")).toBeTruthy();
  });

  it("shows nothing when the server has no pending deposit", async () => {
    reload([], {});

    await screen.findByRole("banner");
    await header().findByText("KES 1,000.00");
    await elapse(2_000);
    expect(callsTo("GET", "/mpesa/deposits")).toHaveLength(1);
    expect(header().queryByRole("status")).toBeNull();
  });

  it("watches a deposit started in this tab once, even when the server lists it too", async () => {
    let answerList: (deposits: DepositStatusView[]) => void = () => undefined;
    const listed = new Promise<DepositStatusView[]>((resolve) => {
      answerList = resolve;
    });
    const answers: Outcome[] = [stillPending];
    reload(listed, { ws_CO_TWICE: answers }, "ws_CO_TWICE");

    fireEvent.click(within(await screen.findByRole("banner")).getByRole("button", { name: "Deposit" }));
    const dialog = await screen.findByRole("dialog", { name: "Deposit Funds" });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: "1500" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send STK Push" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    answerList([pendingDeposit("ws_CO_TWICE", 500)]);
    await elapse(2_000);

    expect(header().getByRole("status").textContent).toContain("KES 1,500.00");
    expect(header().getByRole("status").textContent).not.toContain("2 deposits");
    answers.push({ status: "completed", user: funded(1500) });
    await elapse(2_000);
    await screen.findByText("Deposit successful! New balance: KES 1,500.00");
    await elapse(1_000);
    expect(screen.getAllByText("Deposit successful! New balance: KES 1,500.00")).toHaveLength(1);
  });

  it("keeps the indicator for a deposit older than the watch's active phase, asking once a minute without a toast", async () => {
    reload([pendingDeposit("ws_CO_OLD", 20 * 60_000)], { ws_CO_OLD: [stillPending] });

    await waitFor(() => expect(header().getByRole("status").textContent).toContain(longWait));
    await elapse(1_000);
    const asked = polls("ws_CO_OLD");
    await elapse(120_000);
    expect(polls("ws_CO_OLD") - asked).toBe(2);
    expect(screen.queryByText(stillConfirming)).toBeNull();
    expect(header().getByRole("status").textContent).toContain("Awaiting M-Pesa");
  });
  it("says a Paybill payment above KES 10,000 was received and is being confirmed with M-Pesa, then its credit (design.md §13.3)", async () => {
    const answers: Outcome[] = [stillPending];
    const held = {
      ...pendingDeposit("paybill-TK12AB34CD", 1_000, 20_000),
      phoneNumber: "",
      channel: "paybill" as const,
    };
    reload([held], { "paybill-TK12AB34CD": answers });

    expect(await screen.findByText("Deposit of KES 20,000.00 received — confirming with M-Pesa")).toBeTruthy();
    const status = await header().findByRole("status");
    expect(status.textContent).toContain("Awaiting M-Pesa");
    // No prompt was sent: the STK wording is never shown for it.
    expect(screen.queryByText(stillConfirming)).toBeNull();
    await elapse(9_000);
    expect(screen.queryByText(stillConfirming)).toBeNull();

    answers.push({ status: "completed", user: funded(20_000) });
    await elapse(5_000);
    expect(await screen.findByText("Deposit successful! New balance: KES 20,000.00")).toBeTruthy();
    expect(header().queryByRole("status")).toBeNull();
  });
});
