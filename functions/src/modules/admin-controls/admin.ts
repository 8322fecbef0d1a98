import { ADMIN_MESSAGES, centsToKes, formatKes, type ProcessWithdrawalInput } from "@jengafund/shared";
import { type Clock, nairobiDay } from "../../kernel/clock.js";
import { NotFoundError, NotPendingError, RuleViolationError } from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import { MoveRefusedError, type PackageRecord, type UserRecord, type WithdrawalRecord } from "../../kernel/records.js";
import type { AdminCredit, BalanceAdjusterRepository } from "../four-eyes/index.js";
import {
  type Actor,
  approvalBarSince,
  createAuditor,
  type PayoutApproval,
  payoutApprovalFrom,
  refuseOwnWithdrawal,
  refusePayoutApproval,
  refuseUnprovenPayoutFailure,
} from "../four-eyes/index.js";
import type { PackageRepository } from "../investing/index.js";
import type { PayoutRepository } from "../money-out/index.js";
import { PACKAGE_MESSAGES, packageDetails } from "../package-terms/index.js";
import { AdminAccountError, type AdminQueries, type AdminRepository } from "./port.js";

export interface AdminServiceDeps {
  admin: AdminRepository;
  queries: AdminQueries;
  packages: PackageRepository;
  clock: Clock;
  newId: IdGenerator;
  /** Starts the M-Pesa payout of an approved withdrawal (absent until payouts are configured). */
  startPayout?: (withdrawal: WithdrawalRecord) => Promise<WithdrawalRecord>;
  /** Refunds an approved payout that M-Pesa did not pay (the payout settlement's own failure path). */
  payouts?: Pick<PayoutRepository, "fail">;
  metrics?: MetricsPort;
  /** What admins recently credited by hand: it bounds whose payout they may approve (four-eyes.ts). */
  balanceAdjusters: BalanceAdjusterRepository;
}

export const ADMIN_SERVICE_MESSAGES = {
  packageNotFound: PACKAGE_MESSAGES.packageNotFound,
  withdrawalNotFound: "Withdrawal not found",
  withdrawalNotPending: "This withdrawal has already been processed",
  payoutNotAwaiting: "Only an approved payout still waiting for M-Pesa can be marked as failed",
} as const;

export type { Actor } from "../four-eyes/index.js";

/** An admin transaction list's filters, as a search or an export takes them. */
type TransactionFilters = Omit<Parameters<AdminQueries["listLedger"]>[0], "page" | "limit" | "cursor">;

/** The filters actually given, as text (the audit entry's query). */
const filtersOf = ({ search, type, status }: TransactionFilters): Record<string, string> => ({
  ...(search ? { search } : {}),
  ...(type ? { type } : {}),
  ...(status ? { status } : {}),
});

const withdrawalLabel = (w: WithdrawalRecord) =>
  `${formatKes(centsToKes(w.amountCents))} to ${w.phoneNumber} (${w.user?.email ?? w.userId})`;

