import { nairobiShortDateTime, type PayoutNumber, SECURITY_MESSAGES, type User } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ADD_PAYOUT_NUMBER_HINT } from "../src/features/withdrawals/components/payout-number-choices";
import { ApiError } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const funded = aUser({ isTrialAccount: false, trialBalance: 0, walletBalance: 500 });

const registeredOnly: PayoutNumber[] = [
  { phoneNumber: "254712345678", source: "registered", usableFrom: "2026-01-05T08:00:00.000Z" },
];

async function openWithdrawal(
  user: User,
  respond: (body: unknown) => unknown = () => ({}),
  payoutNumbers: PayoutNumber[] = registeredOnly,
) {
  let serverUser = user;
  mockApi({
    "GET /auth/me": () => ({ user: serverUser }),
    "GET /withdrawals/payout-numbers": { numbers: payoutNumbers },
    "POST /withdrawals": (body) => {
      const result = respond(body) as { user?: User };
      if (result.user) serverUser = result.user;
      return result;
    },
  });
  renderApp("/dashboard/account");
  fireEvent.click(await screen.findByRole("button", { name: "Withdraw" }));
  const dialog = await screen.findByRole("dialog", { name: "Withdraw Funds" });
  return {
    dialog,
    amount: within(dialog).getByLabelText(/^Amount/) as HTMLInputElement,
    phone: within(dialog).getByLabelText(/^M-Pesa Phone Number/) as HTMLInputElement,
    submit: within(dialog).getByRole("button", { name: "Request Withdrawal" }) as HTMLButtonElement,
  };
}

/** A refusal found before sending: on its field in the dialog (design.md §12.7), and in the spec's toast. */
async function expectRefused(dialog: HTMLElement, field: HTMLInputElement, text: string) {
  expect(await within(dialog).findByText(text)).toBeTruthy();
  expect(field.getAttribute("aria-invalid")).toBe("true");
  await waitFor(() => expect(document.querySelector(".Toastify")?.textContent).toContain(text));
}

