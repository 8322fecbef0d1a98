import type { UnmatchedPayment } from "@jengafund/shared";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { apiRequest } from "../src/lib/api-client";
import { aUser } from "./fixtures";

/**
 * The hooks of a console test file: the admin console's route chunks (and `extra` ones) load once, before the first
 * test, rather than inside its time on a busy machine; each test starts signed in with a clean record of API calls.
 * The file must mock `../src/lib/api-client`'s `apiRequest` with `vi.fn()`.
 */
export function useAdminConsole(extra: Array<() => Promise<unknown>> = []) {
  beforeAll(async () => {
    await Promise.all([
      import("../src/app/routes/admin-layout"),
      import("../src/features/admin-unmatched/components/unmatched-panel"),
      ...extra.map((load) => load()),
    ]);
  }, 60_000);
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** The signed-in admin of the unmatched-payments tests. */
export const unmatchedAdmin = aUser({
  _id: "01JTESTADMIN00000000000001",
  role: "admin",
  firstName: "Platform",
  lastName: "Admin",
  email: "admin@jengafund.local",
  isTrialAccount: false,
});

/** KES 1,500 paid to the Paybill with an account number that named no one: still waiting for an admin. */
export function aPayment(overrides: Partial<UnmatchedPayment> = {}): UnmatchedPayment {
  return {
    _id: "RKT1AB2CD3",
    receipt: "RKT1AB2CD3",
    amount: 1500,
    accountNumber: "0712 34567",
    payerName: "JOHN KAMAU",
    paidAt: "2026-01-05T11:05:00.000Z",
    receivedAt: "2026-01-05T11:05:04.000Z",
    reason: "unknown-account",
    status: "unmatched",
    ...overrides,
  };
}

export function paymentsPage(payments: UnmatchedPayment[], totalPages = 1, total = payments.length) {
  return { payments, page: 1, totalPages, total };
}

/** Below the table breakpoint (64em), as on a 360 px phone. */
export function matchNoMedia(): MediaQueryList {
  return {
    matches: false,
    media: "",
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}
