/**
 * A second admin's decision on something kept for one (an adjustment, an unmatched payment's credit, a package
 * change): the refusals and the stamp every such decision shares, stated once.
 */
import { NotFoundError, NotPendingError, NotPermittedError } from "../../kernel/errors.js";
import type { AdjustmentDecision, AdjustmentPerson } from "./adjustments-port.js";
import { adjustmentPerson } from "./adjustments-port.js";
import type { Actor } from "./audit.js";
import { pendingReadsAs } from "./four-eyes.js";

/** The 404, 403 and 409 texts of one kind of pending request. */
export interface DecisionMessages {
  notFound: string;
  secondAdminRequired: string;
  expired: string;
  alreadyDecided: string;
}

interface PendingRequest {
  status: string;
  expiresAt: string;
  requestedBy: AdjustmentPerson;
}

/** A request a second admin may turn to: it exists (404) and another admin asked for it (403). */
export function decidable<R extends PendingRequest>(record: R | null, actor: Actor, messages: DecisionMessages): R {
  if (!record) throw new NotFoundError(messages.notFound);
  if (record.requestedBy.id === actor.user.id) throw new NotPermittedError(messages.secondAdminRequired);
  return record;
}

/** The 409 for a request no longer pending: expired (or gone), or decided already. */
export function notPending(stored: PendingRequest | null, now: Date, messages: DecisionMessages): NotPendingError {
  const status = stored ? pendingReadsAs(stored, now) : "expired";
  return new NotPendingError(status === "expired" ? messages.expired : messages.alreadyDecided);
}

/**
 * The decision as stored (`made`: who, why, when, under which request), the request as it reads once decided, and
 * who asked for it, as the audit entry names them.
 */
export function decisionOn<R extends PendingRequest, S extends string>(
  record: R,
  status: S,
  { actor, reason, at, requestId }: { actor: Actor; reason: string | undefined; at: string; requestId: string },
) {
  const made: AdjustmentDecision = {
    decidedBy: adjustmentPerson(actor.user),
    ...(reason ? { decisionReason: reason } : {}),
    at,
    requestId,
  };
  const decided = {
    ...record,
    status,
    decidedBy: made.decidedBy,
    ...(reason ? { decisionReason: reason } : {}),
    decidedAt: at,
    decisionId: requestId,
  };
  const requestedBy = { id: record.requestedBy.id, email: record.requestedBy.email };
  return { made, decided, requestedBy };
}
