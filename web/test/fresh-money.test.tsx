import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  payoutRefreshInterval,
  SETTLING_REFRESH_MS,
  WAITING_REFRESH_MS,
} from "../src/features/admin-withdrawals/lib/payout-refresh";
import { referralTotals } from "../src/features/referrals/lib/referral-totals";
import { createQueryClient, FRESH_MONEY_INTERVAL_MS } from "../src/lib/query-client";
import { queryKeys } from "../src/lib/query-keys";
import { statesBalance, useBalanceToastsFollow } from "../src/lib/toast/balance-toasts";
import { toast } from "../src/lib/toast/toast";
import { Toaster } from "../src/lib/toast/toaster";
import { useOneAtATime } from "../src/lib/use-one-at-a-time";
import { mockApi } from "./api-mock";
import { aUser, aWithdrawal } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

/** Design.md §12.7 "Honest money, always current", in the pieces a browser test cannot pin down alone. */
describe("the signed-in user's money is read again on its own (design.md §12.7)", () => {
  it("reads me, the investments, the referrals and the history again on focus and every 30 s", () => {
    const client = createQueryClient();
    for (const key of [queryKeys.me, queryKeys.investments, queryKeys.referrals, queryKeys.history.transactions]) {
      const options = client.defaultQueryOptions({ queryKey: key });
      expect(options.refetchOnWindowFocus, String(key)).toBe("always");
      expect(options.refetchInterval, String(key)).toBe(FRESH_MONEY_INTERVAL_MS);
      expect(options.refetchIntervalInBackground, String(key)).toBe(false);
    }
    expect(FRESH_MONEY_INTERVAL_MS).toBeLessThanOrEqual(30_000);
  });

  it("leaves the packages and the admin lists to their own actions", () => {
    const client = createQueryClient();
    for (const key of [queryKeys.packages, queryKeys.admin.users, queryKeys.admin.stats]) {
      const options = client.defaultQueryOptions({ queryKey: key });
      expect(options.refetchOnWindowFocus, String(key)).toBe(false);
      expect(options.refetchInterval, String(key)).toBeUndefined();
    }
  });
});

describe("the referral totals come from one answer", () => {
  const friend = (rewardPaid: boolean, reward = 100) => ({
    _id: `01JFRIEND${rewardPaid ? "PAID" : "OPEN"}${reward}`,
    referred: { firstName: "Brian", lastName: "Otieno", email: "brian@example.com" },
    reward,
    rewardPaid,
    createdAt: "2026-03-04T09:00:00.000Z",
  });

  it("adds the paid rewards in cents: paid 2, pending 1, earnings KES 200.30", () => {
    expect(referralTotals([friend(true, 100.1), friend(true, 100.2), friend(false)])).toEqual({
      total: 3,
      paid: 2,
      pending: 1,
      earnings: 200.3,
    });
  });

  describe("on the Referrals tab", () => {
    beforeEach(() => localStorage.setItem("token", "investor-token"));
    afterEach(() => vi.restoreAllMocks());

    it("never shows 'Paid 1' beside 'Earnings KES 0.00', even while the header's copy of the user is older", async () => {
      // The user as read before the friend's first investment; the list as read after it.
      mockApi({
        "GET /auth/me": { user: aUser({ totalReferralEarnings: 0 }) },
        "GET /referrals": { referrals: [friend(true)] },
      });
      renderApp("/dashboard/referrals");
      await screen.findByText("Brian Otieno");
      const totals = screen.getByRole("region", { name: "Referral totals" });
      const figure = (label: string) => within(totals).getByText(label).parentElement?.textContent;
      expect(figure("Paid")).toContain("1");
      expect(figure("Earnings")).toContain("KES 100.00");
      expect(within(totals).queryByText("KES 0.00")).toBeNull();
    });
  });
});

describe("the admin's withdrawals list follows a payout until it settles", () => {
  const now = Date.parse("2026-01-05T12:00:00.000Z");
  const approvedAgo = (ms: number) =>
    aWithdrawal({ _id: `01JAPPROVED${ms}`, status: "approved", processedAt: new Date(now - ms).toISOString() });

  it("asks again every few seconds while a payout approved just now waits for M-Pesa", () => {
    expect(payoutRefreshInterval([aWithdrawal(), approvedAgo(5_000)], now)).toBe(SETTLING_REFRESH_MS);
  });

  it("asks less often while only payouts approved long ago wait", () => {
    expect(payoutRefreshInterval([approvedAgo(3_600_000)], now)).toBe(WAITING_REFRESH_MS);
  });

  it("stops once none it shows waits: completed, rejected and pending ones need no asking", () => {
    const settled = ["completed", "rejected", "pending"] as const;
    expect(
      payoutRefreshInterval(
        settled.map((status) => aWithdrawal({ status })),
        now,
      ),
    ).toBe(false);
    expect(payoutRefreshInterval(undefined, now)).toBe(false);
  });
});

/** A money button guarded the way the app's are. */
function MoneyButton({ action }: { action: (tap: number) => Promise<unknown> }) {
  const guarded = useOneAtATime(action);
  return (
    <button type="button" disabled={guarded.busy} onClick={() => guarded.run(1)}>
      Claim Reward
    </button>
  );
}

describe("useOneAtATime: one request per tap", () => {
  it("sends once for a double tap that lands before the button is drawn disabled, and disables it at once", async () => {
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<MoneyButton action={action} />);
    const button = screen.getByRole("button", { name: "Claim Reward" });
    // Two clicks in one task: nothing has re-rendered between them.
    button.click();
    button.click();
    expect(action).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    finish();
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it("lets the next tap through after a failure, which the action reports itself", async () => {
    const action = vi.fn().mockRejectedValueOnce(new Error("refused")).mockResolvedValueOnce(undefined);
    render(<MoneyButton action={action} />);
    const button = screen.getByRole("button", { name: "Claim Reward" }) as HTMLButtonElement;
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(2);
  });
});

describe("one toast per message", () => {
  it("shows an error said three times once, and two successes as two", async () => {
    render(<Toaster />);
    for (let tap = 0; tap < 3; tap++) toast.error("Minimum withdrawal to M-Pesa is KES 10");
    toast.success("Reward claimed: KES 5.00");
    toast.success("Reward claimed: KES 5.00");
    await vi.waitFor(() => expect(screen.getAllByText("Reward claimed: KES 5.00")).toHaveLength(2));
    expect(screen.getAllByText("Minimum withdrawal to M-Pesa is KES 10")).toHaveLength(1);
  });
});

/** What the header does with the balance it shows, alone. */
function Header({ balance }: { balance: number }) {
  useBalanceToastsFollow(balance);
  return null;
}

describe("a toast that states a balance", () => {
  it("goes when the header's balance moves on; one stating the same balance stays", async () => {
    const { rerender } = render(
      <>
        <Toaster />
        <Header balance={2000} />
      </>,
    );
    statesBalance("deposit-one", 2000);
    toast.success("Deposit successful! New balance: KES 2,000.00", { toastId: "deposit-one" });
    await screen.findByText("Deposit successful! New balance: KES 2,000.00");
    rerender(
      <>
        <Toaster />
        <Header balance={2000} />
      </>,
    );
    expect(document.getElementById("deposit-one")?.dataset.in).toBe("true");

    rerender(
      <>
        <Toaster />
        <Header balance={3500} />
      </>,
    );
    // Dismissed: on its way out (this DOM runs no exit animation to its end, which would remove it).
    await vi.waitFor(() => expect(document.getElementById("deposit-one")?.dataset.in).toBe("false"));
  });
});
