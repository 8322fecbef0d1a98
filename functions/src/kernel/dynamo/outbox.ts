import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { NotificationChannel } from "@jengafund/shared";
import {
  type ChannelState,
  type ChannelStatus,
  EMAIL_ONLY_KINDS,
  FINAL_CHANNEL_STATES,
  type MoneyMoveEvent,
  type NewOutboxEvent,
  type OutboxEvent,
  type OutboxEventData,
  type OutboxKind,
  type OutboxRepository,
  outboxEventId,
} from "../outbox-port.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { isConditionFailure } from "./condition-failure.js";
import { queryPages } from "./index-pages.js";
import { keys } from "./keys.js";
import type { TransactItem } from "./transactions.js";

type Item = Record<string, unknown>;

/**
 * An outbox event's item: the event, both channels pending, and its entry in the open list (GSI2), which `close`
 * removes once both channels are final. Flat per-channel attributes (`sms`, `smsAttempts`, `smsLeaseUntil`…) so
 * each channel is claimed and recorded by its own conditional update.
 */
export function outboxItem(event: NewOutboxEvent): Item {
  return {
    ...keys.outboxEvent(event.id),
    type: "Outbox",
    id: event.id,
    kind: event.kind,
    userId: event.userId,
    data: event.data,
    createdAt: event.createdAt,
    ...(EMAIL_ONLY_KINDS.has(event.kind) ? { sms: "skipped", smsReason: "email only" } : { sms: "pending" }),
    smsAttempts: 0,
    ...(event.emailSentDirectly ? { email: "skipped", emailReason: "mailed directly" } : { email: "pending" }),
    emailAttempts: 0,
    ...outboxIndexKeys(event),
  };
}

/** An event's entry in the open list (GSI2), oldest first, while a channel is open. */
export const outboxIndexKeys = (event: Pick<NewOutboxEvent, "id" | "createdAt">) => ({
  GSI2PK: keys.outboxOpen(event.id),
  GSI2SK: keys.outboxOpenSort(event.createdAt, event.id),
});

/**
 * The outbox Put a money move appends to its own transaction. No condition of its own: the id is deterministic and
 * every such transaction already carries the condition or marker that cancels a repeat of the move, so the event is
 * written exactly when the move commits, and once.
 */
export function outboxPut(TableName: string, { moveId, ...event }: MoneyMoveEvent): TransactItem {
  return { Put: { TableName, Item: outboxItem({ ...event, id: outboxEventId(event.kind, moveId) }) } };
}

function channelOf(item: Item, channel: NotificationChannel): ChannelStatus {
  const read = (suffix: string) => item[`${channel}${suffix}`];
  return {
    state: item[channel] as ChannelState,
    attempts: Number(read("Attempts") ?? 0),
    ...(read("LeaseUntil") ? { leaseUntil: String(read("LeaseUntil")) } : {}),
    ...(read("Claim") ? { claim: String(read("Claim")) } : {}),
    ...(read("MessageId") ? { messageId: String(read("MessageId")) } : {}),
    ...(read("Reason") ? { reason: String(read("Reason")) } : {}),
    ...(read("TriedAt") ? { triedAt: String(read("TriedAt")) } : {}),
  };
}

function toOutboxEvent(item: Item): OutboxEvent {
  return {
    id: String(item.id),
    kind: item.kind as OutboxKind,
    userId: String(item.userId),
    data: (item.data ?? {}) as OutboxEventData,
    createdAt: String(item.createdAt),
    sms: channelOf(item, "sms"),
    email: channelOf(item, "email"),
  };
}

