import type { PackageRepository } from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { countersUpdate, packageItem } from "./items.js";
import { failedConditionIndexes, runTransaction } from "./transactions.js";

export function createDynamoPackageRepository(ctx: DynamoContext = defaultDynamoContext()): PackageRepository {
  const { TableName } = ctx;
  return {
    async create(pkg) {
      try {
        await runTransaction(ctx, [
          { Put: { TableName, Item: packageItem(pkg), ConditionExpression: "attribute_not_exists(PK)" } },
          countersUpdate(TableName, { totalPackages: 1 }),
        ]);
        return true;
      } catch (error) {
        if (failedConditionIndexes(error).includes(0)) return false;
        throw error;
      }
    },
  };
}
