import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { kesToCents } from "@jengafund/shared";
import type { PayoutAccountRecord, PayoutNumberRecord, PayoutNumberRepository } from "../payout-numbers-port.js";
import { adjustmentEntriesSince } from "./balance-adjuster-repository.js";
import { batchGet } from "./batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { toUserRecord } from "./items.js";
import { keys } from "./keys.js";
import { toPayoutNumberRecord } from "./payout-number-items.js";

/** The most keys one BatchGetItem takes. */
const BATCH_GET_MAX = 100;

/** An audit entry's wallet balance before or after, in KES as the audit trail keeps it. */
const walletKesOf = (side: unknown): number | undefined => {
  const value = (side as { walletBalance?: unknown } | undefined)?.walletBalance;
  return typeof value === "number" ? value : undefined;
};

export function createDynamoPayoutNumberRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): PayoutNumberRepository {
  const { db, TableName } = ctx;

  /**
   * An account's admin credits since a date, from the audit trail by target (GSI3, time-ordered ids, so the date is a
   * key range): the same entries the four-eyes rule reads, written in the same transaction as the money. A credit is
   * an entry whose wallet balance went up: a solo adjustment (`user.balance`) or an approved one.
   */
  async function adminCreditsSince(userId: string, since: Date): Promise<PayoutAccountRecord["adminCredits"]> {
    const credits = { count: 0, amountCents: 0 };
    const entries = await adjustmentEntriesSince(ctx, userId, since, {
      expression: "#action, #details.#before, #details.#after, #details.#requestedBy",
      names: {
        "#action": "action",
        "#details": "details",
        "#before": "before",
        "#after": "after",
        "#requestedBy": "requestedBy",
      },
    });
    for (const item of entries) {
      const details = item.details as { before?: unknown; after?: unknown; requestedBy?: unknown } | undefined;
      // A payment credited with a second admin's approval has that approval's entry too: count the credit once.
      if (item.action === "unmatched-payment.assign" && details?.requestedBy) continue;
      const before = walletKesOf(details?.before);
      const after = walletKesOf(details?.after);
      if (before === undefined || after === undefined) continue;
      const cents = kesToCents(after) - kesToCents(before);
      if (cents > 0) {
        credits.count += 1;
        credits.amountCents += cents;
      }
    }
    return credits;
  }

  return {
    async list(userId) {
      const numbers: PayoutNumberRecord[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
            ExpressionAttributeValues: { ":pk": keys.user(userId).PK, ":prefix": keys.payoutNumberPrefix },
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        );
        numbers.push(...(page.Items ?? []).map(toPayoutNumberRecord));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return numbers;
    },

    async accounts(userIds, creditsSince) {
      const distinct = [...new Set(userIds)];
      const batches: string[][] = [];
      for (let i = 0; i < distinct.length; i += BATCH_GET_MAX) batches.push(distinct.slice(i, i + BATCH_GET_MAX));
      const [users, credits] = await Promise.all([
        Promise.all(batches.map((batch) => batchGet(ctx, batch.map(keys.user)))).then((found) => found.flat()),
        Promise.all(distinct.map(async (id) => [id, await adminCreditsSince(id, creditsSince)] as const)),
      ]);
      const creditsOf = new Map(credits);
      const accounts = new Map<string, PayoutAccountRecord>();
      for (const item of users) {
        const user = toUserRecord(item);
        accounts.set(user.id, {
          userId: user.id,
          phoneNumber: user.phoneNumber,
          createdAt: user.createdAt,
          ...(user.passwordChangedAt ? { passwordChangedAt: user.passwordChangedAt } : {}),
          // Read as stored: the two-factor routes record when sign-in with codes was last turned on or off.
          ...(typeof item.twoFactorChangedAt === "string" ? { twoFactorChangedAt: item.twoFactorChangedAt } : {}),
          adminCredits: creditsOf.get(user.id) ?? { count: 0, amountCents: 0 },
        });
      }
      return accounts;
    },
  };
}
