import type { AuditAction } from "@jengafund/shared";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ulidFloor } from "../../../kernel/ids.js";
import type { BalanceAdjusterRepository } from "../four-eyes-port.js";

/**
 * The admins who adjusted a balance, from the audit trail: alone (`user.balance`), as asker or approver of an
 * approved adjustment (`adjustment.approve`, which names the asker), or by crediting an unmatched Paybill payment to
 * the account (`unmatched-payment.assign`: an admin chose whose wallet the money went to). Every adjustment writes its
 * audit entry in the same transaction as the money, indexed by what it was done to (GSI3) under a time-ordered id, so
 * "since" is a key range.
 */
/**
 * Every balance adjustment's audit entry on `userId` since `since`, with the attributes `projection` names: the solo
 * ones (`user.balance`), the approved ones (`adjustment.approve`) and unmatched payments credited to the account
 * (`unmatched-payment.assign`; one approved by a second admin also has its `adjustment.approve`, and names the asker).
 * One key range of GSI3, read to its end.
 */
export function adjustmentEntriesSince(
  ctx: DynamoContext,
  userId: string,
  since: Date,
  projection: { expression: string; names: Record<string, string> },
): Promise<Record<string, unknown>[]> {
  return auditEntriesOn(
    ctx,
    userId,
    since,
    ["user.balance", "adjustment.approve", "unmatched-payment.assign"],
    projection,
  );
}

/** The audit entries of the given actions done to `targetId` since `since`: one key range of GSI3, read to its end. */
async function auditEntriesOn(
  ctx: DynamoContext,
  targetId: string,
  since: Date,
  actions: readonly AuditAction[],
  projection: { expression: string; names: Record<string, string> },
): Promise<Record<string, unknown>[]> {
  const entries: Record<string, unknown>[] = [];
  const named = Object.fromEntries(actions.map((action, i) => [`:a${i}`, action]));
  const items = queryItems(ctx, {
    IndexName: "GSI3",
    KeyConditionExpression: "GSI3PK = :target AND GSI3SK >= :since",
    FilterExpression: `#action IN (${Object.keys(named).join(", ")})`,
    ExpressionAttributeNames: { "#action": "action", ...projection.names },
    ExpressionAttributeValues: { ":target": keys.auditByTarget(targetId), ":since": ulidFloor(since), ...named },
    ProjectionExpression: projection.expression,
  });
  for await (const item of items) entries.push(item);
  return entries;
}

/** The hands on an approved action: the actor's, and the asker's where a second admin approved it. */
const HANDS = { expression: "#actor, #details.requestedBy", names: { "#actor": "actor", "#details": "details" } };
function handsOf(entries: Record<string, unknown>[], into: Set<string>): void {
  for (const item of entries) {
    into.add((item.actor as { id: string }).id);
    const asker = (item.details as { requestedBy?: { id: string } } | undefined)?.requestedBy;
    if (asker) into.add(asker.id);
  }
}

export function createDynamoBalanceAdjusterRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): BalanceAdjusterRepository {
  return {
    async adjustersSince(userId, since) {
      // An approved adjustment has two hands on it: the approver's and the asker's.
      const adjusters = new Set<string>();
      handsOf(await adjustmentEntriesSince(ctx, userId, since, HANDS), adjusters);
      return [...adjusters];
    },

    async packageHandsSince(userId, since) {
      // The packages the user bought since then (investments are keyed by time-ordered ids)…
      const packageIds = new Set<string>();
      const investments = queryItems(ctx, {
        KeyConditionExpression: "PK = :user AND SK BETWEEN :from AND :to",
        ExpressionAttributeNames: { "#package": "package" },
        ExpressionAttributeValues: {
          ":user": keys.user(userId).PK,
          ":from": `${keys.investmentPrefix}${ulidFloor(since)}`,
          ":to": `${keys.investmentPrefix}~`,
        },
        ProjectionExpression: "#package.id",
      });
      for await (const item of investments) packageIds.add((item.package as { id: string }).id);
      // …and who made or approved a change of their terms since then.
      const hands = new Set<string>();
      for (const entries of await Promise.all(
        [...packageIds].map((id) => auditEntriesOn(ctx, id, since, ["package.change.approved"], HANDS)),
      )) {
        handsOf(entries, hands);
      }
      return [...hands];
    },
  };
}
