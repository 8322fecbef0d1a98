import { KYC_MESSAGES, type KycExport } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api-client";
import * as download from "../src/lib/download-file";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const funded = aUser({ isTrialAccount: false, trialBalance: 0, walletBalance: 50_000 });
const refusedFor = (message: string) => () => {
  throw new ApiError(403, message, undefined, { kycRequired: true });
};

describe("a money action beyond an unverified account's limits points to Verify identity (design.md §13.5)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("a withdrawal: the message in the form with a link to Verify identity, and the spec's toast", async () => {
    mockApi({
      "GET /auth/me": { user: funded },
      "GET /withdrawals/payout-numbers": {
        numbers: [{ phoneNumber: "254712345678", source: "registered", usableFrom: "2026-01-05T08:00:00.000Z" }],
      },
      "POST /withdrawals": refusedFor(KYC_MESSAGES.withdrawalLimit),
      "GET /kyc": { kyc: { status: "none" } },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw Funds" });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: "12000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Request Withdrawal" }));
    const notice = await within(dialog).findByTestId("kyc-required");
    expect(notice.textContent).toContain(KYC_MESSAGES.withdrawalLimit);
    await waitFor(() =>
      expect(document.querySelector(".Toastify")?.textContent).toContain(KYC_MESSAGES.withdrawalLimit),
    );
    fireEvent.click(within(notice).getByRole("link", { name: "Verify identity" }));
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/account/verify"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Withdraw Funds" })).toBeNull());
    expect(await screen.findByRole("heading", { name: "Step 1 of 3: Your details" })).toBeTruthy();
  });

  it("a deposit: the same, with the deposit's message", async () => {
    mockApi({
      "GET /auth/me": { user: funded },
      "POST /mpesa/deposit": refusedFor(KYC_MESSAGES.depositLimit),
    });
    renderApp("/dashboard/account");
    fireEvent.click(within(await screen.findByRole("banner")).getByRole("button", { name: "Deposit" }));
    const dialog = await screen.findByRole("dialog", { name: "Deposit Funds" });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: "5000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send STK Push" }));
    const notice = await within(dialog).findByTestId("kyc-required");
    expect(notice.textContent).toContain(KYC_MESSAGES.depositLimit);
    expect(within(notice).getByRole("link", { name: "Verify identity" }).getAttribute("href")).toBe(
      "/dashboard/account/verify",
    );
  });

  it("any other refusal shows no such notice", async () => {
    mockApi({
      "GET /auth/me": { user: funded },
      "POST /mpesa/deposit": () => {
        throw new ApiError(400, "Something else");
      },
    });
    renderApp("/dashboard/account");
    fireEvent.click(within(await screen.findByRole("banner")).getByRole("button", { name: "Deposit" }));
    const dialog = await screen.findByRole("dialog", { name: "Deposit Funds" });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: "5000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send STK Push" }));
    await waitFor(() => expect(document.querySelector(".Toastify")?.textContent).toContain("Something else"));
    expect(within(dialog).queryByTestId("kyc-required")).toBeNull();
  });
});

describe("Account's Identity card", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("offers Verify identity to an unverified account, with its limits", async () => {
    mockApi({ "GET /auth/me": { user: aUser() } });
    renderApp("/dashboard/account");
    const card = await screen.findByRole("region", { name: "Identity" });
    expect(within(card).getByText("Unverified")).toBeTruthy();
    expect(card.textContent).toContain("withdraw up to KES 10,000.00 a day and deposit up to KES 100,000.00 in all");
    expect(within(card).getByRole("link", { name: "Verify identity" }).getAttribute("href")).toBe(
      "/dashboard/account/verify",
    );
    expect(within(card).queryByRole("button", { name: "Download my data" })).toBeNull();
  });

  it("shows a rejection's reason with Try again, and downloads what is kept as a JSON file with the files listed", async () => {
    const saved = vi.spyOn(download, "downloadFile").mockImplementation(() => {});
    const kept: KycExport = {
      idType: "national-id",
      idNumber: "12345678",
      kraPin: "A123456789Z",
      dateOfBirth: "1990-04-12",
      consentText: "I agree",
      consentedAt: "2026-01-05T07:00:00.000Z",
      status: "rejected",
      reason: "The selfie is blurred",
      files: { idFront: "http://localhost:4569/kyc/front?sig=a", selfie: "http://localhost:4569/kyc/selfie?sig=c" },
      filesExpireAt: "2026-01-05T07:05:00.000Z",
    };
    mockApi({
      "GET /auth/me": { user: aUser({ kyc: { status: "rejected", reason: "The selfie is blurred" } }) },
      "GET /kyc/export": { kyc: kept },
    });
    renderApp("/dashboard/account");
    const card = await screen.findByRole("region", { name: "Identity" });
    expect(within(card).getByText("Reason: The selfie is blurred")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Try again" })).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const [file, fileName] = saved.mock.calls[0] as [Blob, string];
    expect(fileName).toMatch(/^jengafund-identity-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await file.text())).toEqual(kept);
    const front = await within(card).findByRole("link", { name: "Front of your ID" });
    expect(front.getAttribute("target")).toBe("_blank");
    expect(within(card).getByRole("link", { name: "Selfie" })).toBeTruthy();
    expect(within(card).queryByRole("link", { name: "Back of your ID" })).toBeNull();
    expect(callsTo("GET", "/kyc/export")).toHaveLength(1);
  });
});
