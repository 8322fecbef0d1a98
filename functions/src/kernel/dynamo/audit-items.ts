import type { AuditRecord } from "../records.js";
import { type CounterDeltas, counterNames, countersUpdate } from "./counter-items.js";
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
        ...auditIndexKeys(audit),
      },
      ConditionExpression: "attribute_not_exists(PK)",
    },
  };
}

/** An audit entry with nothing else to write (an admin's search or export): it and its count, in one transaction. */
export const auditAloneItems = (TableName: string, audit: AuditRecord): TransactItem[] => [
  countersUpdate(TableName, auditCounters(audit), audit.actor.id),
  auditPut(TableName, audit),
];

/** An audit entry's places in the list of every action (GSI1), by action (GSI2) and by target (GSI3), newest first. */
export const auditIndexKeys = (
  audit: Pick<AuditRecord, "id" | "action"> & { target: Pick<AuditRecord["target"], "id"> },
) => ({
  GSI1PK: keys.auditList(audit.id),
  GSI1SK: audit.id,
  GSI2PK: keys.auditByAction(audit.action, audit.id),
  GSI2SK: audit.id,
  GSI3PK: keys.auditByTarget(audit.target.id),
  GSI3SK: audit.id,
});

export const toAuditRecord = (item: Item): AuditRecord =>
  pick<AuditRecord>(item, ["id", "action", "actor", "target", "details", "createdAt"]);
