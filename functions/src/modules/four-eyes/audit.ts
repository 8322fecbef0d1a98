/** The audit entry of an admin action (design.md §11), built the same way by every service an admin acts through. */
import type { AuditAction } from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { AuditRecord, KeepAnswer, UserRecord } from "../../kernel/records.js";

/** Who did an admin action, and from which address: every action records it in the audit trail. */
export interface Actor {
  user: UserRecord;
  ip: string;
}

/**
 * What every admin request that moves money or terms carries beside its own input: who acts, the request's id, and on
 * a keyed request the answer kept with the move.
 */
export interface AdminRequest<Result> {
  actor: Actor;
  requestId: string;
  keep?: KeepAnswer<Result>;
}

/** `audit(actor, action, target, details)`: who, from where, what, on what, and what changed. */
export function createAuditor({ newId, clock }: { newId: IdGenerator; clock: Clock }) {
  return function audit(
    actor: Actor,
    action: AuditAction,
    target: AuditRecord["target"],
    details: Omit<AuditRecord["details"], "ip">,
  ): AuditRecord {
    const { id, firstName, lastName, email } = actor.user;
    return {
      id: newId(),
      action,
      actor: { id, firstName, lastName, email },
      target,
      details: { ...details, ip: actor.ip },
      createdAt: clock.now().toISOString(),
    };
  };
}
