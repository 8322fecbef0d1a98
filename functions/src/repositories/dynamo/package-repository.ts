import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { PackageRepository } from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { countersUpdate, packageItem, toPackageRecord } from "./items.js";
import { keys } from "./keys.js";
import { failedConditionIndexes, runTransaction } from "./transactions.js";

export function createDynamoPackageRepository(ctx: DynamoContext = defaultDynamoContext()): PackageRepository {
  const { db, TableName } = ctx;
  /** Runs the transaction; a failed condition on its first item (the package itself) answers false. */
  const conditional = async (items: Parameters<typeof runTransaction>[1]) => {
    try {
      await runTransaction(ctx, items);
      return true;
    } catch (error) {
      if (failedConditionIndexes(error).includes(0)) return false;
      throw error;
    }
  };

  return {
    create: (pkg) =>
      conditional([
        { Put: { TableName, Item: packageItem(pkg), ConditionExpression: "attribute_not_exists(PK)" } },
        countersUpdate(TableName, { totalPackages: 1 }),
      ]),

    update: (pkg) =>
      conditional([{ Put: { TableName, Item: packageItem(pkg), ConditionExpression: "attribute_exists(PK)" } }]),

    remove: (packageId) =>
      conditional([
        { Delete: { TableName, Key: keys.package(packageId), ConditionExpression: "attribute_exists(PK)" } },
        countersUpdate(TableName, { totalPackages: -1 }),
      ]),

    async get(packageId) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.package(packageId), ConsistentRead: true }));
      return Item ? toPackageRecord(Item) : null;
    },
  };
}
