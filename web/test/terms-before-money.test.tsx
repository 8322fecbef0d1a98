import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { system } from "../src/components/ui/system";
import { PortfolioSummary } from "../src/features/investments/components/portfolio-summary";
import { splitPortfolioTotals } from "../src/features/investments/lib/investment-status";
import { amountFieldError, dailyRewardFor, maturityDateOfPurchase } from "../src/features/packages/lib/purchase-terms";
import { apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { anInvestment, aPackage } from "./investor-fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

/** 22:00 UTC on Jan 20 is 01:00 on Jan 21 in Nairobi: the day the server's Nairobi-day rules count. */
const lateEvening = "2027-01-20T22:00:00.000Z";
const safaricom = aPackage({ dailyReturnRate: 1.3, maturityDate: lateEvening });

async function openBuyDialog() {
  fireEvent.click(await screen.findByRole("button", { name: `Invest Now in ${safaricom.name}` }));
  return screen.findByRole("dialog", { name: "Confirm Investment" });
}

function amountInput(dialog: HTMLElement) {
  return within(dialog).getByLabelText(/^Amount/) as HTMLInputElement;
}

describe("the terms of a purchase (design.md §12.7)", () => {
  it("dates the maturity as the Nairobi calendar day of the package's maturity instant, 'MMM dd, yyyy'", () => {
    expect(maturityDateOfPurchase(safaricom)).toBe("Jan 21, 2027");
    expect(maturityDateOfPurchase({ maturityDate: "2027-01-20T20:59:59.999Z" })).toBe("Jan 20, 2027");
  });

  it("works out one day's reward for the amount typed with the claim's own rule, rounded down to the cent", () => {
    expect(dailyRewardFor("300", safaricom)).toBe(3.9);
    // 1,000.55 × 1.3 % = 13.00715 → KES 13.00, as a claim would pay it.
    expect(dailyRewardFor("1000.55", safaricom)).toBe(13);
    expect(dailyRewardFor("", safaricom)).toBeUndefined();
    expect(dailyRewardFor("12.345", safaricom)).toBeUndefined();
  });

  it("prices no amount the package does not take: below its minimum, or above the largest the API accepts", () => {
    expect(dailyRewardFor("299.99", safaricom)).toBeUndefined();
    expect(dailyRewardFor("1", safaricom)).toBeUndefined();
    expect(dailyRewardFor("100000000", safaricom)).toBe(1_300_000);
    expect(dailyRewardFor("100000000.01", safaricom)).toBeUndefined();
  });

  it("says on the field what is wrong with the amount, with the figures to correct it", () => {
    expect(amountFieldError("", safaricom, 1000)).toBeUndefined();
    expect(amountFieldError("450", safaricom, 1000)).toBeUndefined();
    expect(amountFieldError("250", safaricom, 1000)).toBe("Enter at least KES 300.00, this package's minimum");
    expect(amountFieldError("1000.01", safaricom, 1000)).toBe(
      "That is more than your available balance of KES 1,000.00",
    );
    expect(amountFieldError("300.001", safaricom, 1000)).toBe("Amount can have at most 2 decimals");
    expect(amountFieldError("-5", safaricom, 1000)).toBe("Amount must be greater than zero");
  });
});

describe("package card and buy dialog", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockClear();
  });

  it("shows the maturity date on the card and, in the dialog, the daily reward for the amount typed", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const card = (await screen.findByRole("button", { name: `Invest Now in ${safaricom.name}` })).closest(
      ".chakra-card__root",
    ) as HTMLElement;
    expect(within(card).getByText("Matures on")).toBeTruthy();
    expect(within(card).getByText("Jan 21, 2027")).toBeTruthy();

    const dialog = await openBuyDialog();
    expect(within(dialog).getByTestId("maturity-date").textContent).toBe("Jan 21, 2027");
    expect(within(dialog).getByTestId("daily-reward").textContent).toBe("KES 3.90");
    fireEvent.change(amountInput(dialog), { target: { value: "1000" } });
    expect(within(dialog).getByTestId("daily-reward").textContent).toBe("KES 13.00");
    fireEvent.change(amountInput(dialog), { target: { value: "" } });
    expect(within(dialog).getByTestId("daily-reward").textContent).toBe("—");
  });

  it("shows no daily reward for an amount below the minimum or too large, but the refusal on the field", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog();
    const reward = within(dialog).getByTestId("daily-reward");
    fireEvent.change(amountInput(dialog), { target: { value: "250" } });
    expect(reward.textContent).toBe("—");
    expect(within(dialog).getByText("Enter at least KES 300.00, this package's minimum")).toBeTruthy();
    expect(amountInput(dialog).getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(amountInput(dialog), { target: { value: "300" } });
    expect(reward.textContent).toBe("KES 3.90");
    fireEvent.change(amountInput(dialog), { target: { value: "200000000" } });
    expect(reward.textContent).toBe("—");
    expect(within(dialog).getByText("Amount is too large")).toBeTruthy();
  });

  it("says a trial buyer's capital comes back to the trial balance on the maturity day and is never withdrawable", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog();
    const capital = within(dialog).getByTestId("capital-at-maturity").textContent ?? "";
    expect(capital).toBe(
      "On the maturity day the daily rewards stop and the trial money you invest is paid back into your trial " +
        "balance automatically. Trial money can never be withdrawn.",
    );
  });

  it("says a real-money buyer's capital comes back to the wallet on the maturity day, by itself (design.md §13.6)", async () => {
    mockApi({
      "GET /auth/me": { user: aUser({ isTrialAccount: false, walletBalance: 5000 }) },
      "GET /packages": { packages: [safaricom] },
    });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog();
    const capital = within(dialog).getByTestId("capital-at-maturity").textContent ?? "";
    expect(capital).toBe(
      "On the maturity day the daily rewards stop and the amount you invest is paid back into your wallet balance " +
        "automatically.",
    );
    expect(capital).not.toMatch(/not paid back/);
  });

  it("shows a bad amount on the field inside the dialog, marks it invalid, and sends nothing", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog();
    fireEvent.change(amountInput(dialog), { target: { value: "300.001" } });
    expect(within(dialog).getByText("Amount can have at most 2 decimals")).toBeTruthy();
    expect(amountInput(dialog).getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));
    fireEvent.change(amountInput(dialog), { target: { value: "1200" } });
    expect(within(dialog).getByText("That is more than your available balance of KES 1,000.00")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm Purchase" }));
    // The spec's own text stays a toast.
    expect(await screen.findByText("Insufficient balance")).toBeTruthy();
    expect(callsTo("POST", "/investments/buy")).toEqual([]);
  });

  it("sends one purchase and shows one toast for a double tap on Confirm Purchase", async () => {
    let answer: (value: unknown) => void = () => {};
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /packages": { packages: [safaricom] },
      "POST /investments/buy": () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderApp("/dashboard/packages");
    const dialog = await openBuyDialog();
    const confirm = within(dialog).getByRole("button", { name: "Confirm Purchase" }) as HTMLButtonElement;
    fireEvent.click(confirm);
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    fireEvent.submit(amountInput(dialog).form as HTMLFormElement);
    await waitFor(() =>
      expect(callsTo("POST", "/investments/buy")).toEqual([{ packageId: safaricom._id, amount: 300 }]),
    );
    answer({ investment: {}, user: aUser({ trialBalance: 700 }) });
    expect(await screen.findByText("Investment purchased successfully!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getAllByText("Investment purchased successfully!")).toHaveLength(1);
    expect(callsTo("POST", "/investments/buy")).toHaveLength(1);
  });
});

