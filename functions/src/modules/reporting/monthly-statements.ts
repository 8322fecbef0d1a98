/**
 * The monthly statement email (issue 23): on the 1st and 2nd of each month, every account whose real money moved in
 * the month before gets that month's statement as a PDF, exactly once. Each account is claimed with a lease on a
 * marker of its own before anything is sent, then marked sent (or skipped, when the user turned the email off or the
 * account is deactivated), so a second run sends nothing again, two runs at once share the accounts, and a run after
 * a failed send sends only what is left. The statement is the one GET /statements gives for the month: the same service, the same PDF.
 */
import { nairobiDay, wantsNotification } from "@jengafund/shared";
import type { Mailer } from "../../adapters/mail/mailer.js";
import type { Clock } from "../../kernel/clock.js";
import { InvalidInputError } from "../../kernel/errors.js";
import type { Log } from "../../kernel/log.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import { monthlyStatementEmail } from "../messaging/index.js";
import type { MonthlyStatementsStore } from "./monthly-statements-port.js";
import { nairobiMidnight, type StatementService } from "./statements.js";

const DAY_MS = 86_400_000;

/**
 * How long a claim holds an account: longer than one function's run (15 minutes), so a running send is never taken
 * over; a run that died while sending leaves it to the next hourly run.
 */
export const STATEMENT_LEASE_MS = 20 * 60_000;

/**
 * Lines written this long before the month count when they settled in it (a deposit credited, a withdrawal refunded
 * on the 1st): the account's statement has that row. An account whose only movement of the month is the settlement
 * of a line written earlier than this is not found (docs/data-model.md).
 */
export const SETTLEMENT_LOOKBACK_MS = 7 * DAY_MS;

/** Accounts sent at once: a statement read, a PDF and a mail each. */
const DEFAULT_CONCURRENCY = 4;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first day of the month after `month` (`YYYY-MM`), as `YYYY-MM-01`. */
function nextMonthFirst(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return index === 12 ? `${year + 1}-01-01` : `${year}-${String(index + 1).padStart(2, "0")}-01`;
}

/** The Nairobi month before the one `now` is in, `YYYY-MM`. */
export function previousNairobiMonth(now: Date): string {
  const firstOfThisMonth = `${nairobiDay(now).slice(0, 8)}01`;
  return nairobiDay(new Date(nairobiMidnight(firstOfThisMonth).getTime() - 1)).slice(0, 7);
}

/**
 * A month asked for (`YYYY-MM`), checked: a real month that has ended in Nairobi (a statement of a month still
 * running would be sent before its last day). Its first and last days, and its instants `[start, end)`.
 */
export function statementMonth(month: string, now: Date) {
  if (!MONTH.test(month))
    throw new InvalidInputError(`The month must be written YYYY-MM (e.g. 2026-10), not "${month}"`);
  const fromDay = `${month}-01`;
  const end = nairobiMidnight(nextMonthFirst(month));
  if (end.getTime() > now.getTime()) {
    throw new InvalidInputError(`${month} has not ended yet in Nairobi: its statements go out on the 1st after it`);
  }
  const toDay = nairobiDay(new Date(end.getTime() - 1));
  return { month, fromDay, toDay, start: nairobiMidnight(fromDay), end };
}

export interface MonthlyStatementsDeps {
  store: MonthlyStatementsStore;
  statements: Pick<StatementService, "statement">;
  mailer: () => Mailer;
  clock: Clock;
  /** A claim's token: unique per account and run. */
  newToken: () => string;
  metrics: MetricsPort;
  log: Log;
  /** The web app's origin, for the email's link to Account. */
  webOrigin: string;
  concurrency?: number;
}

/** One account's result in a run. */
export interface StatementOutcome {
  userId: string;
  email?: string;
  outcome: "sent" | "skipped" | "failed";
  reason?: string;
}

export interface MonthlyStatementsRun {
  month: string;
  /** Accounts with real-money activity in the month (0 when an earlier run had finished the month). */
  accounts: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Sent or skipped by an earlier run. */
  alreadyDone: number;
  /** Accounts still without their email when this run stopped: failed, held by another run, or not reached. */
  pending: number;
  stoppedEarly: boolean;
  /** An earlier run had sent or skipped every account of the month: nothing was read. */
  monthWasDone: boolean;
  outcomes: StatementOutcome[];
}

