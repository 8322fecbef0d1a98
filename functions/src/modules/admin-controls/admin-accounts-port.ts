import type { AuditRecord, UserRecord } from "../../kernel/records.js";

/**
 * What the operator's admin command (scripts/admin.ts, design.md §12.1) writes besides creating an account, which goes
 * through the account repository like a registration: an admin account's status. The API's `setActive` refuses admin
 * accounts on purpose; only an operator with access to the table turns one off or on.
 */
export interface AdminAccountRepository {
  /**
   * Activates or deactivates an admin account, with its audit entry, in one transaction. Deactivation also moves the
   * token version on, so every session the admin holds ends at its next request. Refused with
   * MoveRefusedError("account-changed") when the account is gone, is not an admin, or is no longer in the state it was
   * read in (another operator changed it meanwhile).
   */
  setAdminActive(subject: UserRecord, isActive: boolean, audit: AuditRecord): Promise<UserRecord>;
}