describe("withdrawal modal (spec §2, §5, §8)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("pre-fills the profile's phone and mentions the 1–3 business days", async () => {
    const { dialog, phone } = await openWithdrawal(funded);
    expect(phone.value).toBe("254712345678");
    expect(phone.placeholder).toBe("254712345678");
    expect(within(dialog).getByText(/1–3 business days/)).toBeTruthy();
  });

  it("refuses less than KES 1 with 'Minimum withdrawal amount is KES 1'", async () => {
    const { dialog, amount, submit } = await openWithdrawal(funded);
    fireEvent.change(amount, { target: { value: "0" } });
    fireEvent.click(submit);
    await expectRefused(dialog, amount, "Minimum withdrawal amount is KES 1");
    expect(callsTo("POST", "/withdrawals")).toEqual([]);
  });

  it("states the KES 10 minimum payout and refuses KES 5 before it reaches the server", async () => {
    const { dialog, amount, submit } = await openWithdrawal(funded);
    expect(amount.min).toBe("10");
    expect(within(dialog).getByText(/from KES 10\.00 \(the smallest M-Pesa payout\)/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: "5" } });
    fireEvent.click(submit);
    await expectRefused(dialog, amount, "Minimum withdrawal to M-Pesa is KES 10");
    expect(callsTo("POST", "/withdrawals")).toEqual([]);
  });

  it("hints every phone format the server accepts and refuses a number it would not", async () => {
    const { dialog, amount, phone, submit } = await openWithdrawal(funded);
    expect(within(dialog).getByText(/0712345678, 0112345678, \+254712345678 or 254712345678/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: "100" } });
    fireEvent.change(phone, { target: { value: "12345" } });
    fireEvent.click(submit);
    await expectRefused(dialog, phone, "Please enter a valid Kenyan phone number, e.g. 0712345678 or 254712345678");
    // Correcting the field takes its error away.
    fireEvent.change(phone, { target: { value: "0712345678" } });
    expect(phone.getAttribute("aria-invalid")).toBeNull();
    expect(callsTo("POST", "/withdrawals")).toEqual([]);
  });

  it("refuses more than the wallet balance with 'Insufficient balance'", async () => {
    const { dialog, amount, submit } = await openWithdrawal(funded);
    fireEvent.change(amount, { target: { value: "501" } });
    fireEvent.click(submit);
    await expectRefused(dialog, amount, "Insufficient balance");
    expect(callsTo("POST", "/withdrawals")).toEqual([]);
  });

  it("keeps Request Withdrawal disabled while the amount or phone is empty", async () => {
    const { amount, phone, submit } = await openWithdrawal(funded);
    expect(submit.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: "200" } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(phone, { target: { value: " " } });
    expect(submit.disabled).toBe(true);
  });

  it("submits, confirms with the spec's message, closes and shows the lower balance", async () => {
    const { amount, phone, submit } = await openWithdrawal(funded, () => ({
      withdrawal: {},
      user: { ...funded, walletBalance: 300 },
    }));
    fireEvent.change(amount, { target: { value: "200" } });
    fireEvent.change(phone, { target: { value: "0712345678" } });
    fireEvent.click(submit);
    expect(
      await screen.findByText("Withdrawal request submitted successfully! It will be processed by our admin team."),
    ).toBeTruthy();
    expect(callsTo("POST", "/withdrawals")).toEqual([{ amount: 200, phoneNumber: "0712345678" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("wallet-balance").textContent).toBe("KES 300.00");
  });

  it("lets the server explain that trial money cannot be withdrawn", async () => {
    const trialMessage = "Trial balance cannot be withdrawn. Deposit via M-Pesa to fund your wallet.";
    const { amount, submit } = await openWithdrawal(aUser(), () => {
      throw new ApiError(400, trialMessage);
    });
    fireEvent.change(amount, { target: { value: "200" } });
    fireEvent.click(submit);
    expect(await screen.findByText(trialMessage)).toBeTruthy();
  });

  it("falls back to 'Failed to submit withdrawal request' without a server message", async () => {
    const { amount, submit } = await openWithdrawal(funded, () => {
      throw new ApiError(0);
    });
    fireEvent.change(amount, { target: { value: "200" } });
    fireEvent.click(submit);
    expect(await screen.findByText("Failed to submit withdrawal request")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Withdraw Funds" })).toBeTruthy();
  });

  it("offers the numbers it may pay to, fills the field with the one chosen and says how to add one", async () => {
    const { dialog, phone } = await openWithdrawal(funded, undefined, [
      ...registeredOnly,
      { phoneNumber: "254733000111", source: "deposit", usableFrom: "2026-02-01T09:00:00.000Z" },
    ]);
    const choices = within(dialog).getByRole("group", { name: "Numbers you can withdraw to" });
    const registered = await within(choices).findByRole("button", { name: "254712345678 (registered)" });
    const deposited = within(choices).getByRole("button", { name: "254733000111 (deposited from)" });
    expect(registered.getAttribute("aria-pressed")).toBe("true");
    expect(within(dialog).getByText(ADD_PAYOUT_NUMBER_HINT)).toBeTruthy();
    expect(ADD_PAYOUT_NUMBER_HINT).toContain("24 hours after its first deposit");

    fireEvent.click(deposited);

    expect(phone.value).toBe("254733000111");
    expect(deposited.getAttribute("aria-pressed")).toBe("true");
    expect(registered.getAttribute("aria-pressed")).toBe("false");
  });

  it("shows a new number's usable-from time (Nairobi) beside it, and says so when it is chosen (design.md §13.2)", async () => {
    // Proven an hour ago: usable in 23 hours.
    const usableFrom = new Date(Date.now() + 23 * 3_600_000);
    const { dialog, amount, phone, submit } = await openWithdrawal(funded, () => {
      throw new ApiError(403, SECURITY_MESSAGES.payoutNumberWaiting(nairobiShortDateTime(usableFrom)));
    }, [...registeredOnly, { phoneNumber: "254733000111", source: "deposit", usableFrom: usableFrom.toISOString() }]);
    const choices = within(dialog).getByRole("group", { name: "Numbers you can withdraw to" });
    const waiting = await within(choices).findByRole("button", {
      name: `254733000111 (deposited from, usable from ${nairobiShortDateTime(usableFrom)})`,
    });
    const wait = SECURITY_MESSAGES.payoutNumberWaiting(nairobiShortDateTime(usableFrom));
    expect(within(dialog).queryByText(wait)).toBeNull();

    fireEvent.click(waiting);

    expect(phone.value).toBe("254733000111");
    expect(within(dialog).getByText(wait)).toBeTruthy();
    expect(wait).toMatch(/^This number can receive payouts from [A-Z][a-z]{2} \d{2}, \d{2}:\d{2} \(Nairobi time\)$/);
    // The server has the last word: its refusal is shown as it says it.
    fireEvent.change(amount, { target: { value: "100" } });
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo("POST", "/withdrawals")).toHaveLength(1));
    expect(callsTo("POST", "/withdrawals")).toEqual([{ amount: 100, phoneNumber: "254733000111" }]);
    await waitFor(() => expect(screen.getAllByText(wait).length).toBeGreaterThan(1));
    expect(dialog.isConnected).toBe(true);
  });

  it("shows the server's refusal of a number that is neither registered nor deposited from", async () => {
    const { dialog, amount, phone, submit } = await openWithdrawal(funded, () => {
      throw new ApiError(403, SECURITY_MESSAGES.payoutNumberNotAllowed);
    });
    fireEvent.change(amount, { target: { value: "100" } });
    fireEvent.change(phone, { target: { value: "0799000111" } });
    fireEvent.click(submit);
    // In the toast, and on the field it is about until the number changes.
    await waitFor(() => expect(screen.getAllByText(SECURITY_MESSAGES.payoutNumberNotAllowed)).toHaveLength(2));
    expect(callsTo("POST", "/withdrawals")).toEqual([{ amount: 100, phoneNumber: "0799000111" }]);
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    const onField = { selector: '[data-part="error-text"]' };
    expect(within(dialog).getByText(SECURITY_MESSAGES.payoutNumberNotAllowed, onField)).toBeTruthy();
    fireEvent.change(phone, { target: { value: "0799000112" } });
    expect(within(dialog).queryByText(SECURITY_MESSAGES.payoutNumberNotAllowed, onField)).toBeNull();
    expect(dialog.isConnected).toBe(true);
  });
});
