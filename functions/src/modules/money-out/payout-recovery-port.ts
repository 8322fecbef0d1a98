import type { PaidAfterRefund } from "../../kernel/records.js";

export interface PayoutRecoveryRepository {
  /**
   * Notes on a refunded (rejected) payout that M-Pesa paid it after all. False when it was noted already (a repeated
   * result) or the withdrawal is not a refunded payout.
   */
  markPaidAfterRefund(withdrawalId: string, paid: PaidAfterRefund): Promise<boolean>;
}
