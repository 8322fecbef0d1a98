/**
 * The caller's deposits still awaiting M-Pesa (design.md §12.7): the web app asks on every page load, so the header's
 * "Awaiting M-Pesa" indicator and the result toast survive a reload.
 */
import type { Clock } from "../../kernel/clock.js";
import type { UserRecord } from "../../kernel/records.js";
import type { PendingDepositRepository } from "./pending-deposits-port.js";

/**
 * How far back a pending deposit is looked for: as far as reconciliation asks M-Pesa about one (a day). Reconciliation
 * settles a lost callback within minutes; a deposit still pending after a day is an operator's (StaleDeposits alarm),
 * not something a page can wait for.
 */
export const PENDING_DEPOSIT_LOOKBACK_MS = 24 * 3_600_000;

export function createPendingDepositList({ pending, clock }: { pending: PendingDepositRepository; clock: Clock }) {
  return {
    /** The user's own pending deposits, newest first. */
    listOwn: (user: UserRecord) =>
      pending.listOwnPending(user.id, new Date(clock.now().getTime() - PENDING_DEPOSIT_LOOKBACK_MS)),
  };
}
