import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { NOTIFICATION_CHANNELS, type StoredNotificationPreferences } from "@jengafund/shared";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { runTransaction } from "../../../kernel/dynamo/transactions.js";
import { toUserRecord } from "../../../kernel/dynamo/user-items.js";
import type { NotificationPreferencesRepository } from "../notification-preferences-port.js";

/**
 * Two writes, each safe to repeat: the first gives the user item an empty `notifications` map per channel where it
 * has none, the second (a transaction with the owner's notice) sets each chosen kind inside it. Setting the kinds one by one, never the whole map, means two
 * saves from two tabs cannot undo each other's other kinds.
 */
export function createDynamoNotificationPreferencesRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): NotificationPreferencesRepository {
  const { db, TableName } = ctx;
  return {
    async save(userId, changes: StoredNotificationPreferences, change) {
      await db.send(
        new UpdateCommand({
          TableName,
          Key: keys.user(userId),
          UpdateExpression: "SET #n = if_not_exists(#n, :empty)",
          ConditionExpression: "attribute_exists(PK)",
          ExpressionAttributeNames: { "#n": "notifications" },
          ExpressionAttributeValues: { ":empty": { sms: {}, email: {} } },
        }),
      );
      const names: Record<string, string> = { "#n": "notifications" };
      const values: Record<string, boolean> = {};
      const sets: string[] = [];
      for (const channel of NOTIFICATION_CHANNELS) {
        for (const [kind, on] of Object.entries(changes[channel] ?? {})) {
          names[`#${channel}`] = channel;
          const i = sets.length;
          names[`#k${i}`] = kind;
          values[`:v${i}`] = on === true;
          sets.push(`#n.#${channel}.#k${i} = :v${i}`);
        }
      }
      // The choices, when they changed (a signal for the admin deciding a payout) and the owner's notice, together.
      await runTransaction(ctx, [
        {
          Update: {
            TableName,
            Key: keys.user(userId),
            UpdateExpression: `SET ${sets.join(", ")}, notificationsChangedAt = :at`,
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ...values, ":at": change.at },
          },
        },
        outboxPut(TableName, {
          kind: "notifications-changed",
          moveId: change.noticeId,
          userId,
          data: { sourceIp: change.sourceIp },
          createdAt: change.at,
        }),
      ]);
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.user(userId), ConsistentRead: true }));
      return toUserRecord(Item ?? {});
    },
  };
}