export function createDynamoOutboxRepository(ctx: DynamoContext = defaultDynamoContext()): OutboxRepository {
  const { db, TableName } = ctx;

  /** One conditional update: false when its condition failed. */
  async function conditionally(input: Omit<ConstructorParameters<typeof UpdateCommand>[0], "TableName">) {
    try {
      await db.send(new UpdateCommand({ TableName, ...input }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async function openPage(pk: string, before: string, limit: number, count: boolean) {
    const items: Item[] = [];
    let total = 0;
    const pages = queryPages(ctx, {
      IndexName: "GSI2",
      KeyConditionExpression: "GSI2PK = :pk AND GSI2SK < :before",
      ExpressionAttributeValues: { ":pk": pk, ":before": before },
      ...(count ? { Select: "COUNT" as const } : { ProjectionExpression: "id, createdAt", Limit: limit }),
    });
    for await (const page of pages) {
      items.push(...(page.Items ?? []));
      total += page.Count ?? 0;
      if (!count && items.length >= limit) break;
    }
    return { items, total };
  }

  return {
    async put(event) {
      await db
        .send(new PutCommand({ TableName, Item: outboxItem(event), ConditionExpression: "attribute_not_exists(PK)" }))
        .catch((error: unknown) => {
          // The same event written again (a retried Put whose first answer was lost) is already there.
          if (!isConditionFailure(error)) throw error;
        });
    },

    async get(eventId) {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.outboxEvent(eventId), ConsistentRead: true }),
      );
      return Item ? toOutboxEvent(Item) : null;
    },

    claim: (eventId, channel, claim, now, leaseUntil) =>
      conditionally({
        Key: keys.outboxEvent(eventId),
        UpdateExpression: "SET #state = :sending, #lease = :lease, #claim = :claim",
        ConditionExpression: "#state = :pending OR (#state = :sending AND #lease < :now)",
        ExpressionAttributeNames: { "#state": channel, "#lease": `${channel}LeaseUntil`, "#claim": `${channel}Claim` },
        ExpressionAttributeValues: {
          ":sending": "sending",
          ":pending": "pending",
          ":lease": leaseUntil,
          ":claim": claim,
          ":now": now,
        },
      }),

    record: (eventId, channel, claim, outcome) =>
      conditionally({
        Key: keys.outboxEvent(eventId),
        UpdateExpression: `SET #state = :state${outcome.messageId ? ", #messageId = :messageId" : ""}${outcome.reason ? ", #reason = :reason" : ""}${outcome.triedAt ? ", #triedAt = :triedAt" : ""} ADD #attempts :added REMOVE #lease, #claim`,
        ConditionExpression: "#state = :sending AND #claim = :claim",
        ExpressionAttributeNames: {
          "#state": channel,
          "#attempts": `${channel}Attempts`,
          "#lease": `${channel}LeaseUntil`,
          "#claim": `${channel}Claim`,
          ...(outcome.messageId ? { "#messageId": `${channel}MessageId` } : {}),
          ...(outcome.reason ? { "#reason": `${channel}Reason` } : {}),
          ...(outcome.triedAt ? { "#triedAt": `${channel}TriedAt` } : {}),
        },
        ExpressionAttributeValues: {
          ":state": outcome.state,
          ":added": outcome.attemptsAdded ?? 0,
          ":sending": "sending",
          ":claim": claim,
          ...(outcome.messageId ? { ":messageId": outcome.messageId } : {}),
          ...(outcome.reason ? { ":reason": outcome.reason.slice(0, 200) } : {}),
          ...(outcome.triedAt ? { ":triedAt": outcome.triedAt } : {}),
        },
      }),

    async close(eventId, expiresAt) {
      await conditionally({
        Key: keys.outboxEvent(eventId),
        // A link's token is not kept once its message is out (outbox-port.ts): only its hash stays, elsewhere.
        UpdateExpression: "SET expiresAt = :expiresAt REMOVE GSI2PK, GSI2SK, #data.blockToken, #data.resetToken",
        ConditionExpression: "sms IN (:a, :b, :c, :d) AND email IN (:a, :b, :c, :d)",
        ExpressionAttributeNames: { "#data": "data" },
        ExpressionAttributeValues: {
          ":expiresAt": expiresAt,
          ":a": FINAL_CHANNEL_STATES[0],
          ":b": FINAL_CHANNEL_STATES[1],
          ":c": FINAL_CHANNEL_STATES[2],
          ":d": FINAL_CHANNEL_STATES[3],
        },
      });
    },

    async listOpen(before, limit) {
      const shards = await Promise.all(keys.outboxOpenPartitions().map((pk) => openPage(pk, before, limit, false)));
      return shards
        .flatMap((shard) => shard.items)
        .map((item) => ({ id: String(item.id), createdAt: String(item.createdAt) }))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .slice(0, limit);
    },

    async countOpen(before) {
      const shards = await Promise.all(keys.outboxOpenPartitions().map((pk) => openPage(pk, before, 0, true)));
      return shards.reduce((sum, shard) => sum + shard.total, 0);
    },
  };
}
