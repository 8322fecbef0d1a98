import type { RefusalReason } from "../ports.js";
import type { AttemptAdmission, AttemptGuardRepository, SpentProof } from "../proof-of-work-port.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { countHourly } from "./hourly-counters.js";
import { keys } from "./keys.js";
import { type MoveItem, refusing } from "./transactions.js";

const ADMISSION: Record<string, AttemptAdmission> = {
  "login-limit": "refused",
  "proof-needed": "proof-needed",
  "proof-spent": "proof-spent",
};

const admission = (refusal: RefusalReason | null): AttemptAdmission => {
  if (refusal === null) return "counted";
  const answer = ADMISSION[refusal];
  if (!answer) throw new Error(`Unexpected refusal while counting an attempt: ${refusal}`);
  return answer;
};

/**
 * Login attempts and reset requests counted against their hour's limits, one transaction each. The hard limits
 * (address; account from one address) refuse; the account's own limit asks for a proof of work instead, and an
 * attempt that brings one is counted on the account without a limit, in the same transaction as the proof's record.
 */
export function createDynamoAttemptGuardRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): AttemptGuardRepository {
  const { TableName } = ctx;

  /** The proof's record, written once: a second use of the same solved challenge fails its condition. */
  const spend = (proof: SpentProof): MoveItem =>
    refusing("proof-spent", {
      Put: {
        TableName,
        Item: {
          ...keys.spentProof(proof.id),
          type: "SpentProof",
          purpose: proof.purpose,
          expiresAt: proof.expiresAtEpochSeconds,
        },
        ConditionExpression: "attribute_not_exists(PK)",
      },
    });

  return {
    async admitLoginAttempt(attempt, limits, proof) {
      const refusal = await countHourly(
        ctx,
        [
          { key: keys.loginAttempts("IP", attempt.sourceIp, attempt.hour), limit: limits.perIpPerHour },
          {
            key: keys.loginAttemptsFromIp(attempt.email, attempt.sourceIp, attempt.hour),
            limit: limits.perAccountAndIpPerHour,
          },
          {
            key: keys.loginAttempts("EMAIL", attempt.email, attempt.hour),
            ...(proof ? {} : { limit: limits.perAccountPerHour, refusal: "proof-needed" as const }),
          },
        ],
        { expiresAtEpochSeconds: attempt.expiresAtEpochSeconds, type: "LoginThrottle" },
        proof ? [spend(proof)] : [],
      );
      return admission(refusal);
    },

    async admitPasswordResetRequest(request, limits, proof) {
      const refusal = await countHourly(
        ctx,
        [
          { key: keys.passwordResetRequests("IP", request.sourceIp, request.hour), limit: limits.perIpPerHour },
          {
            key: keys.passwordResetRequests("EMAIL", request.email, request.hour),
            ...(proof ? {} : { limit: limits.perEmailPerHour, refusal: "proof-needed" as const }),
          },
        ],
        { expiresAtEpochSeconds: request.expiresAtEpochSeconds, type: "PasswordResetThrottle" },
        proof ? [spend(proof)] : [],
      );
      return admission(refusal);
    },
  };
}
