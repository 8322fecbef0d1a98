import "fake-indexeddb/auto";
import { dehydrate, onlineManager, type QueryClient } from "@tanstack/react-query";
import { persistQueryClientSave } from "@tanstack/react-query-persist-client";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { createStore, get, set } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "../src/lib/api-client";
import {
  clearLastKnown,
  LAST_KNOWN_KEYS,
  LAST_KNOWN_MAX_AGE_MS,
  lastKnownOptions,
  lastKnownPersister,
} from "../src/lib/last-known";
import { createQueryClient } from "../src/lib/query-client";
import { queryKeys } from "../src/lib/query-keys";
import { tokenStorage } from "../src/lib/token-storage";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { aPackage } from "./investor-fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

/** The whole app renders in each test; on a busy two-core machine that can outlast vitest's default 5 s. */
const SLOW_SCREEN_MS = 20_000;

const amina = aUser();
const brian = aUser({ _id: "01JTESTUSER0000000000000002", firstName: "Brian", lastName: "Otieno" });
const safaricom = aPackage();

/** A token shaped like the API's (header.payload.signature, base64url); only its `sub` is read here. */
function tokenFor(userId: string, session = "s1"): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub: userId, sid: session, role: "investor" })}.c2lnbmF0dXJl`;
}

const store = createStore("jengafund", "last-known");
const readSlot = () => get<{ userId: string; client: { clientState: ReturnType<typeof dehydrate> } }>("slot", store);

/** Never answers: what the screen shows can only come from the device. */
const held = () => new Promise<never>(() => {});

/** Signs Amina in, lets the app read her data and keep it; then the app is gone, as at the end of a visit. */
async function firstVisit() {
  localStorage.setItem("token", tokenFor(amina._id));
  mockApi({ "GET /auth/me": { user: amina }, "GET /packages": { packages: [safaricom] } });
  const view = renderApp("/dashboard/packages");
  expect(await screen.findByText(safaricom.name, {}, { timeout: 15_000 })).toBeTruthy();
  await waitFor(async () => {
    const slot = await readSlot();
    expect(slot?.client.clientState.queries.map((query) => query.queryKey[0]).sort()).toEqual(["me", "packages"]);
  });
  view.unmount();
}

/** Makes the kept answers older than this page load, as they are on a real second visit. */
async function ageSlot(hoursAgo: number) {
  const slot = await readSlot();
  if (!slot) throw new Error("nothing kept");
  const at = performance.timeOrigin - hoursAgo * 3_600_000;
  for (const query of slot.client.clientState.queries) query.state.dataUpdatedAt = at;
  await set("slot", slot, store);
  return at;
}

describe("last-known data on this device (issue 24)", { timeout: SLOW_SCREEN_MS }, () => {
  beforeEach(async () => {
    localStorage.clear();
    vi.mocked(apiRequest).mockReset();
    await clearLastKnown();
  });
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it("paints the same user's last-known name, balance and packages at once, marked Updated, before any answer", async () => {
    await firstVisit();
    await ageSlot(1);
    mockApi({ "GET /auth/me": held, "GET /packages": held });
    renderApp("/dashboard/packages");
    expect(await screen.findByText(safaricom.name)).toBeTruthy();
    expect(screen.getByText("Amina Wanjiru")).toBeTruthy();
    expect(screen.getByTestId("available-balance").textContent).toBe("KES 1,000.00");
    // The header balance, the panel's balance and the package list each say they are last-known. An hour ago is
    // yesterday in the first hour of the day, when the mark carries the date too.
    expect(screen.getAllByText(/^Updated ([A-Z][a-z]{2} \d\d, )?\d\d:\d\d$/)).toHaveLength(3);
    expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages");
  });

  it("drops the Updated mark when the fresh answer lands", async () => {
    await firstVisit();
    await ageSlot(1);
    let answerMe: (value: unknown) => void = () => {};
    vi.mocked(apiRequest).mockClear();
    mockApi({
      "GET /auth/me": () => new Promise((resolve) => (answerMe = resolve)),
      "GET /packages": held,
    });
    renderApp("/dashboard/packages");
    expect(await screen.findByText(safaricom.name)).toBeTruthy();
    expect(screen.getByText("Amina Wanjiru")).toBeTruthy();
    expect(screen.getAllByText(/^Updated /)).toHaveLength(3);
    // The fresh read has gone out (its code loads on first use), and is answered.
    await waitFor(() => expect(callsTo("GET", "/auth/me")).toHaveLength(1));
    answerMe({ user: { ...amina, trialBalance: 700 } });
    await waitFor(() => expect(screen.getByTestId("available-balance").textContent).toBe("KES 700.00"));
    // Only the packages, still not answered, keep their mark.
    expect(screen.getAllByText(/^Updated /)).toHaveLength(1);
  });

  it("never shows one user's data to another signed in on the same device, and forgets it", async () => {
    await firstVisit();
    localStorage.setItem("token", tokenFor(brian._id));
    mockApi({ "GET /auth/me": held, "GET /packages": held });
    renderApp("/dashboard/packages");
    expect(await screen.findByRole("status", { name: "Loading" })).toBeTruthy();
    await waitFor(async () => expect(await readSlot()).toBeUndefined());
    expect(screen.queryByText("Amina Wanjiru")).toBeNull();
    expect(screen.queryByText(safaricom.name)).toBeNull();
  });

  it("shows nothing kept, and forgets it, when there is no session", async () => {
    await firstVisit();
    localStorage.removeItem("token");
    mockApi({});
    renderApp("/dashboard/packages");
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/login"));
    await waitFor(async () => expect(await readSlot()).toBeUndefined());
    expect(screen.queryByText("Amina Wanjiru")).toBeNull();
  });

  it("forgets what was kept on logout", async () => {
    await firstVisit();
    mockApi({ "GET /auth/me": { user: amina }, "GET /packages": { packages: [safaricom] }, "POST /auth/logout": {} });
    renderApp("/dashboard/packages");
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/"));
    await waitFor(async () => expect(await readSlot()).toBeUndefined());
    // Nothing written after the session ended brings it back.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await readSlot()).toBeUndefined();
  });

  it("keeps no token: the slot holds the user's answers, never the session", async () => {
    const token = tokenFor(amina._id, "secret-session-id");
    localStorage.setItem("token", token);
    mockApi({ "GET /auth/me": { user: amina }, "GET /packages": { packages: [safaricom] } });
    renderApp("/dashboard/packages");
    await waitFor(async () => expect(await readSlot()).toBeDefined());
    const kept = JSON.stringify(await readSlot());
    expect(kept).toContain("Amina");
    expect(kept).not.toContain(token);
    expect(kept).not.toContain(token.split(".")[1]);
    expect(kept).not.toContain("secret-session-id");
  });

  it("writes nothing without a session, even a write that was waiting when the session ended", async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, amina);
    await persistQueryClientSave({ queryClient: client, ...lastKnownOptions });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await readSlot()).toBeUndefined();

    localStorage.setItem("token", tokenFor(amina._id));
    await persistQueryClientSave({ queryClient: client, ...lastKnownOptions });
    tokenStorage.clear();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await readSlot()).toBeUndefined();
  });

  it("writes nothing under a session whose user is not the one in the data", async () => {
    localStorage.setItem("token", tokenFor(brian._id));
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, amina);
    await persistQueryClientSave({ queryClient: client, ...lastKnownOptions });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await readSlot()).toBeUndefined();
  });

  it("keeps only the four reads, only answered, and never an action, even one paused offline", async () => {
    localStorage.setItem("token", tokenFor(amina._id));
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, amina);
    client.setQueryData(queryKeys.packages, [safaricom]);
    client.setQueryData(queryKeys.investments, []);
    client.setQueryData(queryKeys.referrals, []);
    client.setQueryData(queryKeys.history.transactions, { transactions: [] });
    client.setQueryData(queryKeys.pendingDeposits(amina._id), []);
    client.setQueryData(queryKeys.paybill.details, { paybill: "123" });
    client.setQueryData(queryKeys.admin.stats, { users: 1 });
    client.setQueryData(queryKeys.deposit("ws_CO_1"), { status: "pending" });
    // An action that would wait for the network under TanStack's default mode.
    onlineManager.setOnline(false);
    const paused = client.getMutationCache().build(client, {
      mutationKey: ["purchase"],
      networkMode: "online",
      mutationFn: async () => "bought",
    });
    void paused.execute(undefined).catch(() => undefined);
    await waitFor(() => expect(paused.state.isPaused).toBe(true));
    expect(dehydrate(client).mutations).toHaveLength(1);

    await persistQueryClientSave({ queryClient: client, ...lastKnownOptions });
    await waitFor(async () => expect(await readSlot()).toBeDefined());
    const slot = await readSlot();
    expect(slot?.userId).toBe(amina._id);
    expect(slot?.client.clientState.queries.map((query) => query.queryKey[0]).sort()).toEqual([
      "investments",
      "me",
      "packages",
      "referrals",
    ]);
    expect(slot?.client.clientState.mutations).toEqual([]);
  });

  it("restores only the signed-in user's slot, and deletes any other", async () => {
    localStorage.setItem("token", tokenFor(amina._id));
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, amina);
    await persistQueryClientSave({ queryClient: client, ...lastKnownOptions });
    await waitFor(async () => expect(await readSlot()).toBeDefined());
    expect((await lastKnownPersister.restoreClient())?.clientState.queries).toHaveLength(1);

    localStorage.setItem("token", tokenFor(brian._id));
    expect(await lastKnownPersister.restoreClient()).toBeUndefined();
    expect(await readSlot()).toBeUndefined();
  });

  it("keeps the kept reads in memory as long as they may be restored, and sends actions at once or not at all", () => {
    const client = createQueryClient();
    for (const key of LAST_KNOWN_KEYS) {
      expect(client.getQueryDefaults([key]).gcTime).toBeGreaterThanOrEqual(LAST_KNOWN_MAX_AGE_MS);
    }
    // The defaults that keep money fresh are still there beside it.
    expect(client.getQueryDefaults(queryKeys.me).refetchInterval).toBe(30_000);
    expect(lastKnownOptions.maxAge).toBe(LAST_KNOWN_MAX_AGE_MS);
    expect(client.getDefaultOptions().mutations?.networkMode).toBe("always");
  });

  it("runs an action offline at once, so that it fails now instead of being sent later", async () => {
    onlineManager.setOnline(false);
    const client: QueryClient = createQueryClient();
    const sent = vi.fn(async () => {
      throw new Error("Network error");
    });
    const mutation = client.getMutationCache().build(client, { mutationFn: sent });
    await expect(mutation.execute(undefined)).rejects.toThrow("Network error");
    expect(sent).toHaveBeenCalledTimes(1);
    expect(mutation.state.isPaused).toBe(false);
  });
});
