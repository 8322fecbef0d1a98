/**
 * What the reconciliation of Paybill payments reads (design.md §12.3): which pulled receipts were already taken, and
 * how many unmatched payments have waited too long for an admin.
 */
export interface PaybillReconciliationRepository {
  /** Of these TransIDs, the ones whose receipt marker exists (credited, or kept as unmatched). */
  takenReceipts(transIds: readonly string[]): Promise<Set<string>>;
  /** Unmatched payments (status unmatched) received before `before` (ISO): an index query per shard, no scan. */
  countUnmatchedBefore(before: string): Promise<number>;
}
