import { auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { type CounterDeltas, countersUpdate, mergeCounters } from "../../../kernel/dynamo/counter-items.js";
import { packageItem } from "../../../kernel/dynamo/investment-items.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { refusing, runTransaction, type TransactionOptions } from "../../../kernel/dynamo/transactions.js";
import { type AuditRecord, MoveRefusedError, type PackageFields, type PackageRecord } from "../../../kernel/records.js";
import type { PackageRepository } from "../port.js";

/** The package's counters with the audit entry's, and the entry itself, for a change an admin made. */
function counted(TableName: string, packageId: string, deltas: CounterDeltas, audit?: AuditRecord) {
  return [
    ...(audit || Object.keys(deltas).length
      ? [countersUpdate(TableName, mergeCounters(deltas, audit ? auditCounters(audit) : {}), packageId)]
      : []),
    ...(audit ? [auditPut(TableName, audit)] : []),
  ];
}

/** A new package, counted in the statistics, with its audit entry; refused ("package-exists") if the id is taken. */
export function packageCreateItems(TableName: string, pkg: PackageRecord, audit?: AuditRecord) {
  return [
    refusing("package-exists", {
      Put: { TableName, Item: packageItem(pkg), ConditionExpression: "attribute_not_exists(PK)" },
    }),
    ...counted(TableName, pkg.id, { totalPackages: 1 }, audit),
  ];
}

/** An existing package's fields replaced, with its audit entry; refused ("package-missing") when it is gone. */
export function packageUpdateItems(TableName: string, packageId: string, fields: PackageFields, audit?: AuditRecord) {
  const entries = Object.entries(fields);
  return [
    refusing("package-missing", {
      Update: {
        TableName,
        Key: keys.package(packageId),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(", ")}`,
        ConditionExpression: "attribute_exists(PK)",
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
      },
    }),
    ...counted(TableName, packageId, {}, audit),
  ];
}

export function createDynamoPackageRepository(ctx: DynamoContext = defaultDynamoContext()): PackageRepository {
  const { TableName } = ctx;
  /** Runs the transaction; a refusal by the package's own condition answers false. */
  const conditional = async (items: Parameters<typeof runTransaction>[1], options?: TransactionOptions) => {
    try {
      await runTransaction(ctx, items, options);
      return true;
    } catch (error) {
      if (error instanceof MoveRefusedError) return false;
      throw error;
    }
  };

  return {
    create: (pkg, answer, audit) => conditional(packageCreateItems(TableName, pkg, audit), { answer }),

    async update(before, fields, audit) {
      // One conditional write (with its audit entry), no read first: the caller read the package with the request.
      const updated = await conditional(packageUpdateItems(TableName, before.id, fields, audit));
      return updated ? { ...before, ...fields } : null;
    },

    remove: (packageId, audit) =>
      conditional([
        refusing("package-missing", {
          Delete: { TableName, Key: keys.package(packageId), ConditionExpression: "attribute_exists(PK)" },
        }),
        ...counted(TableName, packageId, { totalPackages: -1 }, audit),
      ]),
  };
}
