import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { isConditionFailure } from "../../../kernel/dynamo/condition-failure.js";
import { keys, SESSIONS_ATTRIBUTE } from "../../../kernel/dynamo/keys.js";
import type { SessionRepository } from "../sessions-port.js";

/** Every session of the account ends (logout-all, a blocked payout number): the map emptied, refused for no user. */
export function endAllSessionsUpdate(TableName: string, userId: string) {
  return {
    Update: {
      TableName,
      Key: keys.user(userId),
      UpdateExpression: "SET sessions = :none",
      ConditionExpression: "attribute_exists(PK)",
      ExpressionAttributeValues: { ":none": {} },
    },
  };
}

/** The live sessions in the user item's `sessions` map, and the browsers seen signing in, as items beside the user. */
export function createDynamoSessionRepository(ctx: DynamoContext = defaultDynamoContext()): SessionRepository {
  const { db, TableName } = ctx;

  /** Adds to the existing map (removing `drop` in the same write); refused when the item has no map. */
  async function addToMap(userId: string, id: string, expiresAt: number, drop: string[]) {
    const names: Record<string, string> = { "#new": id };
    drop.forEach((sessionId, i) => {
      names[`#old${i}`] = sessionId;
    });
    const removals = drop.map((_, i) => `sessions.#old${i}`);
    await db.send(
      new UpdateCommand({
        TableName,
        Key: keys.user(userId),
        UpdateExpression: `SET sessions.#new = :end${removals.length ? ` REMOVE ${removals.join(", ")}` : ""}`,
        ConditionExpression: "attribute_exists(PK) AND attribute_exists(sessions)",
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ":end": expiresAt },
      }),
    );
  }

  /** The first session of an account that has no map yet (made before sessions ended on the server). */
  async function startMap(userId: string, id: string, expiresAt: number) {
    await db.send(
      new UpdateCommand({
        TableName,
        Key: keys.user(userId),
        UpdateExpression: "SET sessions = :sessions",
        ConditionExpression: "attribute_exists(PK) AND attribute_not_exists(sessions)",
        ExpressionAttributeValues: { ":sessions": { [id]: expiresAt } },
      }),
    );
  }

  return {
    async addSession(userId, { id, expiresAtEpochSeconds }, { drop, hadMap }) {
      // The read's view decides the first try; a login in between that changed it makes the other one right.
      const tries = hadMap
        ? [() => addToMap(userId, id, expiresAtEpochSeconds, drop), () => startMap(userId, id, expiresAtEpochSeconds)]
        : [() => startMap(userId, id, expiresAtEpochSeconds), () => addToMap(userId, id, expiresAtEpochSeconds, [])];
      for (const [i, attempt] of tries.entries()) {
        try {
          await attempt();
          return;
        } catch (error) {
          if (!isConditionFailure(error) || i === tries.length - 1) throw error;
        }
      }
    },

    async slideSession(userId, sessionId, seen, end) {
      await db
        .send(
          new UpdateCommand({
            TableName,
            Key: keys.user(userId),
            UpdateExpression: "SET #sessions.#session = :end",
            ConditionExpression: "#sessions.#session = :seen",
            ExpressionAttributeNames: { "#sessions": SESSIONS_ATTRIBUTE, "#session": sessionId },
            ExpressionAttributeValues: { ":end": end, ":seen": seen },
          }),
        )
        .catch((error: unknown) => {
          // Ended (logout, logout-all) or moved by another request meanwhile: either way, nothing to do.
          if (!isConditionFailure(error)) throw error;
        });
    },

    async endSession(userId, sessionId) {
      await db
        .send(
          new UpdateCommand({
            TableName,
            Key: keys.user(userId),
            UpdateExpression: "REMOVE sessions.#session",
            ConditionExpression: "attribute_exists(sessions)",
            ExpressionAttributeNames: { "#session": sessionId },
          }),
        )
        .catch((error: unknown) => {
          // No map at all: there was no session to end.
          if (!isConditionFailure(error)) throw error;
        });
    },

    async endAllSessions(userId) {
      await db.send(new UpdateCommand(endAllSessionsUpdate(TableName, userId).Update));
    },

    async rememberDevice(userId, deviceHash, now, keepSeconds) {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      // One write: the put renews the browser's 90 days, and the item it replaced says whether it was known.
      const { Attributes } = await db.send(
        new PutCommand({
          TableName,
          Item: {
            ...keys.device(userId, deviceHash),
            type: "Device",
            lastSeenAt: now.toISOString(),
            // The TTL attribute; DynamoDB deletes the item some time after, so a stale one is checked here too.
            expiresAt: nowSeconds + keepSeconds,
          },
          ReturnValues: "ALL_OLD",
        }),
      );
      return !(typeof Attributes?.expiresAt === "number" && Attributes.expiresAt > nowSeconds);
    },

    async noteNewBrowserSignIn(userId, at) {
      await db.send(
        new UpdateCommand({
          TableName,
          Key: keys.user(userId),
          UpdateExpression: "SET newBrowserSignInAt = :at",
          ConditionExpression: "attribute_exists(PK)",
          ExpressionAttributeValues: { ":at": at.toISOString() },
        }),
      );
    },
  };
}
