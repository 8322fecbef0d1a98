import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * A document client whose every command goes to `send` first, which passes it on to `base` or fails it the way the
 * table might: the fault or the race a test puts between the code and the table. It shares `base`'s configuration
 * and is a DynamoDBDocumentClient, as lib-dynamodb's paginators require of the client they page with.
 */
export function sendingThrough(
  base: DynamoDBDocumentClient,
  send: (command: unknown) => Promise<unknown>,
): DynamoDBDocumentClient {
  const client = DynamoDBDocumentClient.from(base as unknown as DynamoDBClient, base.config.translateConfig);
  client.send = send as DynamoDBDocumentClient["send"];
  return client;
}
