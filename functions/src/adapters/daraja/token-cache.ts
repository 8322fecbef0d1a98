import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../kernel/dynamo/client.js";
import { keys } from "../../kernel/dynamo/keys.js";
import type { TokenCache } from "../../kernel/records.js";

/** The Daraja access token shared by every container, expiring with the token itself. */
export function createDynamoTokenCache(ctx: DynamoContext = defaultDynamoContext()): TokenCache {
  const { db, TableName } = ctx;
  return {
    async get() {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.darajaToken(), ConsistentRead: true }));
      return typeof Item?.token === "string" ? { token: Item.token, expiresAt: Number(Item.tokenExpiresAt) } : null;
    },
    async put(token, expiresAt) {
      await db.send(
        new PutCommand({
          TableName,
          Item: {
            ...keys.darajaToken(),
            type: "DarajaToken",
            token,
            tokenExpiresAt: expiresAt,
            expiresAt: Math.ceil(expiresAt / 1000),
          },
        }),
      );
    },
  };
}
