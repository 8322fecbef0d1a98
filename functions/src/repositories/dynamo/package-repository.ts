import { type AuditRecord, MoveRefusedError, type PackageRepository } from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { auditCounters, auditPut, type CounterDeltas, countersUpdate, mergeCounters, packageItem } from "./items.js";
import { keys } from "./keys.js";
import { refusing, runTransaction, type TransactionOptions } from "./transactions.js";

export function createDynamoPackageRepository(ctx: DynamoContext = defaultDynamoContext()): PackageRepository {
  const { TableName } = ctx;
  /** The package's counters with the audit entry's, and the entry itself, for a change an admin made. */
  const counted = (packageId: string, deltas: CounterDeltas, audit?: AuditRecord) => [
    ...(audit || Object.keys(deltas).length
      ? [countersUpdate(TableName, mergeCounters(deltas, audit ? auditCounters(audit) : {}), packageId)]
      : []),
    ...(audit ? [auditPut(TableName, audit)] : []),
  ];
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
    create: (pkg, answer, audit) =>
      conditional(
        [
          refusing("package-exists", {
            Put: { TableName, Item: packageItem(pkg), ConditionExpression: "attribute_not_exists(PK)" },
          }),
          ...counted(pkg.id, { totalPackages: 1 }, audit),
        ],
        { answer },
      ),

    async update(before, fields, audit) {
      // One conditional write (with its audit entry), no read first: the caller read the package with the request.
      const entries = Object.entries(fields);
      const updated = await conditional([
        refusing("package-missing", {
          Update: {
            TableName,
            Key: keys.package(before.id),
            UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(", ")}`,
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
          },
        }),
        ...counted(before.id, {}, audit),
      ]);
      return updated ? { ...before, ...fields } : null;
    },

    remove: (packageId, audit) =>
      conditional([
        refusing("package-missing", {
          Delete: { TableName, Key: keys.package(packageId), ConditionExpression: "attribute_exists(PK)" },
        }),
        ...counted(packageId, { totalPackages: -1 }, audit),
      ]),
  };
}
