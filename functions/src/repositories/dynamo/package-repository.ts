import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { MoveRefusedError, type PackageRepository } from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { countersUpdate, packageItem, toPackageRecord } from "./items.js";
import { keys } from "./keys.js";
import { refusing, runTransaction, type TransactionOptions } from "./transactions.js";

export function createDynamoPackageRepository(ctx: DynamoContext = defaultDynamoContext()): PackageRepository {
  const { db, TableName } = ctx;
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
    create: (pkg, answer) =>
      conditional(
        [
          refusing("package-exists", {
            Put: { TableName, Item: packageItem(pkg), ConditionExpression: "attribute_not_exists(PK)" },
          }),
          countersUpdate(TableName, { totalPackages: 1 }, pkg.id),
        ],
        { answer },
      ),

    async update(id, fields) {
      // One conditional write, no read first.
      const entries = Object.entries(fields);
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName,
            Key: keys.package(id),
            UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(", ")}`,
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
            ReturnValues: "ALL_NEW",
          }),
        );
        return Attributes ? toPackageRecord(Attributes) : null;
      } catch (error) {
        if ((error as Error).name === "ConditionalCheckFailedException") return null;
        throw error;
      }
    },

    remove: (packageId) =>
      conditional([
        refusing("package-missing", {
          Delete: { TableName, Key: keys.package(packageId), ConditionExpression: "attribute_exists(PK)" },
        }),
        countersUpdate(TableName, { totalPackages: -1 }, packageId),
      ]),
  };
}
