import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { UserReader } from "../records.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { keys } from "./keys.js";
import { toUserRecord } from "./user-items.js";

/** Reads an account by id, strongly consistent: the one read of a user item that every module may need. */
export function createDynamoUserReader(ctx: DynamoContext = defaultDynamoContext()): UserReader {
  const { db, TableName } = ctx;
  return {
    async getUser(userId) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.user(userId), ConsistentRead: true }));
      return Item ? toUserRecord(Item) : null;
    },
  };
}
