import type { TestProject } from "vitest/node";
import { type DynamoDbLocal, startDynamoDbLocal } from "../src/local/dynamodb-local.js";

/** One in-memory DynamoDB Local for the whole functions suite; each test file gets its own table. */
let dynamo: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  const port = Number(process.env.DYNAMODB_TEST_PORT ?? 8300);
  dynamo = await startDynamoDbLocal({ port });
  project.provide("dynamoEndpoint", dynamo.endpoint);
}

export async function teardown() {
  await dynamo?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
