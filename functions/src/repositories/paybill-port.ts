/**
 * The records and repository of Paybill (C2B) deposits (design.md §12.3), apart from ports.ts: a customer pays the
 * business number with an account number, Daraja confirms it, and the payment is credited once per TransID or kept
 * as unmatched for an admin.
 */
import type { UnmatchedPaymentReason } from "@jengafund/shared";
import type { LedgerLine, UserRecord } from "./ports.js";

/** What an account number names: a registered phone (as the stored MSISDN) or a referral code (upper case). */
export type PaybillAccountReference = { msisdn: string } | { referralCode: string };

/**
 * Why a confirmed payment was kept as unmatched instead of credited: its account number named no account, or an
 * inactive one, or it was confirmed for a business number that is not our Paybill.
 */
export type UnmatchedReason = UnmatchedPaymentReason;

/** A confirmed Paybill payment that named no (active) account: kept, never lost, for an admin to resolve. */
export interface UnmatchedPaymentRecord {
  /** M-Pesa's TransID: one record per payment. */
  transId: string;
  amountCents: number;
  /** The account number as the payer typed it. */
  billRefNumber: string;
  /** The payer's number as Daraja gave it (hashed or masked): for reading, never a key. */
  msisdn: string;
  /** `YYYYMMDDHHmmss` as Daraja gave it. */
  transTime: string;
  businessShortCode: string;
  transactionType: string;
  payerName: string;
  status: "unmatched";
  reason: UnmatchedReason;
  /** The user the account number named, when it named an inactive one. */
  userId?: string;
  receivedAt: string;
}

/** A confirmed payment credited to an account. */
export interface PaybillCredit {
  transId: string;
  user: UserRecord;
  /** The completed deposit line: `mpesaTransactionId` is the TransID. */
  line: LedgerLine;
  at: string;
}

export interface PaybillRepository {
  /** The account the reference names (one read for the marker, one for the user), or null. */
  findAccount(reference: PaybillAccountReference): Promise<UserRecord | null>;
  /**
   * One transaction: the TransID's receipt marker, the wallet credit (which ends the trial), the completed ledger
   * line and the statistics counters. Refused as "duplicate-receipt" when the TransID (or the same STK receipt) was
   * taken before.
   */
  credit(credit: PaybillCredit): Promise<void>;
  /** The unmatched record with the TransID's receipt marker, in one transaction. Refused as "duplicate-receipt". */
  recordUnmatched(payment: UnmatchedPaymentRecord): Promise<void>;
}

/** What the validation endpoint reads: the account alone. */
export type PaybillAccounts = Pick<PaybillRepository, "findAccount">;
