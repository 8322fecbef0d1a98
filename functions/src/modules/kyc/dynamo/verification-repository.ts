import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countersUpdate } from "../../../kernel/dynamo/counter-items.js";
import { queryAllItems, queryCount } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { type MoveEntry, refusing, runTransaction, type TransactItem } from "../../../kernel/dynamo/transactions.js";
import type { VerificationRecord, VerificationRepository } from "../port.js";
import { kycStateOf } from "../verifications.js";

const RECORD_ATTRIBUTES = [
  "userId",
  "status",
  "attemptId",
  "idType",
  "idNumber",
  "idHash",
  "kraPin",
  "dateOfBirth",
  "consentText",
  "consentedAt",
  "uploadTypes",
  "startedAt",
  "submittedAt",
  "decidedAt",
  "decidedBy",
  "reason",
  "attempts",
] as const satisfies readonly (keyof VerificationRecord)[];

/** A submission is listed by its status, oldest first; an attempt still uploading is on no list. */
export const verificationIndexKeys = (record: Pick<VerificationRecord, "status" | "submittedAt" | "userId">) =>
  record.status === "uploading"
    ? {}
    : {
        GSI1PK: keys.verificationsByStatus(record.status),
        GSI1SK: `${record.submittedAt ?? ""}#${record.userId}`,
      };

export function verificationItem(record: VerificationRecord): Record<string, unknown> {
  return { ...keys.verification(record.userId), type: "Verification", ...record, ...verificationIndexKeys(record) };
}

function toVerificationRecord(item: Record<string, unknown>): VerificationRecord {
  const record: Record<string, unknown> = {};
  for (const name of RECORD_ATTRIBUTES) if (item[name] !== undefined) record[name] = item[name];
  return record as unknown as VerificationRecord;
}

/** The ID number is verified on no account, or on this one: else refused as "id-taken". */
const claimFree = (TableName: string, idHash: string, userId: string) => ({
  TableName,
  Key: keys.idNumberClaim(idHash),
  ConditionExpression: "attribute_not_exists(PK) OR userId = :me",
  ExpressionAttributeValues: { ":me": userId },
});

/** The stored verification is still the attempt in the state it was read in: else refused as "kyc-changed". */
function stillAsRead(record: VerificationRecord, status: VerificationRecord["status"]) {
  return {
    ConditionExpression: "#status = :was AND attemptId = :attempt",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: { ":was": status, ":attempt": record.attemptId },
  };
}

/** The account's verification state on the user item, where its limits and GET /auth/me read it. */
function userStateUpdate(TableName: string, record: VerificationRecord): TransactItem {
  return {
    Update: {
      TableName,
      Key: keys.user(record.userId),
      UpdateExpression: "SET kyc = :state",
      ConditionExpression: "attribute_exists(PK)",
      ExpressionAttributeValues: { ":state": kycStateOf(record) },
    },
  };
}

export function createDynamoVerificationRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): VerificationRepository {
  const { db, TableName } = ctx;

  return {
    async get(userId) {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.verification(userId), ConsistentRead: true }),
      );
      return Item ? toVerificationRecord(Item) : null;
    },

    async start(record, expected) {
      const put = {
        TableName,
        Item: verificationItem(record),
        ...(expected.status && expected.attemptId
          ? stillAsRead({ ...record, attemptId: expected.attemptId }, expected.status)
          : { ConditionExpression: "attribute_not_exists(PK)" }),
      };
      await runTransaction(ctx, [
        refusing("kyc-changed", { Put: put }),
        refusing("id-taken", { ConditionCheck: claimFree(TableName, record.idHash, record.userId) }),
        {
          Put: {
            TableName,
            Item: {
              ...keys.idNumberTry(record.idHash, record.userId),
              type: "IdNumberTry",
              userId: record.userId,
              triedAt: record.consentedAt,
            },
          },
        },
      ]);
    },

    async submit(record) {
      await runTransaction(ctx, [
        refusing("kyc-changed", {
          Put: { TableName, Item: verificationItem(record), ...stillAsRead(record, "uploading") },
        }),
        userStateUpdate(TableName, record),
      ]);
    },

    async decide(record, audit) {
      const items: MoveEntry[] = [
        refusing("kyc-changed", {
          Put: { TableName, Item: verificationItem(record), ...stillAsRead(record, "pending") },
        }),
        userStateUpdate(TableName, record),
        countersUpdate(TableName, auditCounters(audit), record.userId),
        auditPut(TableName, audit),
        // The owner is told either way, by SMS and email (design.md §13.5).
        outboxPut(TableName, {
          kind: record.status === "verified" ? "identity-verified" : "identity-rejected",
          moveId: record.attemptId,
          userId: record.userId,
          data: record.reason ? { reason: record.reason } : {},
          createdAt: record.decidedAt ?? audit.createdAt,
        }),
      ];
      if (record.status === "verified") {
        const { Key, ...free } = claimFree(TableName, record.idHash, record.userId);
        items.push(
          refusing("id-taken", {
            Put: {
              ...free,
              Item: { ...Key, type: "IdNumberClaim", userId: record.userId, verifiedAt: record.decidedAt },
            },
          }),
        );
      }
      await runTransaction(ctx, items);
    },

    async list(status, limit) {
      const items = await queryAllItems(
        ctx,
        {
          IndexName: "GSI1",
          KeyConditionExpression: "GSI1PK = :list",
          ExpressionAttributeValues: { ":list": keys.verificationsByStatus(status) },
          ScanIndexForward: true,
        },
        limit,
      );
      return items.map(toVerificationRecord);
    },

    countPending: () =>
      queryCount(ctx, {
        IndexName: "GSI1",
        KeyConditionExpression: "GSI1PK = :list",
        ExpressionAttributeValues: { ":list": keys.verificationsByStatus("pending") },
        Select: "COUNT",
      }),

    async tries(idHash) {
      const items = await queryAllItems(ctx, {
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues: { ":pk": keys.idNumberClaim(idHash).PK, ":prefix": keys.idNumberTryPrefix },
      });
      return items.map((item) => ({ userId: String(item.userId), triedAt: String(item.triedAt) }));
    },

    async claimOf(idHash) {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.idNumberClaim(idHash), ConsistentRead: true }),
      );
      return typeof Item?.userId === "string" ? Item.userId : undefined;
    },
  };
}
