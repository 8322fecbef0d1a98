import type { TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import {
  type AccountRepository,
  DuplicateValueError,
  type LedgerLine,
  type LoginLookup,
  type NewAccount,
  type UniqueField,
  type UserRecord,
} from "../ports.js";
import { dynamoDocumentClient, tableName } from "./client.js";
import { keys } from "./keys.js";
import { failedConditionIndexes } from "./transactions.js";

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

const USER_ATTRIBUTES = [
  "id",
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "passwordHash",
  "role",
  "isTrialAccount",
  "trialBalanceCents",
  "walletBalanceCents",
  "totalReferralEarningsCents",
  "referralCode",
  "referredBy",
  "isActive",
  "tokenVersion",
  "createdAt",
] as const satisfies readonly (keyof UserRecord)[];

export function userItem(user: UserRecord): Record<string, unknown> {
  return {
    ...keys.user(user.id),
    type: "User",
    ...user,
    GSI1PK: keys.usersListPartition,
    GSI1SK: keys.usersListSort(user.createdAt, user.id),
  };
}

export function toUserRecord(item: Record<string, unknown>): UserRecord {
  const record: Partial<Record<keyof UserRecord, unknown>> = {};
  for (const attribute of USER_ATTRIBUTES) {
    if (item[attribute] !== undefined) record[attribute] = item[attribute];
  }
  return record as UserRecord;
}

export function ledgerItem(line: LedgerLine, user: Pick<UserRecord, "firstName" | "lastName" | "email">) {
  const { type: transactionType, ...rest } = line;
  return {
    ...keys.ledgerLine(line.userId, line.id),
    // `type` is the entity type on every item, so the ledger line's own type is stored as transactionType.
    type: "Transaction",
    transactionType,
    ...rest,
    // Denormalised so the admin list renders a page from one query.
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    GSI1PK: keys.ledgerListPartition,
    GSI1SK: line.id,
  };
}

export function createDynamoAccountRepository(): AccountRepository {
  const db = dynamoDocumentClient();
  const TableName = tableName();

  return {
    async findUserIdByReferralCode(code) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.referralCodeMarker(code) }));
      return typeof Item?.userId === "string" ? Item.userId : null;
    },

    async createAccount({ user, openingLine, referral, day }: NewAccount) {
      const marker = (key: { PK: string; SK: string }, field: UniqueField): TransactItem => ({
        Put: {
          TableName,
          Item: { ...key, type: "UniqueMarker", field, userId: user.id },
          ConditionExpression: "attribute_not_exists(PK)",
        },
      });
      // The order matters: a cancelled transaction reports reasons by index.
      const uniqueItems: [TransactItem, UniqueField][] = [
        [marker(keys.emailMarker(user.email), "email"), "email"],
        [marker(keys.phoneMarker(user.phoneNumber), "phoneNumber"), "phoneNumber"],
        [marker(keys.referralCodeMarker(user.referralCode), "referralCode"), "referralCode"],
      ];
      const items: TransactItem[] = [
        ...uniqueItems.map(([item]) => item),
        { Put: { TableName, Item: userItem(user), ConditionExpression: "attribute_not_exists(PK)" } },
        {
          Update: {
            TableName,
            Key: keys.statsTotals(),
            UpdateExpression: "ADD totalUsers :one, totalTransactions :lines",
            ExpressionAttributeValues: { ":one": 1, ":lines": openingLine ? 1 : 0 },
          },
        },
        {
          Update: {
            TableName,
            Key: keys.statsDay(day),
            UpdateExpression: "ADD newUsers :one",
            ExpressionAttributeValues: { ":one": 1 },
          },
        },
      ];
      if (openingLine) {
        items.push({
          Put: { TableName, Item: ledgerItem(openingLine, user), ConditionExpression: "attribute_not_exists(PK)" },
        });
      }
      if (referral) {
        items.push({
          Put: {
            TableName,
            Item: {
              ...keys.referral(referral.referrerId, user.id),
              type: "Referral",
              id: user.id,
              referrerId: referral.referrerId,
              referredId: user.id,
              referred: { firstName: user.firstName, lastName: user.lastName, email: user.email },
              rewardCents: referral.rewardCents,
              rewardPaid: false,
              createdAt: user.createdAt,
            },
            ConditionExpression: "attribute_not_exists(PK)",
          },
        });
      }
      try {
        await db.send(new TransactWriteCommand({ TransactItems: items }));
      } catch (error) {
        const failed = failedConditionIndexes(error);
        const duplicate = uniqueItems.find((_, index) => failed.includes(index));
        if (duplicate) throw new DuplicateValueError(duplicate[1]);
        throw error;
      }
    },

    async getUser(userId) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.user(userId) }));
      return Item ? toUserRecord(Item) : null;
    },

    async lookupLogin(email, sourceIp, hour): Promise<LoginLookup> {
      const emailKey = keys.emailMarker(email);
      const accountKey = keys.loginFailures("EMAIL", email, hour);
      const ipKey = keys.loginFailures("IP", sourceIp, hour);
      const { Responses, UnprocessedKeys } = await db.send(
        new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [emailKey, accountKey, ipKey] } } }),
      );
      if (UnprocessedKeys && Object.keys(UnprocessedKeys).length > 0) {
        throw new Error("Login lookup was throttled");
      }
      const items = Responses?.[TableName] ?? [];
      const find = (key: { PK: string; SK: string }) => items.find((i) => i.PK === key.PK && i.SK === key.SK);
      const userId = find(emailKey)?.userId;
      return {
        userId: typeof userId === "string" ? userId : null,
        accountFailures: Number(find(accountKey)?.failures ?? 0),
        ipFailures: Number(find(ipKey)?.failures ?? 0),
      };
    },

    async recordLoginFailure(email, sourceIp, hour, expiresAtEpochSeconds) {
      await Promise.all(
        [keys.loginFailures("EMAIL", email, hour), keys.loginFailures("IP", sourceIp, hour)].map((Key) =>
          db.send(
            new UpdateCommand({
              TableName,
              Key,
              UpdateExpression: "ADD failures :one SET expiresAt = :expiresAt, #type = :type",
              ExpressionAttributeNames: { "#type": "type" },
              ExpressionAttributeValues: { ":one": 1, ":expiresAt": expiresAtEpochSeconds, ":type": "LoginThrottle" },
            }),
          ),
        ),
      );
    },
  };
}
