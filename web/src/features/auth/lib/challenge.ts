import { ApiError } from "../../../lib/api-client";

/**
 * The challenge of an answer that asks for a proof of work (design.md §12.2): a login's 401, or a reset request's
 * 429, with `challengeRequired` and the ALTCHA challenge to solve. Undefined for any other error.
 */
export function challengeOf(error: unknown): object | undefined {
  if (!(error instanceof ApiError) || error.details.challengeRequired !== true) return undefined;
  const { challenge } = error.details;
  return typeof challenge === "object" && challenge !== null ? challenge : undefined;
}
