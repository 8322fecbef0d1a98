import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const expectedLink = `${window.location.origin}/register?ref=AMINA123`;
const referrals = [
  {
    _id: "01JFRIEND00000000000000001",
    referred: { firstName: "Brian", lastName: "Otieno", email: "brian@example.com" },
    reward: 100,
    rewardPaid: true,
    createdAt: "2026-03-04T09:00:00.000Z",
  },
  {
    _id: "01JFRIEND00000000000000002",
    referred: { firstName: "Cynthia", lastName: "Achieng", email: "cynthia@example.com" },
    reward: 100,
    rewardPaid: false,
    createdAt: "2026-03-05T09:00:00.000Z",
  },
];

function stubNavigator(name: "clipboard" | "share", value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

describe("referrals tab (spec §2, §8)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    stubNavigator("share", undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  function renderWith(loaded: () => unknown = () => ({ referrals })) {
    mockApi({ "GET /auth/me": { user: aUser({ totalReferralEarnings: 100 }) }, "GET /referrals": loaded });
    renderApp("/dashboard/referrals");
  }

  it("shows the code, the link, the totals and each friend with a Paid or Pending tag", async () => {
    renderWith();
    expect(await screen.findByText("Brian Otieno")).toBeTruthy();
    expect(screen.getByTestId("referral-code").textContent).toBe("AMINA123");
    expect((screen.getByLabelText("Referral link") as HTMLInputElement).value).toBe(expectedLink);
    const totals = screen.getByRole("region", { name: "Referral totals" });
    expect(within(totals).getByText("2")).toBeTruthy();
    expect(within(totals).getByText("KES 100.00")).toBeTruthy();
    const list = screen.getByRole("region", { name: "Your referrals" });
    const [brian, cynthia] = within(list).getAllByRole("listitem");
    expect(within(brian as HTMLElement).getByText("Paid")).toBeTruthy();
    expect(within(cynthia as HTMLElement).getByText("Pending")).toBeTruthy();
    expect(within(cynthia as HTMLElement).getByText("cynthia@example.com")).toBeTruthy();
    expect(within(cynthia as HTMLElement).getByText(/Mar 05, 2026/)).toBeTruthy();
  });

  it("copies the link and says 'Referral link copied to clipboard!'", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator("clipboard", { writeText });
    renderWith();
    fireEvent.click(await screen.findByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Referral link copied to clipboard!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expectedLink);
  });

  it("says 'Failed to copy link' when the clipboard refuses", async () => {
    stubNavigator("clipboard", { writeText: vi.fn().mockRejectedValue(new DOMException("Denied", "NotAllowedError")) });
    renderWith();
    fireEvent.click(await screen.findByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Failed to copy link")).toBeTruthy();
  });

  it("shares through the phone's share sheet when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator("share", share);
    renderWith();
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: expectedLink })));
  });

  it("falls back to copying when the browser cannot share", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator("clipboard", { writeText });
    renderWith();
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    expect(await screen.findByText("Referral link copied to clipboard!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expectedLink);
  });

  it("shows a failed referral load as an error with Retry, not as 'No referrals yet'; the link still works", async () => {
    let fail = true;
    renderWith(() => {
      if (fail) throw new ApiError(500, "Something went wrong");
      return { referrals: [] };
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("We could not load your referrals")).toBeTruthy();
    expect(screen.queryByText("No referrals yet")).toBeNull();
    expect(document.querySelector(".Toastify__toast")).toBeNull();
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No referrals yet")).toBeTruthy();
  });
});
