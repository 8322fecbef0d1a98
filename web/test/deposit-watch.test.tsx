import type { DepositStatusView, User } from "@jengafund/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// Loaded up front: the watch and the first toast import them on first use, and a first load on the fake clock would
// skew the schedule.
import "../src/features/deposit/api/get-deposit";
import "../src/lib/toast/toastify";
import { nextPollDelay } from "../src/features/deposit/lib/deposit-polling";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const promptSent = "STK push sent to your phone. Please complete the payment.";
const stillConfirming =
  "Your M-Pesa payment is still being confirmed. Your balance will update once M-Pesa confirms it.";
const trialUser = aUser();
const funded = (walletBalance: number): User => ({ ...trialUser, isTrialAccount: false, walletBalance });

type Status = Pick<DepositStatusView, "status" | "resultDesc">;
/** One poll's answer: a status with the user the server would return beside it, or a failed request. */
type Answer = { deposit: Status; user: User } | Error;

const pending = (user: User = trialUser): Answer => ({ deposit: { status: "pending" }, user });

/**
 * The app on the Account tab with the M-Pesa endpoints scripted: each deposit id answers its polls in order and
 * then repeats its last answer.
 */
function stubDeposits(script: Record<string, Answer[]>, user: User = trialUser) {
  const started = Object.keys(script);
  const routes: Record<string, (body: unknown) => unknown> = {
    "GET /auth/me": () => ({ user }),
    "POST /mpesa/deposit": (body) => {
      const checkoutRequestId = started.shift();
      if (!checkoutRequestId) throw new Error("No more deposits scripted");
      return { message: promptSent, checkoutRequestId, amount: (body as { amount: number }).amount, transaction: {} };
    },
  };
  for (const [id, answers] of Object.entries(script)) {
    let next = 0;
    routes[`GET /mpesa/deposit/${id}`] = () => {
      const answer = answers[Math.min(next++, answers.length - 1)];
      if (!answer) throw new Error(`No answer scripted for ${id}`);
      if (answer instanceof Error) throw answer;
      return {
        deposit: { checkoutRequestId: id, amount: 1500, phoneNumber: "254708374149", ...answer.deposit },
        user: answer.user,
      };
    };
  }
  mockApi(routes);
  renderApp("/dashboard/account");
}

async function deposit(amount: number) {
  fireEvent.click(within(await screen.findByRole("banner")).getByRole("button", { name: "Deposit" }));
  const dialog = await screen.findByRole("dialog", { name: "Deposit Funds" });
  fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: String(amount) } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Send STK Push" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

