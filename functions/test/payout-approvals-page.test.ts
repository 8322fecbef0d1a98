/**
 * Whether an admin may approve each request of a page of withdrawals (design.md §13.6), from the page's own read of
 * its accounts: the same answers as the rule weighing each account on its own, with each account's admin credits and
 * wallet read once for the page (by the signals' read), and only the package hands read here, once per account.
 */
import { describe, expect, it } from "vitest";
import type { WithdrawalRecord } from "../src/kernel/records.js";
import { createAdminService } from "../src/modules/admin-controls/admin.js";
import {
  type AdminCredit,
  type BalanceAdjusterRepository,
  type PayoutApproval,
  payoutApprovalOf,
} from "../src/modules/four-eyes/index.js";
import { manualClock } from "./support/services.js";

const NOW = new Date("2026-11-20T09:00:00.000Z");
const ADMIN = "01ADMIN000000000000000000A";

/** What the store holds of each account. */
const store: Record<string, { credits: AdminCredit[]; walletBalanceCents: number; packageHands: string[] }> = {
  // Credited KES 500 by this admin, KES 400 left: another admin must approve.
  amina: { credits: [{ cents: 50_000, hands: [ADMIN] }], walletBalanceCents: 40_000, packageHands: [] },
  // Asked for and approved by two admins, exactly covered by what is left: this admin may approve.
  brian: {
    credits: [{ cents: 10_000, hands: ["01OTHERADMIN00000000000000", ADMIN] }],
    walletBalanceCents: 10_000,
    packageHands: [],
  },
  // A package whose terms this admin changed.
  chebet: { credits: [], walletBalanceCents: 90_000, packageHands: [ADMIN] },
  // Credited by another admin only.
  daudi: {
    credits: [{ cents: 70_000, hands: ["01OTHERADMIN00000000000000"] }],
    walletBalanceCents: 1_000,
    packageHands: [],
  },
};

/** The store behind the rule, counting what each account's reads were. */
function countingAdjusters() {
  const reads: string[] = [];
  const account = (userId: string) =>
    store[userId] ?? { credits: [], walletBalanceCents: 0, packageHands: [] as string[] };
  const adjusters: BalanceAdjusterRepository = {
    adminCreditsSince: async (userId) => {
      reads.push(`credits ${userId}`);
      return account(userId).credits;
    },
    walletBalanceCents: async (userId) => {
      reads.push(`wallet ${userId}`);
      return account(userId).walletBalanceCents;
    },
    packageHandsSince: async (userId) => {
      reads.push(`package hands ${userId}`);
      return account(userId).packageHands;
    },
  };
  return { adjusters, reads };
}

const withdrawal = (id: string, userId: string, status: WithdrawalRecord["status"] = "pending") =>
  ({ id, userId, status, amountCents: 10_000, phoneNumber: "254712345678" }) as WithdrawalRecord;

describe("the approval rule over a page of withdrawals", () => {
  it("answers as the rule does for each request, reading each account's credits and wallet once, for the page", async () => {
    const page = [
      withdrawal("w1", "amina"),
      withdrawal("w2", "amina"),
      withdrawal("w3", "brian"),
      withdrawal("w4", "chebet"),
      withdrawal("w5", "daudi"),
      withdrawal("w6", ADMIN),
      withdrawal("w7", "amina", "approved"),
      // An account the page's read did not find: weighed on its own.
      withdrawal("w8", "esther"),
    ];
    const { adjusters, reads } = countingAdjusters();
    const service = createAdminService({
      admin: {} as never,
      queries: {} as never,
      packages: {} as never,
      clock: manualClock(NOW),
      newId: () => "unused",
      balanceAdjusters: adjusters,
    });
    // The page's read of its accounts (money-out's signalsOf), once.
    const accounts = new Map(
      ["amina", "brian", "chebet", "daudi"].map((userId) => [
        userId,
        { adminCredits: store[userId]?.credits ?? [], walletBalanceCents: store[userId]?.walletBalanceCents ?? 0 },
      ]),
    );

    const approvals = await service.payoutApprovals(ADMIN, page, Promise.resolve(accounts));

    const alone = countingAdjusters();
    const expected = new Map<string, PayoutApproval>();
    for (const w of page.filter((w) => w.status === "pending")) {
      expected.set(w.id, await payoutApprovalOf(alone.adjusters, ADMIN, w, NOW));
    }
    expect(approvals).toEqual(expected);
    expect([...approvals].map(([id, approval]) => [id, approval.mayApprove])).toEqual([
      ["w1", false],
      ["w2", false],
      ["w3", true],
      ["w4", false],
      ["w5", true],
      ["w6", false],
      ["w8", true],
    ]);
    expect(reads.sort()).toEqual([
      "credits esther",
      "package hands amina",
      "package hands brian",
      "package hands chebet",
      "package hands daudi",
      "package hands esther",
      "wallet esther",
    ]);
  });

  it("reads nothing for a page with no pending request, and leaves a failed read of the accounts to the caller", async () => {
    const { adjusters, reads } = countingAdjusters();
    const service = createAdminService({
      admin: {} as never,
      queries: {} as never,
      packages: {} as never,
      clock: manualClock(NOW),
      newId: () => "unused",
      balanceAdjusters: adjusters,
    });
    const failed = Promise.reject(new Error("the accounts could not be read"));
    expect(await service.payoutApprovals(ADMIN, [withdrawal("w1", "amina", "completed")], failed)).toEqual(new Map());
    expect(reads).toEqual([]);
    await expect(failed).rejects.toThrow("the accounts could not be read");
  });
});
