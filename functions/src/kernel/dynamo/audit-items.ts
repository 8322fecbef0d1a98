import type { AuditRecord } from "../records.js";
import { type CounterDeltas, counterNames } from "./counter-items.js";
import { keys } from "./keys.js";
import type { TransactItem } from "./transactions.js";
import { type Item, pick } from "./user-items.js";

/** An audit entry counted in the audit list's totals (all, and its action's). */
export const auditCounters = (audit: AuditRecord): CounterDeltas => ({
  [counterNames.audit()]: 1,
  [counterNames.audit(audit.action)]: 1,
});

/** The audit entry of an admin action, written once in the action's own transaction; never updated or deleted. */
export function auditPut(TableName: string, audit: AuditRecord): TransactItem {
  return {
    Put: {
      TableName,
      Item: {
        ...keys.auditEntry(audit.actor.id, audit.id),
        type: "AuditEntry",
        ...audit,
        GSI1PK: keys.auditList(audit.id),
        GSI1SK: audit.id,
        GSI2PK: keys.auditByAction(audit.action, audit.id),
        GSI2SK: audit.id,
        GSI3PK: keys.auditByTarget(audit.target.id),
        GSI3SK: audit.id,
      },
      ConditionExpression: "attribute_not_exists(PK)",
    },
  };
}

export const toAuditRecord = (item: Item): AuditRecord =>
  pick<AuditRecord>(item, ["id", "action", "actor", "target", "details", "createdAt"]);
