import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";

/** Whether a single-item write was refused by its ConditionExpression (the SDK's class, or its name after a copy). */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof ConditionalCheckFailedException ||
  (error as { name?: string } | null | undefined)?.name === "ConditionalCheckFailedException";
