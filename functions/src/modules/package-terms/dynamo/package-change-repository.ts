import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countersUpdate } from "../../../kernel/dynamo/counter-items.js";
import { queryItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { runTransaction } from "../../../kernel/dynamo/transactions.js";
import { keepPendingRequest, pendingDecisionUpdate } from "../../four-eyes/index.js";
import { packageCreateItems, packageUpdateItems } from "../../investing/index.js";
import type { PackageChangeRecord, PackageChangeRepository } from "../port.js";

const CHANGE_ATTRIBUTES = [
  "id",
  "packageId",
  "status",
  "requestedBy",
  "requestedAt",
  "fields",
  "before",
  "decidedBy",
  "decidedAt",
  "decisionReason",
  "requestId",
  "decisionId",
] as const satisfies readonly (keyof PackageChangeRecord)[];

/**
 * The one item of a package change. `type` is the entity type on every item, so create or update is `changeKind`;
 * the table's `expiresAt` is its TTL, so the deadline is `pendingUntil` (a decided change is kept, as the audit is).
 */
export function packageChangeItem(change: PackageChangeRecord): Record<string, unknown> {
  const { expiresAt, kind, ...rest } = change;
  return {
    ...keys.packageChange(change.id),
    type: "PackageChange",
    changeKind: kind,
    ...rest,
    pendingUntil: expiresAt,
    GSI1PK: keys.packageChangesList,
    GSI1SK: change.id,
  };
}

function toPackageChangeRecord(item: Record<string, unknown>): PackageChangeRecord {
  const record: Record<string, unknown> = { kind: item.changeKind, expiresAt: item.pendingUntil };
  for (const name of CHANGE_ATTRIBUTES) if (item[name] !== undefined) record[name] = item[name];
  return record as unknown as PackageChangeRecord;
}

export function createDynamoPackageChangeRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): PackageChangeRepository {
  const { db, TableName } = ctx;
  const decision = (
    change: PackageChangeRecord,
    to: "approved" | "rejected",
    made: Parameters<PackageChangeRepository["reject"]>[1],
  ) => pendingDecisionUpdate(TableName, keys.packageChange(change.id), to, made);

  return {
    async request(change, audit, answer) {
      const item = packageChangeItem(change);
      await keepPendingRequest(
        ctx,
        { item, requestId: change.requestId, counterOwner: change.packageId },
        audit,
        answer,
      );
    },

    async get(id) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.packageChange(id), ConsistentRead: true }));
      return Item ? toPackageChangeRecord(Item) : null;
    },

    async list() {
      const changes: PackageChangeRecord[] = [];
      const items = queryItems(ctx, {
        IndexName: "GSI1",
        KeyConditionExpression: "GSI1PK = :list",
        ExpressionAttributeValues: { ":list": keys.packageChangesList },
        ScanIndexForward: false,
      });
      for await (const item of items) changes.push(toPackageChangeRecord(item));
      return changes;
    },

    async approve(change, pkg, made, audit, answer) {
      await runTransaction(
        ctx,
        [
          { ...decision(change, "approved", made), marker: { requestId: made.requestId, attribute: "decisionId" } },
          ...(change.kind === "create"
            ? packageCreateItems(TableName, pkg, audit)
            : packageUpdateItems(TableName, pkg.id, change.fields, audit)),
        ],
        answer ? { answer } : {},
      );
    },

    async reject(change, made, audit, answer) {
      await runTransaction(
        ctx,
        [
          { ...decision(change, "rejected", made), marker: { requestId: made.requestId, attribute: "decisionId" } },
          countersUpdate(TableName, auditCounters(audit), change.packageId),
          auditPut(TableName, audit),
        ],
        answer ? { answer } : {},
      );
    },
  };
}
