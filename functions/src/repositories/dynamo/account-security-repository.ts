import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import {
  type AccountSecurityRepository,
  MoveRefusedError,
  type PasswordResetRecord,
  type RefusalReason,
  type TwoFactorState,
} from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { reserveHourlyCounts } from "./hourly-counters.js";
import { toUserRecord } from "./items.js";
import { keys } from "./keys.js";
import { refusing, runTransaction } from "./transactions.js";

/**
 * A code counts once: for the secret it was checked against, while two-factor sign-in is on, and only for a time step
 * after the last one accepted. (A code whose state changed meanwhile is refused like a used one.)
 */
const usedOnce = "twoFactor.enabled = :on AND twoFactor.secret = :secret AND twoFactor.lastUsedStep < :step";

const isConditionFailure = (error: unknown) => (error as Error | undefined)?.name === "ConditionalCheckFailedException";

export function createDynamoAccountSecurityRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): AccountSecurityRepository {
  const { db, TableName } = ctx;

  /** One conditional update of the user's two-factor state; a failed condition is `refusal`. */
  async function updateTwoFactor(
    userId: string,
    update: {
      expression: string;
      condition: string;
      values: Record<string, unknown>;
      refusal: RefusalReason;
    },
  ) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName,
          Key: keys.user(userId),
          UpdateExpression: update.expression,
          ConditionExpression: `attribute_exists(PK) AND ${update.condition}`,
          ExpressionAttributeValues: update.values,
          ReturnValues: "ALL_NEW",
        }),
      );
      return toUserRecord(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) throw new MoveRefusedError(update.refusal);
      throw error;
    }
  }

  /** An update a code authorises, made only if that code's step was never used (see `usedOnce`). */
  const withCode = (userId: string, secret: string, step: number, expression: string) =>
    updateTwoFactor(userId, {
      expression,
      condition: usedOnce,
      values: { ":on": true, ":secret": secret, ":step": step },
      refusal: "code-used",
    });

  return {
    reservePasswordResetRequest: (request, limits) =>
      reserveHourlyCounts(
        ctx,
        [
          { key: keys.passwordResetRequests("EMAIL", request.email, request.hour), limit: limits.perAccountPerHour },
          { key: keys.passwordResetRequests("IP", request.sourceIp, request.hour), limit: limits.perIpPerHour },
        ],
        { expiresAtEpochSeconds: request.expiresAtEpochSeconds, type: "PasswordResetThrottle" },
      ),

    async savePasswordReset(reset) {
      await db.send(
        new PutCommand({
          TableName,
          Item: {
            ...keys.passwordReset(reset.tokenHash),
            type: "PasswordReset",
            userId: reset.userId,
            email: reset.email,
            createdAt: reset.createdAt,
            // The TTL attribute: DynamoDB deletes the item some time after; the transaction's condition is exact.
            expiresAt: reset.expiresAtEpochSeconds,
          },
          ConditionExpression: "attribute_not_exists(PK)",
        }),
      );
    },

    async findPasswordReset(tokenHash): Promise<PasswordResetRecord | null> {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.passwordReset(tokenHash), ConsistentRead: true }),
      );
      if (!Item) return null;
      return {
        tokenHash,
        userId: String(Item.userId),
        email: String(Item.email),
        createdAt: String(Item.createdAt),
        expiresAtEpochSeconds: Number(Item.expiresAt),
      };
    },

    async resetPassword({ reset, passwordHash, now }) {
      const nowIso = now.toISOString();
      await runTransaction(ctx, [
        // Single use: the link is gone with the change, and only an unexpired one can be used.
        refusing("reset-link-invalid", {
          Delete: {
            TableName,
            Key: keys.passwordReset(reset.tokenHash),
            ConditionExpression: "attribute_exists(PK) AND expiresAt > :now AND userId = :userId",
            ExpressionAttributeValues: { ":now": Math.floor(now.getTime() / 1000), ":userId": reset.userId },
          },
        }),
        // A new token version ends every session; a link issued before the last reset no longer counts.
        refusing("reset-link-invalid", {
          Update: {
            TableName,
            Key: keys.user(reset.userId),
            UpdateExpression: "SET passwordHash = :hash, passwordChangedAt = :now ADD tokenVersion :one",
            ConditionExpression:
              "attribute_exists(PK) AND isActive = :active AND " +
              "(attribute_not_exists(passwordChangedAt) OR passwordChangedAt < :issuedAt)",
            ExpressionAttributeValues: {
              ":hash": passwordHash,
              ":now": nowIso,
              ":one": 1,
              ":active": true,
              ":issuedAt": reset.createdAt,
            },
          },
        }),
        // Login reads the hash from the email marker, so both change together.
        refusing("reset-link-invalid", {
          Update: {
            TableName,
            Key: keys.emailMarker(reset.email),
            UpdateExpression: "SET passwordHash = :hash",
            ConditionExpression: "userId = :userId",
            ExpressionAttributeValues: { ":hash": passwordHash, ":userId": reset.userId },
          },
        }),
      ]);
    },

    async startTwoFactorSetup(userId, pendingSecret) {
      const state: TwoFactorState = { enabled: false, pendingSecret };
      await updateTwoFactor(userId, {
        expression: "SET twoFactor = :state",
        condition: "(attribute_not_exists(twoFactor) OR twoFactor.enabled = :off)",
        values: { ":state": state, ":off": false },
        refusal: "two-factor-changed",
      });
    },

    async enableTwoFactor(userId, secret, step) {
      const state: TwoFactorState = { enabled: true, secret, lastUsedStep: step };
      return updateTwoFactor(userId, {
        expression: "SET twoFactor = :state",
        condition: "twoFactor.enabled = :off AND twoFactor.pendingSecret = :secret",
        values: { ":state": state, ":off": false, ":secret": secret },
        refusal: "two-factor-changed",
      });
    },

    disableTwoFactor: (userId, secret, step) => withCode(userId, secret, step, "REMOVE twoFactor"),

    async useTwoFactorStep(userId, secret, step) {
      await withCode(userId, secret, step, "SET twoFactor.lastUsedStep = :step");
    },
  };
}
