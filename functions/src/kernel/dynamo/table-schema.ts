import type { CreateTableCommandInput } from "@aws-sdk/client-dynamodb";

/**
 * The table's key schema, in one place: the CDK data stack and the local table creation both read it, so the
 * table DynamoDB Local serves is the one AWS gets. Plain data, no SDK or CDK types in the constant itself.
 */
export const tableKeySchema = {
  partitionKey: "PK",
  sortKey: "SK",
  gsis: [
    { name: "GSI1", partitionKey: "GSI1PK", sortKey: "GSI1SK" },
    { name: "GSI2", partitionKey: "GSI2PK", sortKey: "GSI2SK" },
    { name: "GSI3", partitionKey: "GSI3PK", sortKey: "GSI3SK" },
  ],
  /** Epoch seconds; DynamoDB deletes expired items (throttling windows, short-lived markers) for free. */
  ttlAttribute: "expiresAt",
  /**
   * How many partition key values each growing index list (and the statistics totals) is spread over, so that no
   * single key takes more than its share of a partition's throughput (docs/scaling.md). The CDK stack and the local
   * stack both pass it to the functions as INDEX_SHARDS; changing it means running `npm run migrate`.
   */
  indexShards: 16,
} as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, gsis } = tableKeySchema;
  const keyAttributes = [partitionKey, sortKey, ...gsis.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: "S" })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: "HASH" },
      { AttributeName: sortKey, KeyType: "RANGE" },
    ],
    GlobalSecondaryIndexes: gsis.map((g) => ({
      IndexName: g.name,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: "HASH" },
        { AttributeName: g.sortKey, KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    })),
  };
}
