/**
 * The records and repository of Paybill (C2B) deposits (design.md §12.3), apart from ports.ts: a customer pays the
 * business number with an account number, Daraja confirms it, and the payment is credited once per TransID or kept
 * as unmatched for an admin.
 */
import type { UnmatchedPaymentReason } from "@jengafund/shared";
import type { LedgerLine, UserRecord } from "../../kernel/records.js";

/** What an account number names: a registered phone (as the stored MSISDN) or a referral code (upper case). */
export type PaybillAccountReference = { msisdn: string } | { referralCode: string };

/**
 * Why a confirmed payment was kept as unmatched instead of credited: its account number named no account, or an
 * inactive one, or it was confirmed for a business number that is not our Paybill.
 */
export type UnmatchedReason = UnmatchedPaymentReason;

/** A confirmed Paybill payment that named no (active) account: kept, never lost, for an admin to resolve. */
export interface UnmatchedPaymentRecord {
  /**
   * The record's id: M-Pesa's TransID (one record per payment), or for a receipt conflict an id of its own (the
   * receipt and a digest of what the repeat said), so it never takes the place of the receipt's first payment.
   */
  transId: string;
  /** M-Pesa's receipt, where the id is not it (a receipt conflict). */
  receipt?: string;
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

/**
 * What the receipt marker of a payment says the receipt was taken with, to tell an exact repeat from a conflict
 * (design.md §13.3). A field is absent when the marker does not record it (an STK receipt has no account number).
 */
export interface ReceiptClaim {
  channel: "paybill" | "stk";
  amountCents?: number;
  billRefNumber?: string;
  businessShortCode?: string;
}

/** A confirmed payment credited to an account. */
export interface PaybillCredit {
  transId: string;
  user: UserRecord;
  /** The completed deposit line: `mpesaTransactionId` is the TransID. */
  line: LedgerLine;
  at: string;
  /** What the payment named, recorded on the receipt marker (ReceiptClaim). */
  billRefNumber: string;
  businessShortCode: string;
  /** An unverified account's deposit room before this one (design.md §13.5): refused as "kyc-deposit-limit". */
  unverifiedRoomCents?: number;
}

/**
 * A Paybill payment above PAYBILL_CONFIRM_ABOVE_KES held until M-Pesa's own record confirms it (design.md §13.3): a
 * pending deposit (so the payer's pending-deposit indicator shows it) with a pending ledger line that moves nothing,
 * and the receipt marker taken (outcome "confirming"), so no second delivery holds or credits it again.
 */
export interface HeldPaybillDeposit {
  transId: string;
  /** `paybill-<TransID>`: the deposit's id, as GET /mpesa/deposit/{id} and the pending-deposit list name it. */
  depositId: string;
  userId: string;
  lineId: string;
  amountCents: number;
  billRefNumber: string;
  businessShortCode: string;
  /** `YYYYMMDDHHmmss` as Daraja gave it. */
  transTime: string;
  createdAt: string;
}

export interface PaybillRepository {
  /** The account the reference names (one read for the marker, one for the user), or null. */
  findAccount(reference: PaybillAccountReference): Promise<UserRecord | null>;
  /**
   * One transaction: the TransID's receipt marker, the wallet credit (which ends the trial), the completed ledger
   * line and the statistics counters. Refused as "duplicate-receipt" when the TransID (or the same STK receipt) was
   * taken before; "kyc-deposit-limit" when it would take an unverified account past its deposit limit.
   */
  credit(credit: PaybillCredit): Promise<void>;
  /**
   * One transaction: the receipt marker ("confirming"), the pending deposit and its pending ledger `line` (reference: the
   * deposit's id, so the pending-deposit list finds it), the counters
   * of a pending line. Refused as "duplicate-receipt" when the receipt was taken before.
   */
  hold(held: HeldPaybillDeposit, user: UserRecord, line: LedgerLine, unverifiedRoomCents?: number): Promise<void>;
  /** Every held payment still pending, oldest first. */
  heldDeposits(): Promise<HeldPaybillDeposit[]>;
  /**
   * M-Pesa's record agrees: the deposit and its line complete, the wallet is credited (the trial ends), the counters
   * and the owner's notice, in one transaction. Refused as "not-pending" when it was settled meanwhile.
   */
  confirmHeld(held: HeldPaybillDeposit, at: string): Promise<void>;
  /**
   * M-Pesa's record disagrees, or has no such payment: the deposit and its line fail with `resultDesc`, nothing is
   * credited, and the receipt marker is given back, so M-Pesa's own record of the receipt (Pull Transactions) can
   * still be settled. Refused as "not-pending" when it was settled meanwhile.
   */
  refuseHeld(held: HeldPaybillDeposit, at: string, resultDesc: string): Promise<void>;
  /** The unmatched record with the TransID's receipt marker, in one transaction. Refused as "duplicate-receipt". */
  recordUnmatched(payment: UnmatchedPaymentRecord): Promise<void>;
  /**
   * The STK deposit an account reference (JF…) was given to, with its amount, or null when no STK push of ours gave
   * it (a payer typed a look-alike).
   */
  stkDepositOf(reference: string): Promise<{ checkoutRequestId: string; amountCents: number } | null>;
  /** What the receipt was taken with (a consistent read of its marker), or null when it is not taken. */
  receiptClaim(receipt: string): Promise<ReceiptClaim | null>;
  /**
   * A payment kept for admins under an id of its own, with no receipt marker: a repeat of a taken receipt that says
   * something else (`receipt-conflict`), or a payment M-Pesa's record contradicts (`receipt-mismatch`). False when
   * the same one was kept before.
   */
  keepForAdmins(payment: UnmatchedPaymentRecord): Promise<boolean>;
}

/** What the validation endpoint reads: the account alone. */
export type PaybillAccounts = Pick<PaybillRepository, "findAccount">;
