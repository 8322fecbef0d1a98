/**
 * What the reconciliation of Paybill payments reads (design.md §12.3): which pulled receipts were already taken, and
 * how many unmatched payments have waited too long for an admin.
 */
/** A Paybill credit as its completed ledger line shows it (design.md §13.3). */
export interface PaybillCreditLine {
  receipt: string;
  amountCents: number;
  userId: string;
  /** When it was written (the line's id is time-ordered). */
  createdAt: string;
}

export interface PaybillReconciliationRepository {
  /**
   * The completed deposit lines with this description (the Paybill's) written since `since`: a ULID key range of
   * each shard of the completed-deposits list, no scan.
   */
  creditsSince(since: Date, description: string): Promise<PaybillCreditLine[]>;
  /** Of these TransIDs, the ones whose receipt marker exists (credited, or kept as unmatched). */
  takenReceipts(transIds: readonly string[]): Promise<Set<string>>;
  /** Unmatched payments (status unmatched) received before `before` (ISO): an index query per shard, no scan. */
  countUnmatchedBefore(before: string): Promise<number>;
}