/** Moves the polling clock on, letting each poll's request settle. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function polls(id: string): number {
  return callsTo("GET", `/mpesa/deposit/${id}`).length;
}

function header() {
  return within(screen.getByRole("banner"));
}

describe("watching a deposit after the prompt (design §5)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
    // Real time keeps flowing for the UI's own timers; the polls are driven by advancing the clock.
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
      shouldAdvanceTime: true,
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("polls until M-Pesa confirms, then shows the new balance and 'Deposit successful!' without a reload", async () => {
    // The deposit answers pending until the test confirms it: real time flows beside the fake clock, so a fixed
    // script of answers would let a slow machine reach the confirmation before the pending checks below.
    const answers: Answer[] = [pending()];
    stubDeposits({ ws_CO_PAID: answers });
    await deposit(1500);
    expect(await screen.findByText(promptSent)).toBeTruthy();
    expect(header().getByRole("status").textContent).toContain("Awaiting M-Pesa");

    await elapse(2_000);
    expect(polls("ws_CO_PAID")).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(/^Deposit successful!/)).toBeNull();
    expect(header().getByRole("status").textContent).toContain("Awaiting M-Pesa");
    answers.push({ deposit: { status: "completed" }, user: funded(1500) });
    await elapse(1_000);

    expect(await screen.findByText("Deposit successful! New balance: KES 1,500.00")).toBeTruthy();
    expect(header().getByText("KES 1,500.00")).toBeTruthy();
    expect(header().queryByText("Trial")).toBeNull();
    expect(header().queryByRole("status")).toBeNull();
    await waitFor(() => expect(screen.getByTestId("wallet-balance").textContent).toBe("KES 1,500.00"));

    const asked = polls("ws_CO_PAID");
    await elapse(30_000);
    expect(polls("ws_CO_PAID")).toBe(asked);
  });

  it("takes the balance from the answer that reports the completion, with no further read", async () => {
    // The server reads the deposit and its owner in one isolated read: that user already holds the credit.
    const done = { deposit: { status: "completed" as const }, user: funded(1500) };
    const never = { deposit: { status: "completed" as const }, user: funded(9999) };
    stubDeposits({ ws_CO_ONCE: [done, never] });
    await deposit(1500);
    await elapse(1_000);
    expect(await screen.findByText("Deposit successful! New balance: KES 1,500.00")).toBeTruthy();
    expect(header().getByText("KES 1,500.00")).toBeTruthy();
  });

  it("says the payment was cancelled on the phone and leaves the balance alone", async () => {
    stubDeposits({ ws_CO_CANCEL: [pending(), { deposit: { status: "cancelled" }, user: trialUser }] });
    await deposit(1500);
    await elapse(2_000);
    expect(await screen.findByText("Payment cancelled on your phone. No money was taken.")).toBeTruthy();
    expect(header().getByText("KES 1,000.00")).toBeTruthy();
    expect(header().getByText("Trial")).toBeTruthy();
    expect(header().queryByRole("status")).toBeNull();
  });

  it.each([
    ["The balance is insufficient for the transaction.", "your M-Pesa balance is too low"],
    ["DS timeout user cannot be reached", "your phone could not be reached. Check that it is on and has network"],
    ["The initiator information is invalid.", "the M-Pesa PIN was wrong"],
    ["Something unusual", "Something unusual"],
  ])("explains a failed payment (%s)", async (resultDesc, reason) => {
    stubDeposits({ ws_CO_FAILED: [{ deposit: { status: "failed", resultDesc }, user: trialUser }] });
    await deposit(1500);
    await elapse(1_000);
    expect(await screen.findByText(`M-Pesa payment failed: ${reason}. No money was taken.`)).toBeTruthy();
    expect(header().getByText("KES 1,000.00")).toBeTruthy();
  });

  it("keeps polling through a dropped request", async () => {
    const paid = { deposit: { status: "completed" as const }, user: funded(1500) };
    stubDeposits({ ws_CO_FLAKY: [new ApiError(0), paid] });
    await deposit(1500);
    await elapse(2_000);
    expect(await screen.findByText("Deposit successful! New balance: KES 1,500.00")).toBeTruthy();
  });

  it("watches several deposits at once, each to its own outcome", async () => {
    // The first stays pending until the test confirms it, however slowly the machine runs.
    const first: Answer[] = [pending()];
    stubDeposits({
      ws_CO_FIRST: first,
      ws_CO_SECOND: [pending(), { deposit: { status: "cancelled" }, user: funded(1500) }],
    });
    await deposit(1500);
    await deposit(200);
    expect(header().getByRole("status").textContent).toContain("2 deposits");
    await elapse(2_000);
    expect(await screen.findByText("Payment cancelled on your phone. No money was taken.")).toBeTruthy();
    expect(header().getByRole("status").textContent).toContain("KES 1,500.00");
    first.push({ deposit: { status: "completed" }, user: funded(1500) });
    await elapse(2_000);
    expect(await screen.findByText("Deposit successful! New balance: KES 1,500.00")).toBeTruthy();
    expect(header().queryByRole("status")).toBeNull();
  });

  it("polls every second for 20 s, then every 3 s, and says so when M-Pesa has not answered after 2.5 minutes", async () => {
    stubDeposits({ ws_CO_SLOW: [pending()] });
    await deposit(1500);
    // Half-second offsets keep the counts clear of the moments a poll is due. The watch asks once as it starts,
    // then at 1 s, 2 s, … 20 s, then at 23 s, 26 s, …
    await elapse(19_500);
    expect(polls("ws_CO_SLOW")).toBe(20);
    await elapse(30_000);
    expect(polls("ws_CO_SLOW")).toBe(30);
    expect(screen.queryByText(stillConfirming)).toBeNull();
    // The poll due at 149 s is the last quick one; the next, at 152 s, finds 2.5 minutes have passed.
    await elapse(103_500);
    expect(await screen.findByText(stillConfirming)).toBeTruthy();
    expect(header().getByRole("status").textContent).toContain("Awaiting M-Pesa");
  });

  it("keeps asking quietly after the note, so a late confirmation still lands, then once a minute after 10 minutes", async () => {
    const paid = { deposit: { status: "completed" as const }, user: funded(1500) };
    stubDeposits({ ws_CO_LATE: [...Array<Answer>(60).fill(pending()), paid], ws_CO_LOST: [pending()] });
    await deposit(1500);
    await deposit(250);
    await elapse(240_000);
    expect(await screen.findByText("Deposit successful! New balance: KES 1,500.00")).toBeTruthy();
    expect(header().getByRole("status").textContent).toContain("KES 250.00");

    const before = polls("ws_CO_LOST");
    await elapse(60_000);
    expect(polls("ws_CO_LOST") - before).toBe(4);
    await elapse(300_000);
    // The server still says pending (design.md §12.7): the header keeps saying so, and the watch asks once a minute.
    expect(header().getByRole("status").textContent).toContain("Awaiting M-Pesa");
    const asked = polls("ws_CO_LOST");
    await elapse(180_000);
    expect(polls("ws_CO_LOST") - asked).toBe(3);
  });

  it("stops watching on logout", async () => {
    stubDeposits({ ws_CO_LOGOUT: [pending()] });
    await deposit(1500);
    await elapse(2_000);
    fireEvent.click(header().getByRole("button", { name: "Logout" }));
    await screen.findByText("Logged out successfully");
    // Logout waits for the server's answer (design.md §12.2); the session ends here once the app has left for /.
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/"));
    const asked = polls("ws_CO_LOGOUT");
    await elapse(30_000);
    expect(polls("ws_CO_LOGOUT")).toBe(asked);
  });
});

describe("the polling schedule", () => {
  it("asks every second for 20 s, every 3 s to 2.5 minutes, every 15 s to 10 minutes, then once a minute", () => {
    expect(nextPollDelay(0)).toBe(1_000);
    expect(nextPollDelay(19_999)).toBe(1_000);
    expect(nextPollDelay(20_000)).toBe(3_000);
    expect(nextPollDelay(149_999)).toBe(3_000);
    expect(nextPollDelay(150_000)).toBe(15_000);
    expect(nextPollDelay(590_000)).toBe(10_000);
    expect(nextPollDelay(600_000)).toBe(60_000);
    expect(nextPollDelay(86_400_000)).toBe(60_000);
  });
});
