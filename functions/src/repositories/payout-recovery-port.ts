/**
 * What the payouts record when M-Pesa pays a payout we had already refunded (design.md §12.1): the user then holds
 * the money twice, and an admin must recover it. Apart from the payout repository, as the one thing this concern writes.
 */
export interface PaidAfterRefund {
  /** What M-Pesa paid, in cents. */
  amountCents: number;
  receipt?: string;
  /** When we learned of it. */
  at: string;
}

export interface PayoutRecoveryRepository {
  /**
   * Notes on a refunded (rejected) payout that M-Pesa paid it after all. False when it was noted already (a repeated
   * result) or the withdrawal is not a refunded payout.
   */
  markPaidAfterRefund(withdrawalId: string, paid: PaidAfterRefund): Promise<boolean>;
}
