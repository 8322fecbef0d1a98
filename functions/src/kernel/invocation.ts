import type { Context } from "aws-lambda";
import { type LogDetails, withLogKeys } from "./log.js";
import { flushMetrics } from "./metrics.js";

/** Functions that have served an invocation in this process (locally one process serves them all). */
const warm = new Set<string>();

/**
 * Wraps every Lambda invocation, HTTP or event: its lines carry the function, the request id, the cold-start flag
 * and the `keys` that say what it serves (correlation id, route); its metrics are published when it ends, whichever
 * way it ends.
 */
export async function observeInvocation<T>(context: Context, keys: LogDetails, work: () => Promise<T>): Promise<T> {
  const functionName = context?.functionName ?? "unknown";
  const coldStart = !warm.has(functionName);
  warm.add(functionName);
  return withLogKeys(
    {
      function_name: functionName,
      function_request_id: context?.awsRequestId,
      cold_start: coldStart,
      ...keys,
    },
    async () => {
      try {
        return await work();
      } finally {
        flushMetrics();
      }
    },
  );
}