describe("real and demo money apart (design.md §12.7)", () => {
  const real = anInvestment({
    _id: "01JTESTINVESTMENT000000002",
    amount: 300,
    currentValue: 303.9,
    totalRewardsClaimed: 3.9,
    isTrialInvestment: false,
  });
  const demo = anInvestment({ amount: 300, currentValue: 306, totalRewardsClaimed: 6, isTrialInvestment: true });

  it("totals real and trial investments separately, never together", () => {
    const { real: realTotals, demo: demoTotals, hasDemo } = splitPortfolioTotals([real, demo]);
    expect(realTotals).toEqual({ invested: 300, currentValue: 303.9, rewards: 3.9, gains: 3.9 });
    expect(demoTotals).toEqual({ invested: 300, currentValue: 306, rewards: 6, gains: 6 });
    expect(hasDemo).toBe(true);
    expect(splitPortfolioTotals([real]).hasDemo).toBe(false);
  });

  it("shows the spec's four totals for real money, each with its '+ KES … demo' beside it", () => {
    render(
      <ChakraProvider value={system}>
        <PortfolioSummary investments={[real, demo]} />
      </ChakraProvider>,
    );
    const summary = screen.getByRole("region", { name: "Portfolio summary" });
    const figure = (label: string) =>
      (within(summary).getByText(label).closest(".chakra-stat__root") as HTMLElement).textContent;
    expect(figure("Total Invested")).toBe("Total InvestedKES 300.00+ KES 300.00 demo");
    expect(figure("Current Value")).toBe("Current ValueKES 303.90+ KES 306.00 demo");
    expect(figure("Total Rewards")).toBe("Total RewardsKES 3.90+ KES 6.00 demo");
    expect(figure("Total Gains")).toBe("Total Gains+KES 3.90+ KES 6.00 demo");
    expect(within(summary).queryByText("KES 600.00")).toBeNull();
  });

  it("has no demo line when every investment is real money", () => {
    render(
      <ChakraProvider value={system}>
        <PortfolioSummary investments={[real]} />
      </ChakraProvider>,
    );
    expect(screen.queryAllByTestId("demo-total")).toEqual([]);
  });
});

describe("the header's balance", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("keeps the single real balance and adds '+ KES … demo' while an active account has trial money left", async () => {
    mockApi({
      "GET /auth/me": { user: aUser({ isTrialAccount: false, walletBalance: 1500, trialBalance: 700 }) },
      "GET /packages": { packages: [safaricom] },
    });
    renderApp("/dashboard/packages");
    const header = await screen.findByRole("banner");
    await within(header).findByText("KES 1,500.00");
    expect(within(header).getByTestId("header-demo-balance").textContent).toBe("+ KES 700.00 demo");
    expect(within(header).queryByText("Trial")).toBeNull();
  });

  it("shows a trial account's trial balance once, with its Trial badge and no demo line", async () => {
    mockApi({ "GET /auth/me": { user: aUser({ trialBalance: 700 }) }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const header = await screen.findByRole("banner");
    await within(header).findByText("KES 700.00");
    expect(within(header).getByText("Trial")).toBeTruthy();
    expect(within(header).queryByTestId("header-demo-balance")).toBeNull();
  });

  it("has no demo line once the trial money is spent", async () => {
    mockApi({
      "GET /auth/me": { user: aUser({ isTrialAccount: false, walletBalance: 1500, trialBalance: 0 }) },
      "GET /packages": { packages: [safaricom] },
    });
    renderApp("/dashboard/packages");
    const header = await screen.findByRole("banner");
    await within(header).findByText("KES 1,500.00");
    expect(within(header).queryByTestId("header-demo-balance")).toBeNull();
  });
});
