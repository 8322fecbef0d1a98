import type { AuditAction } from "@jengafund/shared";
import type {
  AuditRecord,
  LedgerLine,
  LedgerStatus,
  LedgerType,
  Page,
  PageRequest,
  UserRecord,
  UserSummary,
  WithdrawalRecord,
  WithdrawalStatus,
} from "../../kernel/records.js";

/** Raised when an admin account would be activated or deactivated. */
export class AdminAccountError extends Error {
  constructor() {
    super("Admin accounts cannot be toggled");
    this.name = "AdminAccountError";
  }
}

export interface AdminStats {
  totalUsers: number;
  totalPackages: number;
  totalInvestments: number;
  activeInvestments: number;
  totalTransactions: number;
  pendingWithdrawals: number;
  totalRevenueCents: number;
  newUsersToday: number;
}

export interface AdminQueries {
  stats(day: string): Promise<AdminStats>;
  listAudit(request: PageRequest & { action?: AuditAction; search?: string }): Promise<Page<AuditRecord>>;
  listUsers(request: PageRequest & { search?: string }): Promise<Page<UserRecord>>;
  listLedger(
    request: PageRequest & { type?: LedgerType; status?: LedgerStatus; search?: string },
  ): Promise<Page<LedgerLine & { user: UserSummary }>>;
  /** With `id`: that one withdrawal (if it has the status asked for), as a page of one or none. */
  listWithdrawals(request: PageRequest & { status?: WithdrawalStatus; id?: string }): Promise<Page<WithdrawalRecord>>;
}

export type WithdrawalDecision = {
  processedBy: WithdrawalRecord["processedBy"] & {};
  at: string;
  requestId: string;
} & ({ status: "approved"; reason?: string } | { status: "rejected"; reason: string });

export interface AdminRepository {
  /**
   * Activates or deactivates a non-admin user; deactivation also revokes every token issued so far. Throws
   * AdminAccountError for an admin (or a user that does not exist).
   */
  setActive(subject: UserRecord, isActive: boolean, audit: AuditRecord): Promise<UserRecord>;
  /** Writes the audit entry of an admin's read (a search, an export) on its own. */
  recordRead(audit: AuditRecord): Promise<void>;
  /**
   * Moves a pending withdrawal to approved, or to rejected with the held amount refunded and its ledger line
   * cancelled. Throws MoveRefusedError("not-pending") when it was already processed.
   */
  decideWithdrawal(
    withdrawal: WithdrawalRecord,
    decision: WithdrawalDecision,
    audit: AuditRecord,
  ): Promise<WithdrawalRecord>;
}
