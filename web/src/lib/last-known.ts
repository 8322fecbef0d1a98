import type { Query } from "@tanstack/react-query";
import type { PersistedClient, Persister, PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import { forgetKeptScreen } from "./kept-screen";
import { tokenStorage } from "./token-storage";

/**
 * What the signed-in user last saw (their profile and balances, the packages, their investments and referral totals),
 * kept on this device so the next visit paints it at once, even with no network, until the fresh answers land
 * (issue 24, design.md §12.7). One slot per device, tagged with the user it belongs to: it is shown only to the same
 * signed-in user, written only while a session exists, and cleared on logout, on another user's sign-in and on a
 * 401. No token is ever in it (the `me` answer carries none), nor any action still to run. Without IndexedDB
 * (private modes of some browsers, the unit tests' DOM) everything here does nothing.
 */

/** The reads kept, by the first part of their query key (lib/query-keys.ts). Nothing else is ever stored. */
export const LAST_KNOWN_KEYS: readonly string[] = ["me", "packages", "investments", "referrals"];

/** Kept data older than this is dropped instead of shown. */
export const LAST_KNOWN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Bump when a kept answer's shape changes (the `me`, packages, investments or referrals responses of the shared API
 * contract): data kept under another value is dropped instead of restored into screens that expect the new shape.
 * "2": `me` carries the account's identity verification (`kyc`).
 */
export const LAST_KNOWN_VERSION = "2";

/** A burst of answers is written once, this long after the first of them. */
const WRITE_DELAY_MS = 500;

const SLOT_KEY = "slot";

interface Slot {
  userId: string;
  client: PersistedClient;
}

let store: UseStore | undefined;
let started: Promise<Slot | undefined> | undefined;
let pending: PersistedClient | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function available(): boolean {
  return typeof indexedDB !== "undefined";
}

function lastKnownStore(): UseStore {
  store ??= createStore("jengafund", "last-known");
  return store;
}

/** Starts reading the slot now (main.tsx, beside the first reads), so the provider's restore finds it read already. */
export function startRestore(): void {
  started ??= readSlot();
}

async function readSlot(): Promise<Slot | undefined> {
  if (!available()) return undefined;
  try {
    return await get<Slot>(SLOT_KEY, lastKnownStore());
  } catch {
    return undefined;
  }
}

/** Forgets what was kept, the kept screen with it (lib/kept-screen.ts), and any write still waiting (logout, another user, a 401). */
export async function clearLastKnown(): Promise<void> {
  forgetKeptScreen();
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  pending = undefined;
  started = undefined;
  if (!available()) return;
  try {
    await del(SLOT_KEY, lastKnownStore());
  } catch {
    // Nothing to forget, or no storage: the restore's check of the user still keeps the data from anyone else.
  }
}

/** Writes the waiting state now: when the page is hidden or left, so the last answers are not lost to the delay. */
function flush(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const client = pending;
  pending = undefined;
  if (!client) return;
  // Checked at the moment of writing: a write that was waiting when the session ended writes nothing.
  const userId = tokenStorage.userId();
  if (userId === null || !belongsTo(client, userId)) return;
  const slot: Slot = { userId, client };
  set(SLOT_KEY, slot, lastKnownStore()).catch(() => undefined);
}

/** The kept state must hold the signed-in user's own `me`: never one user's answers under another's name. */
function belongsTo(client: PersistedClient, userId: string): boolean {
  const me = client.clientState.queries.find((query) => query.queryKey[0] === "me");
  const data = me?.state.data as { _id?: unknown } | undefined;
  return data?._id === userId;
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
}

/** The TanStack persister over the one slot. */
export const lastKnownPersister: Persister = {
  persistClient: (client) => {
    if (!available()) return;
    pending = client;
    timer ??= setTimeout(flush, WRITE_DELAY_MS);
  },
  restoreClient: async () => {
    // No session: nothing may be shown, and the page does not wait for the storage to say so.
    if (tokenStorage.userId() === null) {
      void clearLastKnown();
      return undefined;
    }
    const read = started ?? readSlot();
    started = undefined;
    const slot = await read;
    if (!slot) return undefined;
    const userId = tokenStorage.userId();
    if (userId === null || slot.userId !== userId) {
      await clearLastKnown();
      return undefined;
    }
    return slot.client;
  },
  removeClient: () => clearLastKnown(),
};

/** Only successful answers of the kept reads; never an action (a paused one would be sent again on restore). */
export function isLastKnownQuery(query: Query): boolean {
  return (
    query.state.status === "success" &&
    query.state.data !== undefined &&
    LAST_KNOWN_KEYS.includes(String(query.queryKey[0]))
  );
}

/** The provider's options (app/provider.tsx). */
export const lastKnownOptions: Omit<PersistQueryClientOptions, "queryClient"> = {
  persister: lastKnownPersister,
  maxAge: LAST_KNOWN_MAX_AGE_MS,
  buster: LAST_KNOWN_VERSION,
  dehydrateOptions: {
    shouldDehydrateQuery: isLastKnownQuery,
    shouldDehydrateMutation: () => false,
  },
};

/** Whether an answer received at `at` predates this page load: kept on the device, not read by this page. */
export function isRestored(at: number): boolean {
  return at > 0 && at < performance.timeOrigin;
}
