import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { fromEnv } from "@aws-sdk/credential-provider-env";
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { config } from "../config.js";

/**
 * What every adapter needs: a document client, and the table. Tests put a client of their own between the code and
 * the table to inject faults; it stays a DynamoDBDocumentClient, which lib-dynamodb's paginators require.
 */
export interface DynamoContext {
  db: DynamoDBDocumentClient;
  TableName: string;
}

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * One client per container. Locally DYNAMODB_ENDPOINT points at DynamoDB Local, which accepts any credentials; in Lambda
 * the credentials are the environment's (the bundle carries no other provider: kernel/lambda-credentials.ts).
 */
export function dynamoDocumentClient(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { DYNAMODB_ENDPOINT, AWS_REGION } = config();
    const client = new DynamoDBClient({
      region: AWS_REGION,
      // The one retry layer for throttling, timeouts and dropped connections of a single request (the same
      // ClientRequestToken, so a TransactWriteItems retried here cannot apply twice). A cancelled transaction is never
      // retried here: runTransaction retries conflicts and settles a lost answer by the operation's marker.
      retryMode: "standard",
      maxAttempts: 4,
      ...(DYNAMODB_ENDPOINT
        ? { endpoint: DYNAMODB_ENDPOINT, credentials: { accessKeyId: "local", secretAccessKey: "local" } }
        : process.env.AWS_LAMBDA_FUNCTION_NAME
          ? // In Lambda the role's credentials are in the environment; nothing else of the default chain applies.
            { credentials: fromEnv() }
          : {}),
    });
    documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}

export function tableName(): string {
  return config().TABLE_NAME;
}

export function defaultDynamoContext(): DynamoContext {
  return { db: dynamoDocumentClient(), TableName: tableName() };
}

export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];
