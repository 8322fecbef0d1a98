import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { PackageRecord, PackageRepository } from "../ports.js";
import { dynamoDocumentClient, tableName } from "./client.js";
import { keys } from "./keys.js";
import { failedConditionIndexes } from "./transactions.js";

export function packageItem(pkg: PackageRecord): Record<string, unknown> {
  return {
    ...keys.package(pkg.id),
    type: "Package",
    ...pkg,
    GSI1PK: keys.packagesListPartition,
    GSI1SK: `${pkg.createdAt}#${pkg.id}`,
  };
}

export function createDynamoPackageRepository(): PackageRepository {
  const db = dynamoDocumentClient();
  const TableName = tableName();
  return {
    async create(pkg) {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName, Item: packageItem(pkg), ConditionExpression: "attribute_not_exists(PK)" } },
              {
                Update: {
                  TableName,
                  Key: keys.statsTotals(),
                  UpdateExpression: "ADD totalPackages :one",
                  ExpressionAttributeValues: { ":one": 1 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (failedConditionIndexes(error).includes(0)) return false;
        throw error;
      }
    },
  };
}