export function createMonthlyStatements(deps: MonthlyStatementsDeps) {
  const { store, statements, clock, metrics, log } = deps;

  /** The account's email, claimed: sent, skipped, or failed (and released for the next run). */
  async function sendOne(
    userId: string,
    month: ReturnType<typeof statementMonth>,
    token: string,
  ): Promise<StatementOutcome> {
    const claim = { userId, month: month.month, token };
    try {
      const recipient = await store.recipient(userId);
      // A deactivated account is closed to its holder: no statement email goes to it.
      const skip = !recipient
        ? "no such user"
        : !recipient.isActive
          ? "deactivated"
          : !wantsNotification(recipient.notifications, "email", "monthlyStatement")
            ? "turned off"
            : undefined;
      if (skip || !recipient) {
        await store.finish(claim, "skipped", clock.now());
        return { userId, outcome: "skipped", reason: skip };
      }
      const file = await statements.statement({ userId, from: month.fromDay, to: month.toDay, format: "pdf" });
      if (file.format !== "pdf") throw new Error("the statement service answered no PDF");
      await deps.mailer().send(
        monthlyStatementEmail({
          to: recipient.email,
          firstName: recipient.firstName,
          month: month.month,
          fromDay: file.fromDay,
          toDay: file.toDay,
          openingCents: file.wallet.openingCents,
          closingCents: file.wallet.closingCents,
          pdf: file.bytes,
          webOrigin: deps.webOrigin,
        }),
      );
      if (!(await store.finish(claim, "sent", clock.now()))) {
        // The lease ran out while this run sent, and another run took the account: it may send a second copy.
        log("warn", "A monthly statement's claim was lost while it was sent", { userId, month: month.month });
      }
      return { userId, email: recipient.email, outcome: "sent" };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await store.release(claim, clock.now(), reason).catch((releaseError: unknown) => {
        // Unreleased, the claim's lease lets the account go after it ends.
        log("error", "A failed monthly statement's claim could not be released", { userId, error: releaseError });
      });
      log("error", "A monthly statement could not be sent; the next run tries again", {
        userId,
        month: month.month,
        error,
      });
      return { userId, outcome: "failed", reason };
    }
  }

  return {
    /**
     * Sends the month's statements (`YYYY-MM`; the previous Nairobi month when absent) to every account not yet
     * served, until `timeLeftMs` says no more may start. Metrics per run: StatementsSent, StatementsFailed and the
     * gauge StatementsPending.
     */
    async run(options: { month?: string; timeLeftMs?: () => number } = {}): Promise<MonthlyStatementsRun> {
      const now = clock.now();
      const month = statementMonth(options.month ?? previousNairobiMonth(now), now);
      const timeLeft = options.timeLeftMs ?? (() => Number.POSITIVE_INFINITY);
      const result: MonthlyStatementsRun = {
        month: month.month,
        accounts: 0,
        sent: 0,
        skipped: 0,
        failed: 0,
        alreadyDone: 0,
        pending: 0,
        stoppedEarly: false,
        monthWasDone: false,
        outcomes: [],
      };
      const publish = () => {
        metrics.record("StatementsSent", result.sent);
        metrics.record("StatementsFailed", result.failed);
        metrics.record("StatementsPending", result.pending);
        return result;
      };

      if (await store.isMonthDone(month.month)) {
        result.monthWasDone = true;
        return publish();
      }
      const accounts = await store.accountsWithActivity({
        lookbackStart: new Date(month.start.getTime() - SETTLEMENT_LOOKBACK_MS),
        start: month.start,
        end: month.end,
      });
      result.accounts = accounts.length;

      let next = 0;
      const worker = async () => {
        while (next < accounts.length) {
          if (timeLeft() <= 0) {
            result.stoppedEarly = true;
            return;
          }
          const userId = accounts[next++] as string;
          const token = deps.newToken();
          const at = clock.now();
          const claim = await store
            .claim({
              userId,
              month: month.month,
              token,
              now: at,
              leaseUntil: new Date(at.getTime() + STATEMENT_LEASE_MS),
            })
            .catch((error: unknown) => {
              log("error", "A monthly statement could not be claimed; the next run tries again", { userId, error });
              return "unclaimed" as const;
            });
          if (claim === "unclaimed") {
            result.outcomes.push({ userId, outcome: "failed", reason: "not claimed" });
            result.failed++;
            result.pending++;
          } else if (claim === "done") result.alreadyDone++;
          else if (claim === "busy") result.pending++;
          else {
            const outcome = await sendOne(userId, month, token);
            result.outcomes.push(outcome);
            if (outcome.outcome === "sent") result.sent++;
            else if (outcome.outcome === "skipped") result.skipped++;
            else {
              result.failed++;
              result.pending++;
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? DEFAULT_CONCURRENCY) }, worker));
      result.pending += accounts.length - next;

      if (result.pending === 0) await store.markMonthDone(month.month, { at: clock.now(), accounts: accounts.length });
      return publish();
    },
  };
}

export type MonthlyStatements = ReturnType<typeof createMonthlyStatements>;
