import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { aCentumPackage, aPackage } from "./investor-fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const safaricom = aPackage();
const centum = aCentumPackage();

async function openBuyDialog(packageName: string) {
  fireEvent.click(await screen.findByRole("button", { name: `Invest Now in ${packageName}` }));
  return screen.findByRole("dialog", { name: "Confirm Investment" });
}

function amountInput(dialog: HTMLElement) {
  return within(dialog).getByLabelText(/^Amount/) as HTMLInputElement;
}

describe("packages tab (spec §2, §5)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("shows the available balance and a card per package with its figures", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /packages": { packages: [safaricom, centum] } });
    renderApp("/dashboard/packages");
    expect((await screen.findByTestId("available-balance")).textContent).toBe("KES 1,000.00");
    expect(await screen.findByText("Two Rivers Estates")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Invest Now/ })).toHaveLength(2);
    expect(screen.getByText("High Risk")).toBeTruthy();
    expect(screen.getByText("Real Estate")).toBeTruthy();
    expect(screen.getByText("KES 2,000.00")).toBeTruthy();
  });

  it("uses the wallet balance for an active account", async () => {
    mockApi({
      "GET /auth/me": { user: aUser({ isTrialAccount: false, trialBalance: 1000, walletBalance: 42.5 }) },
      "GET /packages": { packages: [safaricom] },
    });
    renderApp("/dashboard/packages");
    expect((await screen.findByTestId("available-balance")).textContent).toBe("KES 42.50");
  });

  it("pre-fills the price and disables Confirm Purchase when the amount is empty or below the price", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog(safaricom.name);
    const confirm = within(dialog).getByRole("button", { name: "Confirm Purchase" }) as HTMLButtonElement;
    expect(amountInput(dialog).value).toBe("300");
    expect(within(dialog).getByText("Trial Mode")).toBeTruthy();
    expect(confirm.disabled).toBe(false);

    fireEvent.change(amountInput(dialog), { target: { value: "299.99" } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(amountInput(dialog), { target: { value: "" } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(amountInput(dialog), { target: { value: "450" } });
    expect(confirm.disabled).toBe(false);
  });

  it("refuses a submission below the price with 'Minimum amount is KES 300'", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog(safaricom.name);
    fireEvent.change(amountInput(dialog), { target: { value: "250" } });
    // Enter in the field submits the form even though the button is disabled.
    fireEvent.submit(amountInput(dialog).form as HTMLFormElement);
    expect(await screen.findByText("Minimum amount is KES 300")).toBeTruthy();
    expect(callsTo("POST", "/investments/buy")).toEqual([]);
  });

  it("refuses a purchase above the trial balance with 'Insufficient balance' and never calls the API", async () => {
    mockApi({ "GET /auth/me": { user: aUser({ trialBalance: 1000 }) }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog(safaricom.name);
    fireEvent.change(amountInput(dialog), { target: { value: "1000.01" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));
    expect(await screen.findByText("Insufficient balance")).toBeTruthy();
    expect(callsTo("POST", "/investments/buy")).toEqual([]);
  });

  it("buys, says 'Investment purchased successfully!' and updates the header balance at once", async () => {
    let serverUser = aUser();
    mockApi({
      "GET /auth/me": () => ({ user: serverUser }),
      "GET /packages": { packages: [safaricom] },
      "POST /investments/buy": () => {
        serverUser = aUser({ trialBalance: 700 });
        return { investment: {}, user: serverUser };
      },
    });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog(safaricom.name);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));
    expect(await screen.findByText("Investment purchased successfully!")).toBeTruthy();
    expect(callsTo("POST", "/investments/buy")).toEqual([{ packageId: safaricom._id, amount: 300 }]);
    await waitFor(() => expect(screen.getByTestId("available-balance").textContent).toBe("KES 700.00"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's refusal, or 'Failed to purchase package' when there is none", async () => {
    let refusal = new ApiError(400, "This package has matured and can no longer be bought");
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /packages": { packages: [safaricom] },
      "POST /investments/buy": () => {
        throw refusal;
      },
    });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog(safaricom.name);
    const confirm = within(dialog).getByRole("button", { name: "Confirm Purchase" });
    fireEvent.click(confirm);
    expect(await screen.findByText("This package has matured and can no longer be bought")).toBeTruthy();

    refusal = new ApiError(0);
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    expect(await screen.findByText("Failed to purchase package")).toBeTruthy();
  });

  it("says 'Failed to load packages' when the list cannot be loaded", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /packages": () => {
        throw new ApiError(500, "Something went wrong");
      },
    });
    renderApp("/dashboard/packages");
    expect(await screen.findByText("Failed to load packages")).toBeTruthy();
  });
});
