import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countHourly } from "../../../kernel/dynamo/hourly-counters.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { outboxItem } from "../../../kernel/dynamo/outbox.js";
import { type MoveItem, refusing } from "../../../kernel/dynamo/transactions.js";
import type { RefusalReason } from "../../../kernel/records.js";
import type { AttemptAdmission, AttemptGuardRepository, SpentProof } from "../proof-of-work-port.js";
import type { SignedInAttempt, SignedInBudgetRepository } from "../signed-in-budget-port.js";
import { passwordResetPut } from "./password-reset-items.js";

const ADMISSION: Record<string, AttemptAdmission> = {
  "login-limit": "refused",
  "proof-needed": "proof-needed",
  "proof-spent": "proof-spent",
  "sign-in-link": "sign-in-link",
};

const admission = (refusal: RefusalReason | null): AttemptAdmission => {
  if (refusal === null) return "counted";
  const answer = ADMISSION[refusal];
  if (!answer) throw new Error(`Unexpected refusal while counting an attempt: ${refusal}`);
  return answer;
};

/**
 * Login attempts, reset requests and a signed-in caller's own checks counted against their hour's limits, one transaction each. The hard limits
 * (address; account from one address) refuse; the account's own limit asks for a proof of work instead, and an
 * attempt that brings one is counted on the account up to the failures its cost covers, in the same transaction as the
 * proof's record. A login is also counted on the account's day, whose limit asks for a sign-in link (design.md §13.4).
 * A reset request for an account is written with its link and the email's outbox event, in the same transaction.
 */
export function createDynamoAttemptGuardRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): AttemptGuardRepository & SignedInBudgetRepository {
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

  const signedInKey = ({ check, userId, sourceIp, hour }: SignedInAttempt) =>
    keys.signedInAttempts(check === "step-up" ? "STEPUP" : "PASSWORDCHECK", userId, sourceIp, hour);

  return {
    async reserveSignedInAttempt(attempt, limit) {
      const refusal = await countHourly(ctx, [{ key: signedInKey(attempt), limit }], {
        expiresAtEpochSeconds: attempt.expiresAtEpochSeconds,
        type: "SignedInThrottle",
      });
      return refusal === null;
    },

    async releaseSignedInAttempt(attempt) {
      // Just counted in this hour's window, so the item exists and stays at or above zero.
      await ctx.db.send(
        new UpdateCommand({
          TableName,
          Key: signedInKey(attempt),
          UpdateExpression: "ADD attempts :minusOne",
          ExpressionAttributeValues: { ":minusOne": -1 },
        }),
      );
    },

    async admitLoginAttempt(attempt, limits, { proof, signInLink } = {}) {
      // Without a proof, the account's hourly limit asks for one; with one, the count its cost covers does.
      const hourLimit = proof ? proof.coversFailuresBelow : limits.perAccountPerHour;
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
            ...(hourLimit === undefined ? {} : { limit: hourLimit, refusal: "proof-needed" as const }),
          },
          // Last, so that the hour's refusals (and their proof of work) come first.
          {
            key: keys.loginFailuresOfDay(attempt.email, attempt.day),
            expiresAtEpochSeconds: attempt.dayExpiresAtEpochSeconds,
            ...(signInLink ? {} : { limit: limits.perAccountPerDay, refusal: "sign-in-link" as const }),
          },
        ],
        { expiresAtEpochSeconds: attempt.expiresAtEpochSeconds, type: "LoginThrottle" },
        proof ? [spend(proof.spent)] : [],
      );
      return admission(refusal);
    },

    async loginFailuresThisHour(attempt) {
      const { Item } = await ctx.db.send(
        new GetCommand({
          TableName,
          Key: keys.loginAttempts("EMAIL", attempt.email, attempt.hour),
          ConsistentRead: true,
        }),
      );
      return typeof Item?.attempts === "number" ? Item.attempts : 0;
    },

    async admitPasswordResetRequest(request, limits, proof, link) {
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
        [
          ...(proof ? [spend(proof)] : []),
          ...(link
            ? [
                { item: { Put: passwordResetPut(TableName, link.reset) } },
                {
                  item: {
                    Put: { TableName, Item: outboxItem(link.mail), ConditionExpression: "attribute_not_exists(PK)" },
                  },
                },
              ]
            : []),
        ],
      );
      return admission(refusal);
    },
  };
}
