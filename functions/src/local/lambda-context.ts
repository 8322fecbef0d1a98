import { randomUUID } from "node:crypto";
import type { Context } from "aws-lambda";

/**
 * The Lambda context a local invocation gets: the function's name, a request id, and a clock running down from the
 * function's timeout from the moment it is made, as in Lambda. Dev and test only.
 */
export function localLambdaContext(functionName: string, options: { timeoutMs: number; requestId?: string }): Context {
  const deadline = Date.now() + options.timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: "512",
    awsRequestId: options.requestId ?? randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}
