import type { AuditRecord, RefusalReason } from "../records.js";
import { auditCounters, auditPut } from "./audit-items.js";
import { countersUpdate } from "./counter-items.js";
import { keys } from "./keys.js";
import { type MoveEntry, refusing } from "./transactions.js";

/**
 * An admin switching an account on or off, in one transaction with the audit entry. Deactivation bumps the token
 * version, so tokens issued before stop working on the next request. `guard` is the condition on the account (its
 * role, its state as read) and the values it names; a failed guard is `refusal`.
 */
export function accountActiveItems(
  TableName: string,
  change: { userId: string; isActive: boolean; audit: AuditRecord },
  guard: { refusal: RefusalReason; condition: string; values: Record<string, unknown> },
): MoveEntry[] {
  const { userId, isActive, audit } = change;
  return [
    refusing(guard.refusal, {
      Update: {
        TableName,
        Key: keys.user(userId),
        UpdateExpression: isActive ? "SET isActive = :active" : "SET isActive = :active ADD tokenVersion :one",
        ConditionExpression: `attribute_exists(PK) AND ${guard.condition}`,
        ExpressionAttributeNames: { "#role": "role" },
        ExpressionAttributeValues: { ":active": isActive, ...guard.values, ...(isActive ? {} : { ":one": 1 }) },
      },
    }),
    countersUpdate(TableName, auditCounters(audit), userId),
    auditPut(TableName, audit),
  ];
}

/** The account as it reads after `accountActiveItems` committed. */
export const withActive = <U extends { tokenVersion?: number }>(
  subject: U,
  isActive: boolean,
): U & { isActive: boolean } => ({
  ...subject,
  isActive,
  ...(isActive ? {} : { tokenVersion: (subject.tokenVersion ?? 0) + 1 }),
});
