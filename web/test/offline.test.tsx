import { act, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OFFLINE_MESSAGE } from "../src/components/layout/offline-banner";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { useOneAtATime } from "../src/lib/use-one-at-a-time";
import { syncOnlineManager } from "../src/lib/use-online";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { anInvestment, aPackage } from "./investor-fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

/** The whole app renders in each test; on a busy two-core machine that can outlast vitest's default 5 s. */
const SLOW_SCREEN_MS = 20_000;

const safaricom = aPackage();
const funded = aUser({ isTrialAccount: false, trialBalance: 0, walletBalance: 500 });

let online = true;

/** What the browser says and tells: navigator.onLine and its online/offline events (TanStack listens to them too). */
function setOnline(value: boolean) {
  act(() => {
    online = value;
    window.dispatchEvent(new Event(value ? "online" : "offline"));
  });
}

/** Hidden ones too: behind an open dialog the page is hidden from assistive technology. */
const button = (name: string | RegExp) => screen.getByRole("button", { name, hidden: true }) as HTMLButtonElement;

describe("offline (issue 24)", { timeout: SLOW_SCREEN_MS }, () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
    online = true;
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  });
  afterEach(() => {
    setOnline(true);
  });

  it("says so at the top of every signed-in page, and no longer once back online", async () => {
    mockApi({ "GET /auth/me": { user: funded }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    expect(await screen.findByText(safaricom.name, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();

    setOnline(false);
    const banner = screen.getByText(OFFLINE_MESSAGE).closest("[role=status]");
    expect(banner?.textContent).toBe(
      "You are offline — showing what you last saw; money actions are off until you're back online.",
    );
    setOnline(true);
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();
  });

  it("turns off Deposit and Invest Now while offline, and the buy dialog's Confirm Purchase", async () => {
    mockApi({ "GET /auth/me": { user: funded }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    const invest = (await screen.findByRole("button", {
      name: `Invest Now in ${safaricom.name}`,
    })) as HTMLButtonElement;
    expect(invest.disabled).toBe(false);
    expect(button("Deposit").disabled).toBe(false);
    fireEvent.click(invest);
    const dialog = await screen.findByRole("dialog", { name: "Confirm Investment" });
    const confirm = within(dialog).getByRole("button", { name: "Confirm Purchase" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);

    setOnline(false);
    expect(confirm.disabled).toBe(true);
    expect(button(`Invest Now in ${safaricom.name}`).disabled).toBe(true);
    expect(button("Deposit").disabled).toBe(true);
    // A submit that gets through anyway (a keyboard Enter) sends nothing.
    fireEvent.submit(confirm.closest("form") as HTMLFormElement);
    expect(callsTo("POST", "/investments/buy")).toEqual([]);

    setOnline(true);
    expect(confirm.disabled).toBe(false);
    expect(button("Deposit").disabled).toBe(false);
  });

  it("turns off Withdraw while offline", async () => {
    mockApi({ "GET /auth/me": { user: funded }, "GET /withdrawals/payout-numbers": { numbers: [] } });
    renderApp("/dashboard/account");
    const withdraw = (await screen.findByRole(
      "button",
      { name: "Withdraw" },
      { timeout: 15_000 },
    )) as HTMLButtonElement;
    expect(withdraw.disabled).toBe(false);
    setOnline(false);
    expect(withdraw.disabled).toBe(true);
  });

  it("turns off Claim Reward while offline", async () => {
    mockApi({ "GET /auth/me": { user: funded }, "GET /investments": { investments: [anInvestment()] } });
    renderApp("/dashboard/investments");
    const claim = (await screen.findByRole(
      "button",
      { name: "Claim Reward" },
      { timeout: 15_000 },
    )) as HTMLButtonElement;
    expect(claim.disabled).toBe(false);
    setOnline(false);
    expect(claim.disabled).toBe(true);
    fireEvent.click(claim);
    expect(vi.mocked(apiRequest).mock.calls.filter(([method]) => method === "POST")).toEqual([]);
  });

  it("refuses to start a money action while offline, and says it is offline", () => {
    const action = vi.fn(async () => undefined);
    const { result } = renderHook(() => useOneAtATime(action));
    setOnline(false);
    expect(result.current.offline).toBe(true);
    act(() => result.current.run());
    expect(action).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);

    setOnline(true);
    expect(result.current.offline).toBe(false);
    act(() => result.current.run());
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("keeps the session when the first read finds no network, offers Retry, and opens once it answers", async () => {
    let reachable = false;
    mockApi({
      "GET /auth/me": () => {
        if (!reachable) throw new ApiError(0);
        return { user: funded };
      },
      "GET /packages": { packages: [safaricom] },
    });
    renderApp("/dashboard/packages");
    const retry = await screen.findByRole("button", { name: "Retry" }, { timeout: 15_000 });
    expect(screen.getByText("We could not load your account")).toBeTruthy();
    expect(localStorage.getItem("token")).toBe("investor-token");
    expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages");

    reachable = true;
    fireEvent.click(retry);
    expect(await screen.findByText(safaricom.name)).toBeTruthy();
    expect(screen.getByText(`${funded.firstName} ${funded.lastName}`)).toBeTruthy();
  });

  it("keeps the session when the browser starts offline, with the banner, and reads it once back online", async () => {
    setOnline(false);
    // As main.tsx does at boot: TanStack starts from what the browser says, not from "online".
    syncOnlineManager();
    mockApi({ "GET /auth/me": { user: funded }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    expect(await screen.findByRole("button", { name: "Retry" }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeTruthy();
    expect(callsTo("GET", "/auth/me")).toEqual([]);
    expect(localStorage.getItem("token")).toBe("investor-token");

    setOnline(true);
    expect(await screen.findByText(safaricom.name)).toBeTruthy();
  });

  it("still ends the session when the first read gets an answer that refuses it", async () => {
    mockApi({
      "GET /auth/me": () => {
        throw new ApiError(500, "Internal server error");
      },
    });
    renderApp("/dashboard/packages");
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/login"), { timeout: 15_000 });
    expect(localStorage.getItem("token")).toBeNull();
  });
});
