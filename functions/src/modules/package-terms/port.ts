/**
 * What package changes (design.md §13.1) read and write: a new package, or new money terms for an existing one,
 * kept until a second admin decides, and applied to the package in the same transaction as the approval.
 */
import type { PackageChangeKind, PackageChangeStatus } from "@jengafund/shared";
import type { AuditRecord, KeptAnswer, PackageFields, PackageRecord } from "../../kernel/records.js";
import type { AdjustmentDecision, AdjustmentPerson } from "../four-eyes/index.js";

export interface PackageChangeRecord {
  id: string;
  /** The package it creates or changes (a new package's id is chosen when the change is asked for). */
  packageId: string;
  kind: PackageChangeKind;
  /** As stored: a pending one past `expiresAt` reads as expired (service.ts, changeStatus). */
  status: PackageChangeStatus;
  requestedBy: AdjustmentPerson;
  requestedAt: string;
  /** After this, a pending change can no longer be decided; nothing changes. */
  expiresAt: string;
  /** Every field of the package as it will be once approved. */
  fields: PackageFields;
  /** An update's package as it was asked to change from. */
  before?: PackageFields;
  decidedBy?: AdjustmentPerson;
  decidedAt?: string;
  decisionReason?: string;
  /** The request that asked for it: a retry with the same request finds it instead of asking twice. */
  requestId: string;
  /** The request that decided it: a retry of that decision after a lost answer finds it made. */
  decisionId?: string;
}

/** A second admin's decision on a change, stated once for every request under four eyes. */
export type PackageChangeDecision = AdjustmentDecision;

export interface PackageChangeRepository {
  /** Keeps a pending change with the audit entry of the asking; investors see nothing of it. */
  request(change: PackageChangeRecord, audit: AuditRecord, answer?: KeptAnswer): Promise<void>;
  get(id: string): Promise<PackageChangeRecord | null>;
  /** Newest first, every one (they are few: an admin's hand on a package's terms). */
  list(): Promise<PackageChangeRecord[]>;
  /**
   * Approves a pending change that has not expired and applies it, in one transaction: the status, the package (put
   * for a new one, its fields for an update) and the audit entry. MoveRefusedError("not-pending") when it was
   * decided or expired meanwhile, ("package-missing") when the package of an update was deleted.
   */
  approve(
    change: PackageChangeRecord,
    pkg: PackageRecord,
    decision: PackageChangeDecision,
    audit: AuditRecord,
    answer?: KeptAnswer,
  ): Promise<void>;
  /** Rejects a pending change with the audit entry; nothing else changes. MoveRefusedError("not-pending") as above. */
  reject(
    change: PackageChangeRecord,
    decision: PackageChangeDecision,
    audit: AuditRecord,
    answer?: KeptAnswer,
  ): Promise<void>;
}
