import { DeleteCommand, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { isConditionFailure } from "../../../kernel/dynamo/condition-failure.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import type { SignInLinkRecord, SignInLinkRepository } from "../sign-in-link-port.js";

/** An account's sign-in link, one item per account: its condition keeps a second from replacing a live one. */
export function createDynamoSignInLinkRepository(ctx: DynamoContext = defaultDynamoContext()): SignInLinkRepository {
  const { db, TableName } = ctx;

  /** A failed condition is the answer (false); anything else is an error. */
  const unlessRefused = async (write: Promise<unknown>) => {
    try {
      await write;
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  };

  return {
    saveUnlessLive: (link, nowEpochSeconds) =>
      unlessRefused(
        db.send(
          new PutCommand({
            TableName,
            Item: {
              ...keys.signInLink(link.userId),
              type: "SignInLink",
              userId: link.userId,
              tokenHash: link.tokenHash,
              createdAt: link.createdAt,
              expiresAt: link.expiresAtEpochSeconds,
            },
            ConditionExpression: "attribute_not_exists(PK) OR expiresAt <= :now",
            ExpressionAttributeValues: { ":now": nowEpochSeconds },
          }),
        ),
      ),

    async find(userId) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.signInLink(userId), ConsistentRead: true }));
      if (typeof Item?.tokenHash !== "string" || typeof Item.expiresAt !== "number") return null;
      const record: SignInLinkRecord = {
        userId,
        tokenHash: Item.tokenHash,
        createdAt: String(Item.createdAt),
        expiresAtEpochSeconds: Item.expiresAt,
      };
      return record;
    },

    use: (userId, tokenHash, nowEpochSeconds) =>
      unlessRefused(
        db.send(
          new DeleteCommand({
            TableName,
            Key: keys.signInLink(userId),
            ConditionExpression: "tokenHash = :hash AND expiresAt > :now",
            ExpressionAttributeValues: { ":hash": tokenHash, ":now": nowEpochSeconds },
          }),
        ),
      ),
  };
}
