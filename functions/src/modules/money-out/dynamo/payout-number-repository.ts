import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { batchGet } from "../../../kernel/dynamo/batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { accountItemsSince, queryAllItems, queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { toPayoutNumberRecord } from "../../../kernel/dynamo/payout-number-items.js";
import { refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import { toUserRecord } from "../../../kernel/dynamo/user-items.js";
import { MoveRefusedError } from "../../../kernel/records.js";
import { adminCreditsSince } from "../../four-eyes/index.js";
import { endAllSessionsUpdate } from "../../identity/index.js";
import type { PayoutAccountRecord, PayoutNumberRepository } from "../payout-numbers-port.js";

/** The most keys one BatchGetItem takes. */
const BATCH_GET_MAX = 100;

export function createDynamoPayoutNumberRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): PayoutNumberRepository {
  const { db, TableName } = ctx;

  /** An account's daily rewards paid into the wallet since a date: its reward lines, a key range of its partition. */
  async function walletRewardsSince(userId: string, since: Date): Promise<number> {
    let cents = 0;
    const lines = queryItems(
      ctx,
      accountItemsSince(userId, keys.ledgerPrefix, since, {
        FilterExpression: "transactionType = :reward AND #balance = :wallet",
        ExpressionAttributeNames: { "#balance": "balance" },
        ExpressionAttributeValues: { ":reward": "reward", ":wallet": "wallet" },
        ProjectionExpression: "amountCents",
      }),
    );
    for await (const line of lines) cents += Number(line.amountCents ?? 0);
    return cents;
  }

  return {
    async list(userId) {
      const items = await queryAllItems(ctx, {
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues: { ":pk": keys.user(userId).PK, ":prefix": keys.payoutNumberPrefix },
        ConsistentRead: true,
      });
      return items.map(toPayoutNumberRecord);
    },

    async accounts(userIds, creditsSince) {
      const distinct = [...new Set(userIds)];
      const batches: string[][] = [];
      for (let i = 0; i < distinct.length; i += BATCH_GET_MAX) batches.push(distinct.slice(i, i + BATCH_GET_MAX));
      const [users, credits, rewards] = await Promise.all([
        Promise.all(batches.map((batch) => batchGet(ctx, batch.map(keys.user)))).then((found) => found.flat()),
        Promise.all(distinct.map(async (id) => [id, await adminCreditsSince(ctx, id, creditsSince)] as const)),
        Promise.all(distinct.map(async (id) => [id, await walletRewardsSince(id, creditsSince)] as const)),
      ]);
      const creditsOf = new Map(credits);
      const rewardsOf = new Map(rewards);
      const accounts = new Map<string, PayoutAccountRecord>();
      for (const item of users) {
        const user = toUserRecord(item);
        accounts.set(user.id, {
          userId: user.id,
          phoneNumber: user.phoneNumber,
          createdAt: user.createdAt,
          ...(user.passwordChangedAt ? { passwordChangedAt: user.passwordChangedAt } : {}),
          // Read as stored: the two-factor routes record when sign-in with codes was last turned on or off, the
          // login when a browser new to the account signed in, Account → Notifications when the alerts changed.
          ...(typeof item.twoFactorChangedAt === "string" ? { twoFactorChangedAt: item.twoFactorChangedAt } : {}),
          ...(typeof item.newBrowserSignInAt === "string" ? { newBrowserSignInAt: item.newBrowserSignInAt } : {}),
          ...(typeof item.notificationsChangedAt === "string"
            ? { notificationsChangedAt: item.notificationsChangedAt }
            : {}),
          adminCredits: creditsOf.get(user.id) ?? [],
          walletBalanceCents: user.walletBalanceCents,
          rewardsCents: rewardsOf.get(user.id) ?? 0,
        });
      }
      return accounts;
    },

    async find(pairs) {
      const wanted = new Map(pairs.map(({ userId, msisdn }) => [`${userId} ${msisdn}`, { userId, msisdn }]));
      const distinct = [...wanted.values()];
      const batches: (typeof distinct)[] = [];
      for (let i = 0; i < distinct.length; i += BATCH_GET_MAX) batches.push(distinct.slice(i, i + BATCH_GET_MAX));
      const found = await Promise.all(
        batches.map((batch) =>
          batchGet(
            ctx,
            batch.map(({ userId, msisdn }) => keys.payoutNumber(userId, msisdn)),
          ),
        ),
      );
      return found.flat().map(toPayoutNumberRecord);
    },

    async block({ tokenHash, at, sourceIp, eventId }) {
      const linkKey = keys.payoutNumberBlock(tokenHash);
      const { Item: link } = await db.send(new GetCommand({ TableName, Key: linkKey, ConsistentRead: true }));
      const nowSeconds = Math.floor(at.getTime() / 1000);
      const userId = link?.userId;
      const phoneNumber = link?.phoneNumber;
      if (typeof userId !== "string" || typeof phoneNumber !== "string")
        throw new MoveRefusedError("block-link-invalid");
      const now = at.toISOString();
      await runTransaction(ctx, [
        // Single use and 7 days, in the write's condition: two clicks at once block once.
        refusing("block-link-invalid", {
          Update: {
            TableName,
            Key: linkKey,
            UpdateExpression: "SET usedAt = :now",
            ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :nowSeconds",
            ExpressionAttributeValues: { ":now": now, ":nowSeconds": nowSeconds },
          },
        }),
        // Kept, marked blocked: a later deposit from it does not make it a payout number again.
        refusing("block-link-invalid", {
          Update: {
            TableName,
            Key: keys.payoutNumber(userId, phoneNumber),
            UpdateExpression: "SET blockedAt = :now",
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeValues: { ":now": now },
          },
        }),
        // Every session ends, as logout-all ends them: whoever added the number is signed out.
        refusing("block-link-invalid", endAllSessionsUpdate(TableName, userId)),
        outboxPut(TableName, {
          kind: "payout-number-blocked",
          moveId: eventId,
          userId,
          data: { phoneNumber, ...(sourceIp ? { sourceIp } : {}) },
          createdAt: now,
        }),
      ]);
      return { userId, phoneNumber };
    },
  };
}
