import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { nextClaimNote } from "../src/features/investments/lib/investment-status";
import { ApiError } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { anInvestment } from "./investor-fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const claimPath = (id: string) => `/investments/claim/${id}`;

describe("investments tab (spec §2, §4)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("offers Browse Packages when there are no investments", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /investments": { investments: [] } });
    renderApp("/dashboard/investments");
    fireEvent.click(await screen.findByRole("button", { name: "Browse Packages" }));
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages"));
  });

  it("shows the portfolio summary and a card with its tags and figures", async () => {
    const investment = anInvestment({ amount: 650, currentValue: 663, totalRewardsClaimed: 13 });
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /investments": { investments: [investment] } });
    renderApp("/dashboard/investments");
    const card = await screen.findByRole("article", { name: investment.package.name });
    expect(within(card).getByText("Trial")).toBeTruthy();
    expect(within(card).getByText("Claimable Today")).toBeTruthy();
    expect(within(card).getByText(/held 3 days/)).toBeTruthy();
    expect(within(card).getByText("+KES 13.00 (+2.00%)")).toBeTruthy();
    const summary = screen.getByRole("region", { name: "Portfolio summary" });
    expect(within(summary).getByText("KES 663.00")).toBeTruthy();
  });

  it("says when the capital comes back, and to which balance (design.md §13.6)", async () => {
    const investment = anInvestment({ maturityDate: "2027-01-21T09:00:00.000Z" });
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /investments": { investments: [investment] } });
    renderApp("/dashboard/investments");
    const card = await screen.findByRole("article", { name: investment.package.name });
    expect(within(card).getByTestId("capital-back").textContent).toBe(
      "Capital back on Jan 21, 2027: KES 650.00 returns to your trial balance that day.",
    );
    expect(within(card).queryByText("Matured")).toBeNull();
  });

  it("shows a matured investment as Matured, its capital returned, with no claim and the Withdraw info saying so", async () => {
    const investment = anInvestment({
      isTrialInvestment: false,
      purchaseDate: "2026-10-01T08:00:00.000Z",
      maturityDate: "2026-11-25T09:00:00.000Z",
      maturedAt: "2026-11-24T21:02:00.000Z",
    });
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /investments": { investments: [investment] } });
    renderApp("/dashboard/investments");
    const card = await screen.findByRole("article", { name: investment.package.name });
    expect(within(card).getByText("Matured")).toBeTruthy();
    expect(within(card).queryByText("Claimable Today")).toBeNull();
    expect(within(card).queryByText("Already Claimed")).toBeNull();
    // Returned just after midnight of Nov 25 in Nairobi (21:02 UTC on the 24th).
    expect(within(card).getByTestId("capital-back").textContent).toBe(
      "Capital returned on Nov 25, 2026: KES 650.00 is back in your wallet balance.",
    );
    expect((within(card).getByRole("button", { name: "Claim Reward" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(card).getByRole("button", { name: "Withdraw" }));
    expect(
      await screen.findByText("This investment has matured: its capital is back in your wallet balance."),
    ).toBeTruthy();
  });

  it("shows 'Already Claimed' and disables Claim Reward after a claim earlier today", async () => {
    const investment = anInvestment({ lastClaimDate: new Date().toISOString() });
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /investments": { investments: [investment] } });
    renderApp("/dashboard/investments");
    const card = await screen.findByRole("article", { name: investment.package.name });
    expect(within(card).getByText("Already Claimed")).toBeTruthy();
    expect((within(card).getByRole("button", { name: "Claim Reward" }) as HTMLButtonElement).disabled).toBe(true);
    // When the next one opens: the next Nairobi midnight, on this device's clock.
    expect(within(card).getByTestId("next-claim").textContent).toBe(nextClaimNote(new Date(), investment.maturityDate));
    expect(within(card).getByTestId("next-claim").textContent).toMatch(
      /^Next claim opens (today|tomorrow) at \d\d:\d\d /,
    );
  });

  it("says nothing of a next claim while today's is open, nor on a matured investment", async () => {
    const open = anInvestment();
    const matured = anInvestment({
      _id: "01JTESTINVESTMENT000000002",
      package: { ...open.package, name: "Matured Fund" },
      lastClaimDate: new Date().toISOString(),
      maturedAt: new Date().toISOString(),
    });
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /investments": { investments: [open, matured] } });
    renderApp("/dashboard/investments");
    const card = await screen.findByRole("article", { name: open.package.name });
    expect(within(card).getByText("Claimable Today")).toBeTruthy();
    expect(within(card).queryByTestId("next-claim")).toBeNull();
    const done = await screen.findByRole("article", { name: "Matured Fund" });
    expect(within(done).queryByTestId("next-claim")).toBeNull();
  });

  it("claims: 'Reward claimed: KES 6.50', the tag turns to Already Claimed and the balance grows", async () => {
    let investment = anInvestment();
    let serverUser = aUser({ trialBalance: 350 });
    mockApi({
      "GET /auth/me": () => ({ user: serverUser }),
      // The list is read again after the claim, so the fake server keeps it.
      "GET /investments": () => ({ investments: [investment] }),
      [`POST ${claimPath(investment._id)}`]: () => {
        serverUser = aUser({ trialBalance: 356.5 });
        const claimed = { ...investment, lastClaimDate: new Date().toISOString(), totalRewardsClaimed: 6.5 };
        investment = { ...claimed, currentValue: 656.5 };
        return { reward: 6.5, investment, user: serverUser };
      },
    });
    renderApp("/dashboard/investments");
    const card = await screen.findByRole("article", { name: investment.package.name });
    fireEvent.click(within(card).getByRole("button", { name: "Claim Reward" }));
    expect(await screen.findByText("Reward claimed: KES 6.50")).toBeTruthy();
    expect(await within(card).findByText("Already Claimed")).toBeTruthy();
    expect(within(card).getByTestId("next-claim").textContent).toMatch(/^Next claim opens (today|tomorrow) at /);
    expect(within(card).getByText(/Current Value includes the KES 6\.50 of rewards you claimed/)).toBeTruthy();
    expect(within(card).getByText(/already in your trial balance, not extra on top of it/)).toBeTruthy();
    expect(screen.getByText("KES 356.50")).toBeTruthy();
    expect(callsTo("POST", claimPath(investment._id))).toHaveLength(1);
  });

  it("shows the server's refusal of a claim, or 'Failed to claim reward'", async () => {
    const investment = anInvestment();
    let refusal = new ApiError(409, "Reward already claimed today. Come back tomorrow!");
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /investments": { investments: [investment] },
      [`POST ${claimPath(investment._id)}`]: () => {
        throw refusal;
      },
    });
    renderApp("/dashboard/investments");
    const claim = within(await screen.findByRole("article")).getByRole("button", { name: "Claim Reward" });
    fireEvent.click(claim);
    expect(await screen.findByText("Reward already claimed today. Come back tomorrow!")).toBeTruthy();
    refusal = new ApiError(0);
    await waitFor(() => expect((claim as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(claim);
    expect(await screen.findByText("Failed to claim reward")).toBeTruthy();
  });

  it("explains that admins handle investment withdrawals", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "GET /investments": { investments: [anInvestment()] } });
    renderApp("/dashboard/investments");
    fireEvent.click(within(await screen.findByRole("article")).getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText(/handled by our admins while final payments of proposals are awaited/)).toBeTruthy();
  });

  it("says 'Failed to load investments' when the list cannot be loaded", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /investments": () => {
        throw new ApiError(500);
      },
    });
    renderApp("/dashboard/investments");
    expect(await screen.findByText("Failed to load investments")).toBeTruthy();
  });

  it("shows a failed load as an error with Retry, never as 'No investments yet', and recovers", async () => {
    let fail = true;
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /investments": () => {
        if (fail) throw new ApiError(500);
        return { investments: [anInvestment()] };
      },
    });
    renderApp("/dashboard/investments");
    // The spec's toast says it too; the panel keeps saying it, with the way out, after the toast has gone.
    expect(await screen.findByText("We could not load your investments")).toBeTruthy();
    expect(screen.queryByText("No investments yet")).toBeNull();
    expect(screen.queryByRole("button", { name: "Browse Packages" })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("article", { name: "Safaricom Growth Fund" })).toBeTruthy();
  });
});
