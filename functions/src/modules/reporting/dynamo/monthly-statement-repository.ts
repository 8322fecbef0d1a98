import type { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { StoredNotificationPreferences } from "@jengafund/shared";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { isConditionFailure } from "../../../kernel/dynamo/condition-failure.js";
import { queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ulidFloor } from "../../../kernel/ids.js";
import type { MonthlyStatementsStore, StatementClaim } from "../monthly-statements-port.js";

/**
 * A line's id is drawn a moment after its `createdAt` is read (as in statement-source.ts), so the id range runs this
 * far past the month's end; the times, checked on each line, decide.
 */
const ID_AFTER_CREATED_MS = 60_000;

/**
 * The monthly statement email's records in the single table. The accounts of a month come from the admin ledger list
 * (GSI1 `TX#<nn>` / `<line id>`): line ids are ULIDs, so one id range per shard is the month's lines, read page by
 * page with only the four attributes needed. No scan, and nothing added to the money transactions.
 */
export function createDynamoMonthlyStatementRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): MonthlyStatementsStore {
  const { db, TableName } = ctx;

  async function usersOfShard(
    partition: string,
    first: string,
    last: string,
    within: (at: unknown) => boolean,
  ): Promise<Set<string>> {
    const users = new Set<string>();
    const lines = queryItems(ctx, {
      IndexName: "GSI1",
      KeyConditionExpression: "GSI1PK = :pk AND GSI1SK BETWEEN :first AND :last",
      FilterExpression: "#balance = :wallet",
      ProjectionExpression: "userId, #balance, createdAt, settledAt",
      ExpressionAttributeNames: { "#balance": "balance" },
      ExpressionAttributeValues: { ":pk": partition, ":first": first, ":last": last, ":wallet": "wallet" },
    });
    for await (const line of lines) {
      if (within(line.createdAt) || within(line.settledAt)) users.add(String(line.userId));
    }
    return users;
  }

  /**
   * Ends this run's claim on an account's statement with `update`, only while the claim is still this run's (its
   * token); false, and nothing written, once another run holds it.
   */
  async function whileHeld(
    claim: { userId: string; month: string; token: string },
    update: string,
    values: Record<string, unknown>,
  ): Promise<boolean> {
    try {
      await db.send(
        new UpdateCommand({
          TableName,
          Key: keys.monthlyStatement(claim.userId, claim.month),
          UpdateExpression: `${update} REMOVE claimToken, leaseUntil`,
          ConditionExpression: "claimToken = :token",
          ExpressionAttributeNames: { "#state": "state" },
          ExpressionAttributeValues: { ...values, ":token": claim.token },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  return {
    async accountsWithActivity({ lookbackStart, start, end }) {
      const first = ulidFloor(lookbackStart);
      const last = ulidFloor(new Date(end.getTime() + ID_AFTER_CREATED_MS));
      const from = start.toISOString();
      const to = end.toISOString();
      const within = (at: unknown) => typeof at === "string" && at >= from && at < to;
      const shards = await Promise.all(
        keys.ledgerListPartitions().map((partition) => usersOfShard(partition, first, last, within)),
      );
      const users = new Set<string>();
      for (const shard of shards) for (const user of shard) users.add(user);
      return [...users].sort();
    },

    async recipient(userId) {
      const { Item } = await db.send(
        new GetCommand({
          TableName,
          Key: keys.user(userId),
          ProjectionExpression: "email, firstName, isActive, notifications",
        }),
      );
      if (!Item) return null;
      return {
        email: String(Item.email ?? ""),
        firstName: String(Item.firstName ?? ""),
        isActive: Item.isActive !== false,
        ...(Item.notifications ? { notifications: Item.notifications as StoredNotificationPreferences } : {}),
      };
    },

    async claim({ userId, month, token, now, leaseUntil }): Promise<StatementClaim> {
      try {
        await db.send(
          new UpdateCommand({
            TableName,
            Key: keys.monthlyStatement(userId, month),
            UpdateExpression:
              "SET #type = :type, userId = :userId, #month = :month, #state = :sending, claimToken = :token, " +
              "leaseUntil = :leaseUntil, attempts = if_not_exists(attempts, :zero) + :one",
            ConditionExpression:
              "attribute_not_exists(PK) OR #state = :failed OR (#state = :sending AND leaseUntil < :now)",
            ExpressionAttributeNames: { "#type": "type", "#month": "month", "#state": "state" },
            ExpressionAttributeValues: {
              ":type": "MonthlyStatement",
              ":userId": userId,
              ":month": month,
              ":sending": "sending",
              ":failed": "failed",
              ":token": token,
              ":leaseUntil": leaseUntil.toISOString(),
              ":now": now.toISOString(),
              ":zero": 0,
              ":one": 1,
            },
            ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          }),
        );
        return "claimed";
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // AWS and DynamoDB Local hand back the item as it stood (unmarshalled by no one: AttributeValue form).
        const held = (error as ConditionalCheckFailedException).Item;
        const state =
          held?.state?.S ??
          (
            await db.send(
              new GetCommand({ TableName, Key: keys.monthlyStatement(userId, month), ConsistentRead: true }),
            )
          ).Item?.state;
        return state === "sent" || state === "skipped" ? "done" : "busy";
      }
    },

    async finish({ userId, month, token }, outcome, at) {
      return whileHeld(
        { userId, month, token },
        `SET #state = :state, ${outcome === "sent" ? "sentAt" : "skippedAt"} = :at`,
        {
          ":state": outcome,
          ":at": at.toISOString(),
        },
      );
    },

    async release({ userId, month, token }, at, reason) {
      // Refused when another run took the account over after this run's lease ran out: the account is theirs now.
      await whileHeld({ userId, month, token }, "SET #state = :state, failedAt = :at, lastError = :reason", {
        ":state": "failed",
        ":at": at.toISOString(),
        ":reason": reason.slice(0, 200),
      });
    },

    async isMonthDone(month) {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.monthlyStatementsDone(month), ConsistentRead: true }),
      );
      return Item !== undefined;
    },

    async markMonthDone(month, { at, accounts }) {
      await db.send(
        new PutCommand({
          TableName,
          Item: {
            ...keys.monthlyStatementsDone(month),
            type: "MonthlyStatementsDone",
            month,
            doneAt: at.toISOString(),
            accounts,
          },
        }),
      );
    },
  };
}
