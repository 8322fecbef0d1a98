/**
 * What identity verification (design.md §13.5) reads and writes: one verification per account, beside the user item,
 * and per ID number the account it is verified on and every account that tried it.
 */
import type { KycDocument, KycIdType, KycSubmissionStatus, KycUploadType } from "@jengafund/shared";
import type { AuditRecord, UserRecord } from "../../kernel/records.js";

/** `uploading`: details kept, images going to the store; then what an admin sees. */
export type VerificationStatus = "uploading" | KycSubmissionStatus;

export interface VerificationRecord {
  userId: string;
  status: VerificationStatus;
  /** Each attempt has its own documents' folder: a rejected attempt's images stay as they were reviewed. */
  attemptId: string;
  idType: KycIdType;
  idNumber: string;
  /** The SHA-256 of the type and number: the ID's own items are keyed by it. */
  idHash: string;
  kraPin: string;
  dateOfBirth: string;
  consentText: string;
  consentedAt: string;
  uploadTypes: Record<KycDocument, KycUploadType>;
  startedAt: string;
  submittedAt?: string;
  decidedAt?: string;
  decidedBy?: { id: string; firstName: string; lastName: string };
  reason?: string;
  /** How many attempts the account has made (1 for the first). */
  attempts: number;
}

export interface IdNumberTry {
  userId: string;
  triedAt: string;
}

export interface VerificationRepository {
  get(userId: string): Promise<VerificationRecord | null>;
  /**
   * Keeps the details of an attempt (new, or the open one again) and records that the account tried the ID number.
   * MoveRefusedError("id-taken") when the number is verified on another account, ("kyc-changed") when the stored
   * verification is no longer `expected` (null: none or a decided one).
   */
  start(record: VerificationRecord, expected: { status?: VerificationStatus; attemptId?: string }): Promise<void>;
  /** The open attempt becomes pending, and the user item says so. ("kyc-changed") when it was not uploading. */
  submit(record: VerificationRecord, user: UserRecord): Promise<void>;
  /**
   * The decision, the user item's state, the ID's claim (verify only: refused "id-taken" when another account holds
   * it), the audit entry and the owner's notice, in one transaction. ("kyc-changed") when no longer pending.
   */
  decide(record: VerificationRecord, audit: AuditRecord): Promise<void>;
  /** Oldest submission first, at most `limit`. */
  list(status: KycSubmissionStatus, limit: number): Promise<VerificationRecord[]>;
  countPending(): Promise<number>;
  /** Every account that tried the ID number, the given one included. */
  tries(idHash: string): Promise<IdNumberTry[]>;
  /** The account the ID number is verified on, if any. */
  claimOf(idHash: string): Promise<string | undefined>;
}
