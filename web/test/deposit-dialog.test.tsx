import type { User } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const promptSent = "STK push sent to your phone. Please complete the payment.";

function started(amount: number) {
  return { message: promptSent, checkoutRequestId: "ws_CO_TEST0001", amount, transaction: {} };
}

async function openDeposit(user: User, respond: (body: unknown) => unknown = () => started(1500)) {
  mockApi({
    "GET /auth/me": { user },
    "POST /mpesa/deposit": respond,
    "GET /mpesa/deposit/ws_CO_TEST0001": { deposit: { status: "pending" }, user },
  });
  renderApp("/dashboard/account");
  const header = await screen.findByRole("banner");
  fireEvent.click(within(header).getByRole("button", { name: "Deposit" }));
  const dialog = await screen.findByRole("dialog", { name: "Deposit Funds" });
  return {
    dialog,
    amount: within(dialog).getByLabelText(/^Amount/) as HTMLInputElement,
    phone: within(dialog).getByLabelText(/^M-Pesa Phone Number/) as HTMLInputElement,
    submit: within(dialog).getByRole("button", { name: "Send STK Push" }) as HTMLButtonElement,
  };
}

describe("Deposit Funds modal (spec §2, §5, §8)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockClear();
  });

  it("asks for a whole-shilling amount and pre-fills the profile's phone, hinting every format the server takes", async () => {
    const { dialog, amount, phone } = await openDeposit(aUser());
    expect(amount.type).toBe("number");
    expect(amount.required).toBe(true);
    expect(amount.min).toBe("1");
    expect(amount.step).toBe("1");
    expect(phone.value).toBe("254712345678");
    expect(phone.required).toBe(true);
    // The server accepts 07…, 01…, +254… and 254… (design §6), so the hint no longer insists on 254 (spec §2 did).
    expect(
      within(dialog).getByText(
        "The phone that gets the prompt, e.g. 0712345678, 0112345678, +254712345678 or 254712345678.",
      ),
    ).toBeTruthy();
  });

  it("opens from the wallet on the Account tab too", async () => {
    mockApi({ "GET /auth/me": { user: aUser() } });
    renderApp("/dashboard/account");
    await screen.findByText("Personal Information");
    fireEvent.click(screen.getAllByRole("button", { name: "Deposit" })[1] as HTMLElement);
    expect(await screen.findByRole("dialog", { name: "Deposit Funds" })).toBeTruthy();
  });

  it("keeps Send STK Push disabled while the amount or the phone is empty", async () => {
    const { amount, phone, submit } = await openDeposit(aUser());
    expect(submit.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: "1500" } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(phone, { target: { value: "  " } });
    expect(submit.disabled).toBe(true);
  });

  it("refuses less than KES 1 with 'Minimum deposit amount is KES 1' and sends nothing", async () => {
    const { amount, submit } = await openDeposit(aUser());
    fireEvent.change(amount, { target: { value: "0" } });
    fireEvent.click(submit);
    expect(await screen.findByText("Minimum deposit amount is KES 1")).toBeTruthy();
    expect(callsTo("POST", "/mpesa/deposit")).toEqual([]);
  });

  it("refuses cents, which M-Pesa cannot take, before asking the server", async () => {
    const { amount, submit } = await openDeposit(aUser());
    fireEvent.change(amount, { target: { value: "10.5" } });
    fireEvent.click(submit);
    expect(await screen.findByText("M-Pesa deposits are in whole shillings")).toBeTruthy();
    expect(callsTo("POST", "/mpesa/deposit")).toEqual([]);
  });

  it.each(["0712345678", "+254712345678", "254712345678"])(
    "sends a prompt to %s, a format the server takes",
    async (number) => {
      const { amount, phone, submit } = await openDeposit(aUser());
      fireEvent.change(amount, { target: { value: "100" } });
      fireEvent.change(phone, { target: { value: number } });
      fireEvent.click(submit);
      await waitFor(() => expect(callsTo("POST", "/mpesa/deposit")).toEqual([{ amount: 100, phoneNumber: number }]));
    },
  );

  it("shows a spinner and locks the form while the prompt is being sent", async () => {
    let answer: (value: unknown) => void = () => {};
    const { dialog, amount, submit } = await openDeposit(aUser(), () => new Promise((resolve) => (answer = resolve)));
    fireEvent.change(amount, { target: { value: "1500" } });
    fireEvent.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(submit.getAttribute("data-loading")).not.toBeNull();
    expect(within(dialog).getByText("Sending")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    answer(started(1500));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("sends the prompt, closes, says 'STK push sent…' and shows that M-Pesa is awaited", async () => {
    const { amount, phone, submit } = await openDeposit(aUser());
    fireEvent.change(amount, { target: { value: "1500" } });
    fireEvent.change(phone, { target: { value: " 254708374149 " } });
    fireEvent.click(submit);
    expect(await screen.findByText(promptSent)).toBeTruthy();
    expect(callsTo("POST", "/mpesa/deposit")).toEqual([{ amount: 1500, phoneNumber: "254708374149" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const status = within(screen.getByRole("banner")).getByRole("status");
    expect(status.textContent).toContain("Awaiting M-Pesa");
    expect(status.textContent).toContain("KES 1,500.00");
  });

  it("says, when opened again, that the first prompt still waits on the phone, before a second is sent", async () => {
    const { amount, phone, submit, dialog } = await openDeposit(aUser());
    expect(within(dialog).queryByTestId("deposit-awaiting")).toBeNull();
    fireEvent.change(amount, { target: { value: "1500" } });
    fireEvent.change(phone, { target: { value: "254708374149" } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(within(screen.getByRole("banner")).getByRole("button", { name: "Deposit" }));
    const again = await screen.findByRole("dialog", { name: "Deposit Funds" });
    expect(within(again).getByTestId("deposit-awaiting").textContent).toBe(
      "A prompt for KES 1,500.00 is still waiting on your phone. Approve it there instead of sending another: each prompt you approve is paid.",
    );
  });

  it("shows the server's refusal and keeps the modal open", async () => {
    const busy = "Another M-Pesa prompt is already open on this phone. Please wait a minute and try again.";
    const { amount, submit } = await openDeposit(aUser(), () => {
      throw new ApiError(409, busy);
    });
    fireEvent.change(amount, { target: { value: "1500" } });
    fireEvent.click(submit);
    expect(await screen.findByText(busy)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Deposit Funds" })).toBeTruthy();
    expect(submit.disabled).toBe(false);
  });

  it("falls back to 'Failed to process deposit' without a server message", async () => {
    const { amount, submit } = await openDeposit(aUser(), () => {
      throw new ApiError(0);
    });
    fireEvent.change(amount, { target: { value: "1500" } });
    fireEvent.click(submit);
    expect(await screen.findByText("Failed to process deposit")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Deposit Funds" })).toBeTruthy();
  });
});
