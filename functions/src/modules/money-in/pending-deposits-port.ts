/**
 * A user's own deposits still awaiting M-Pesa (design.md §12.7), so that a reloaded page can watch them again. Apart
 * from DepositRepository: this read serves one screen and needs neither Daraja nor the settlement's writes.
 */
import type { DepositRecord } from "../../kernel/records.js";

export interface PendingDepositRepository {
  /**
   * The user's deposits started at or after `since` that are still pending, newest first. The read is bounded by the
   * user's ledger lines since then, never by the whole history.
   */
  listOwnPending(userId: string, since: Date): Promise<DepositRecord[]>;
}
