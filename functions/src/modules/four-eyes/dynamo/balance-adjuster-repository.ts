import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { type AuditAction, kesToCents } from "@jengafund/shared";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { accountItemsSince, queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ulidFloor } from "../../../kernel/ids.js";
import type { AdminCredit, BalanceAdjusterRepository } from "../four-eyes-port.js";

/**
 * Every credit to `userId`'s wallet by an admin's hand since `since`, from the audit trail: alone (`user.balance`),
 * approved by a second admin (`adjustment.approve`, which names the asker), or an unmatched Paybill payment credited
 * to the account (`unmatched-payment.assign`: an admin chose whose wallet the money went to). Each is written in the
 * same transaction as its money, indexed by what it was done to (GSI3) under a time-ordered id, so "since" is one key
 * range. A credit is an entry whose wallet balance went up (a debit moves no money in); a payment credited with a
 * second admin's approval has both an approval's and an assignment's entry, and is counted once.
 */
export async function adminCreditsSince(ctx: DynamoContext, userId: string, since: Date): Promise<AdminCredit[]> {
  const entries = await auditEntriesOn(
    ctx,
    userId,
    since,
    ["user.balance", "adjustment.approve", "unmatched-payment.assign"],
    {
      expression: "#action, #actor, #details.#before, #details.#after, #details.#requestedBy",
      names: {
        "#action": "action",
        "#actor": "actor",
        "#details": "details",
        "#before": "before",
        "#after": "after",
        "#requestedBy": "requestedBy",
      },
    },
  );
  const credits: AdminCredit[] = [];
  for (const item of entries) {
    const details = item.details as { before?: unknown; after?: unknown; requestedBy?: { id: string } } | undefined;
    if (item.action === "unmatched-payment.assign" && details?.requestedBy) continue;
    const before = walletKesOf(details?.before);
    const after = walletKesOf(details?.after);
    if (before === undefined || after === undefined) continue;
    const cents = kesToCents(after) - kesToCents(before);
    if (cents <= 0) continue;
    const asker = details?.requestedBy?.id;
    credits.push({ cents, hands: [(item.actor as { id: string }).id, ...(asker ? [asker] : [])] });
  }
  return credits;
}

/** An audit entry's wallet balance before or after, in KES as the audit trail keeps it. */
const walletKesOf = (side: unknown): number | undefined => {
  const value = (side as { walletBalance?: unknown } | undefined)?.walletBalance;
  return typeof value === "number" ? value : undefined;
};

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

/** The hands on an approved package change: the approver's, and the maker's it names. */
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
    adminCreditsSince: (userId, since) => adminCreditsSince(ctx, userId, since),

    async walletBalanceCents(userId) {
      const { Item } = await ctx.db.send(
        new GetCommand({
          TableName: ctx.TableName,
          Key: keys.user(userId),
          ProjectionExpression: "walletBalanceCents",
          ConsistentRead: true,
        }),
      );
      return Number(Item?.walletBalanceCents ?? 0);
    },

    async packageHandsSince(userId, since) {
      // The packages the user bought since then (investments are keyed by time-ordered ids)…
      const packageIds = new Set<string>();
      const investments = queryItems(
        ctx,
        accountItemsSince(userId, keys.investmentPrefix, since, {
          ExpressionAttributeNames: { "#package": "package" },
          ProjectionExpression: "#package.id",
        }),
      );
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