export function createAdminService({
  admin,
  queries,
  packages,
  clock,
  newId,
  startPayout,
  payouts,
  metrics,
  balanceAdjusters,
}: AdminServiceDeps) {
  const audit = createAuditor({ newId, clock });

  /**
   * An admin's read of people's data (a search, an export) in the audit trail: who, from where, which list (its target
   * id `USERS` or `TRANSACTIONS`, which the trail's search finds, like an account's id), what was asked (also in the
   * label) and how many rows it gave.
   */
  async function recordRead(
    actor: Actor,
    action: "users.search" | "transactions.search" | "transactions.export",
    list: "users" | "transactions",
    query: Record<string, string>,
    rows: number,
  ) {
    const asked = Object.entries(query).map(([name, value]) => (name === "search" ? `"${value}"` : `${name} ${value}`));
    const label = `${list === "users" ? "Users" : "Transactions"}${asked.length ? `: ${asked.join(", ")}` : ""}`;
    await admin.recordRead(audit(actor, action, { type: "list", id: list.toUpperCase(), label }, { query, rows }));
  }
  // The owner hears of a rejection or a payout marked failed by the outbox event the refund writes (notifications/).

  /**
   * The admin's word that M-Pesa did not pay (Transaction Status or the M-Pesa portal says so): the hold goes back to
   * the wallet with the reason, exactly as when a B2C result reports a failure. A payout that settles meanwhile wins.
   */
  async function failPayout(withdrawal: WithdrawalRecord, reason: string, actor: Actor): Promise<WithdrawalRecord> {
    if (withdrawal.status !== "approved" || !payouts)
      throw new NotPendingError(ADMIN_SERVICE_MESSAGES.payoutNotAwaiting);
    // From its last send to M-Pesa: reconciliation sends again a payout M-Pesa has no record of.
    const sentAt = [withdrawal.processedAt, withdrawal.payoutStartedAt]
      .filter((at) => at !== undefined)
      .sort()
      .at(-1);
    refuseUnprovenPayoutFailure(sentAt, clock.now());
    const at = clock.now().toISOString();
    try {
      await payouts.fail(
        withdrawal,
        reason,
        at,
        audit(
          actor,
          "withdrawal.fail",
          { type: "withdrawal", id: withdrawal.id, label: withdrawalLabel(withdrawal) },
          { before: { status: "approved" }, after: { status: "rejected" }, reason },
        ),
      );
      metrics?.count("PayoutsRefunded");
    } catch (error) {
      if (error instanceof MoveRefusedError) throw new NotPendingError(ADMIN_SERVICE_MESSAGES.payoutNotAwaiting);
      throw error;
    }
    return { ...withdrawal, status: "rejected", reason, processedAt: withdrawal.processedAt ?? at };
  }

  return {
    stats: () => queries.stats(nairobiDay(clock.now())),
    listAudit: (request: Parameters<AdminQueries["listAudit"]>[0]) => queries.listAudit(request),
    /** A page of users; a search is recorded in the audit trail before the page is answered. */
    async listUsers(request: Parameters<AdminQueries["listUsers"]>[0], actor: Actor) {
      const page = await queries.listUsers(request);
      if (request.search) await recordRead(actor, "users.search", "users", { search: request.search }, page.total);
      return page;
    },
    /** A page of transactions; a search is recorded in the audit trail before the page is answered. */
    async listTransactions(request: Parameters<AdminQueries["listLedger"]>[0], actor: Actor) {
      const page = await queries.listLedger(request);
      if (request.search)
        await recordRead(actor, "transactions.search", "transactions", filtersOf(request), page.total);
      return page;
    },
    listWithdrawals: (request: Parameters<AdminQueries["listWithdrawals"]>[0]) => queries.listWithdrawals(request),

    /**
     * Whether `adminId` may approve each pending withdrawal of a page, and why not, by withdrawal id (design.md
     * §13.6): what the Process dialog says before the click. The accounts' admin credits and wallets come from the
     * page's own read of them (`accounts`, by user id: money-out's signalsOf), so each account is read once for the
     * page; only the hands on the terms of the packages they bought are read here, each account's once, meanwhile.
     * An account that read did not find is weighed on its own. The decision itself weighs the account again.
     */
    async payoutApprovals(
      adminId: string,
      withdrawals: readonly WithdrawalRecord[],
      accounts: Promise<AccountsRead>,
    ): Promise<Map<string, PayoutApproval>> {
      const now = clock.now();
      // Awaited below only for pending requests; a failed read is the caller's to report, never unhandled here.
      accounts.catch(() => undefined);
      const pending = withdrawals.filter((withdrawal) => withdrawal.status === "pending");
      const byAccount = new Map<string, Promise<PayoutApproval>>();
      const approvalOf = (userId: string) => {
        const known = byAccount.get(userId);
        if (known) return known;
        const weighed = (async (): Promise<PayoutApproval> => {
          if (userId === adminId) return payoutApprovalFrom(adminId, { userId }, NOTHING_READ);
          const since = approvalBarSince(now);
          const [read, packageHands] = await Promise.all([accounts, balanceAdjusters.packageHandsSince(userId, since)]);
          const account = read.get(userId);
          const [credits, walletBalanceCents] = account
            ? [account.adminCredits, account.walletBalanceCents]
            : await Promise.all([
                balanceAdjusters.adminCreditsSince(userId, since),
                balanceAdjusters.walletBalanceCents(userId),
              ]);
          return payoutApprovalFrom(adminId, { userId }, { credits, walletBalanceCents, packageHands });
        })();
        byAccount.set(userId, weighed);
        return weighed;
      };
      return new Map(
        await Promise.all(
          pending.map(async (withdrawal) => [withdrawal.id, await approvalOf(withdrawal.userId)] as const),
        ),
      );
    },

    /**
     * Every transaction matching the filters, newest first, up to `max` lines: the export, recorded in the audit trail
     * (with its filters and its row count) before it is answered.
     */
    async exportTransactions(filters: TransactionFilters, max: number, actor: Actor) {
      const lines: Awaited<ReturnType<AdminQueries["listLedger"]>>["items"] = [];
      let cursor: string | undefined;
      for (let page = 1; lines.length < max; page++) {
        const result = await queries.listLedger({ ...filters, page, limit: 100, ...(cursor ? { cursor } : {}) });
        lines.push(...result.items.slice(0, max - lines.length));
        // Search results are paged in memory and carry no cursor: stop when a page comes back short.
        if (result.nextCursor) cursor = result.nextCursor;
        else if (!(filters.search && result.items.length === 100)) break;
      }
      await recordRead(actor, "transactions.export", "transactions", filtersOf(filters), lines.length);
      return lines;
    },

    /** Investments already bought keep their snapshot of the package (name, company, image, rate, maturity). */
    async deletePackage(pkg: PackageRecord | null | undefined, actor: Actor): Promise<void> {
      if (!pkg) throw new NotFoundError(ADMIN_SERVICE_MESSAGES.packageNotFound);
      const entry = audit(
        actor,
        "package.delete",
        { type: "package", id: pkg.id, label: pkg.name },
        {
          before: packageDetails(pkg),
        },
      );
      if (!(await packages.remove(pkg.id, entry))) throw new NotFoundError(ADMIN_SERVICE_MESSAGES.packageNotFound);
    },

    /**
     * Only a pending withdrawal can be approved or rejected; only an approved one (its payout started, no result yet)
     * can be marked failed. Rejecting refunds the hold at once; approving records the
     * decision and starts the M-Pesa payout, whose result completes it (or refunds it when the payout fails).
     */
    async processWithdrawal(input: {
      withdrawal: WithdrawalRecord | null | undefined;
      admin: UserRecord;
      decision: ProcessWithdrawalInput;
      requestId: string;
      ip: string;
    }): Promise<WithdrawalRecord> {
      const { withdrawal, decision } = input;
      const actor = { user: input.admin, ip: input.ip };
      if (!withdrawal) throw new NotFoundError(ADMIN_SERVICE_MESSAGES.withdrawalNotFound);
      refuseOwnWithdrawal(input.admin.id, withdrawal.userId);
      if (decision.status === "failed") return failPayout(withdrawal, decision.reason ?? "", actor);
      if (withdrawal.status !== "pending") throw new NotPendingError(ADMIN_SERVICE_MESSAGES.withdrawalNotPending);
      if (decision.status === "approved") {
        await refusePayoutApproval(balanceAdjusters, input.admin.id, withdrawal, clock.now());
      }
      const processedBy = { id: input.admin.id, firstName: input.admin.firstName, lastName: input.admin.lastName };
      const at = clock.now().toISOString();
      let decided: WithdrawalRecord;
      try {
        decided = await admin.decideWithdrawal(
          withdrawal,
          decision.status === "rejected"
            ? { status: "rejected", processedBy, reason: decision.reason ?? "", at, requestId: input.requestId }
            : {
                status: "approved",
                processedBy,
                ...(decision.reason ? { reason: decision.reason } : {}),
                at,
                requestId: input.requestId,
              },
          audit(
            actor,
            decision.status === "rejected" ? "withdrawal.reject" : "withdrawal.approve",
            { type: "withdrawal", id: withdrawal.id, label: withdrawalLabel(withdrawal) },
            {
              before: { status: "pending" },
              after: { status: decision.status },
              ...(decision.reason ? { reason: decision.reason } : {}),
            },
          ),
        );
      } catch (error) {
        if (error instanceof MoveRefusedError) throw new NotPendingError(ADMIN_SERVICE_MESSAGES.withdrawalNotPending);
        throw error;
      }
      return decided.status === "approved" && startPayout ? startPayout(decided) : decided;
    },

    async setActive(input: {
      subject: UserRecord | null | undefined;
      isActive: boolean;
      actor: Actor;
    }): Promise<UserRecord> {
      const { subject, isActive } = input;
      if (!subject) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
      if (subject.role === "admin") throw new RuleViolationError(ADMIN_MESSAGES.adminNotToggleable);
      try {
        return await admin.setActive(
          subject,
          isActive,
          audit(
            input.actor,
            "user.status",
            { type: "user", id: subject.id, label: subject.email },
            { before: { isActive: subject.isActive }, after: { isActive } },
          ),
        );
      } catch (error) {
        if (error instanceof AdminAccountError) throw new RuleViolationError(ADMIN_MESSAGES.adminNotToggleable);
        throw error;
      }
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

/** What a page's read of its accounts gives the payout approval rule, by user id (money-out's signalsOf). */
type AccountsRead = ReadonlyMap<string, { adminCredits: readonly AdminCredit[]; walletBalanceCents: number }>;

/** The facts of an account not read: its owner's own request needs none. */
const NOTHING_READ = { credits: [], walletBalanceCents: 0, packageHands: [] } as const;
