import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { createTableInput, tableKeySchema } from "../kernel/dynamo/table-schema.js";

/** Creates the table (same key schema as the CDK table) unless it already exists. Dev and test only. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<"created" | "existing"> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return "existing";
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableKeySchema.ttlAttribute, Enabled: true },
    }),
  );
  return "created";
}
