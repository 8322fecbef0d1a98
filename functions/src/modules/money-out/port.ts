import type { AuditRecord, WithdrawalRecord } from "../../kernel/records.js";

export interface PayoutRepository {
  getWithdrawal(withdrawalId: string): Promise<WithdrawalRecord | null>;
  /** Remembers Daraja's ConversationID of the payout. */
  recordConversation(withdrawalId: string, conversationId: string, at: string): Promise<void>;
  /** Remembers Daraja's ConversationID of the latest status query about the payout. */
  recordStatusQuery(withdrawalId: string, conversationId: string, at: string): Promise<void>;
  /** approved → completed, the hold's ledger line completed with the receipt. Refusal: "not-approved". */
  complete(withdrawal: WithdrawalRecord, receipt: string | undefined, at: string): Promise<void>;
  /** approved → rejected with Daraja's reason, the hold refunded and its ledger line failed. Refusal: "not-approved". */
  fail(withdrawal: WithdrawalRecord, reason: string, at: string, audit?: AuditRecord): Promise<void>;
  /** Approved withdrawals decided (approved) before `before`, the earliest decided first, at most `limit`. */
  listApproved(before: string, limit: number): Promise<WithdrawalRecord[]>;
  /** How many approved withdrawals were decided before `before`. */
  countApproved(before: string): Promise<number>;
}
