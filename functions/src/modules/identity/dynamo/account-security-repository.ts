import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { isConditionFailure } from "../../../kernel/dynamo/condition-failure.js";
import { readCredential, toCredentialRecord } from "../../../kernel/dynamo/credential-items.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import { createDynamoUserReader } from "../../../kernel/dynamo/user-reader.js";
import { MoveRefusedError, type RefusalReason, type TwoFactorState, type UserRecord } from "../../../kernel/records.js";
import type { AccountSecurityRepository, CredentialReader, PasswordResetRecord } from "../port.js";
import type { SecondFactorCount, SecondFactorProof, SecondFactorRepository } from "../second-factor-port.js";
import type { SessionEntry } from "../sessions-port.js";
import { passwordResetPut } from "./password-reset-items.js";

/**
 * A proof counts once: for the secret it was checked against, while two-factor sign-in is on, and only for a time step
 * after the last one accepted, or a recovery code still in the set. (A proof whose state changed meanwhile is refused
 * like a used one.) Using it puts the second factor's budget back to zero in the same update.
 */
function proofUse(proof: SecondFactorProof) {
  const state = "twoFactor.enabled = :on AND twoFactor.secret = :secret";
  return proof.kind === "code"
    ? {
        condition: `${state} AND twoFactor.lastUsedStep < :step`,
        set: ["twoFactor.lastUsedStep = :step"],
        values: { ":step": proof.step } as Record<string, unknown>,
        deleteRecoveryCode: "",
      }
    : {
        condition: `${state} AND contains(twoFactor.recoveryCodeHashes, :hash)`,
        set: [] as string[],
        values: { ":hash": proof.hash, ":used": new Set([proof.hash]) } as Record<string, unknown>,
        deleteRecoveryCode: " DELETE twoFactor.recoveryCodeHashes :used",
      };
}

const BUDGET_RESET = "twoFactor.failures = :zero";

export function createDynamoAccountSecurityRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): AccountSecurityRepository & SecondFactorRepository & CredentialReader {
  const { db, TableName } = ctx;
  const { getUser } = createDynamoUserReader(ctx);

  /** One conditional update of the account's two-factor state (on its credential item); a failed condition is `refusal`. */
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
          Key: keys.credential(userId),
          UpdateExpression: update.expression,
          ConditionExpression: `attribute_exists(PK) AND ${update.condition}`,
          ExpressionAttributeValues: update.values,
          ReturnValues: "ALL_NEW",
        }),
      );
      return toCredentialRecord(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) throw new MoveRefusedError(update.refusal);
      throw error;
    }
  }

  /**
   * Turning two-factor sign-in on or off: the credential's state and the user item's flag, when it changed and the
   * sessions left, in one transaction; answers the user as it now is.
   */
  async function switchTwoFactor(
    userId: string,
    credential: { expression: string; condition: string; values: Record<string, unknown>; refusal: RefusalReason },
    user: { on: boolean; at: Date; keepSession: SessionEntry },
  ): Promise<UserRecord> {
    await runTransaction(ctx, [
      refusing(credential.refusal, {
        Update: {
          TableName,
          Key: keys.credential(userId),
          UpdateExpression: credential.expression,
          ConditionExpression: `attribute_exists(PK) AND ${credential.condition}`,
          ExpressionAttributeValues: credential.values,
        },
      }),
      refusing(credential.refusal, {
        Update: {
          TableName,
          Key: keys.user(userId),
          UpdateExpression: "SET twoFactorEnabled = :enabled, twoFactorChangedAt = :at, sessions = :sessions",
          ConditionExpression: "attribute_exists(PK)",
          ExpressionAttributeValues: {
            ":enabled": user.on,
            ":at": user.at.toISOString(),
            ":sessions": onlySession(user.keepSession),
          },
        },
      }),
    ]);
    const changed = await getUser(userId);
    if (!changed) throw new MoveRefusedError(credential.refusal);
    return changed;
  }

  /** An update a proof authorises, made only if that proof was never used (see `proofUse`). */
  const withProof = (userId: string, secret: string, proof: SecondFactorProof, set: string[], extra = {}) => {
    const use = proofUse(proof);
    return updateTwoFactor(userId, {
      expression: `SET ${[...use.set, ...set].join(", ")} REMOVE twoFactor.lockedUntil${use.deleteRecoveryCode}`,
      condition: use.condition,
      values: { ":on": true, ":secret": secret, ...use.values, ...extra },
      refusal: "code-used",
    });
  };

  /** Only the caller's session is left: turning two-factor sign-in on or off ends the account's others. */
  const onlySession = (entry: SessionEntry) => ({ [entry.id]: entry.expiresAtEpochSeconds });

  return {
    getCredential: (userId) => readCredential(ctx, userId),

    async savePasswordReset(reset) {
      await db.send(new PutCommand(passwordResetPut(TableName, reset)));
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
        // A new token version ends every session (and the session map is emptied with it); a link issued before the
        // last reset no longer counts.
        refusing("reset-link-invalid", {
          Update: {
            TableName,
            Key: keys.user(reset.userId),
            UpdateExpression: "SET passwordChangedAt = :now, sessions = :noSessions ADD tokenVersion :one",
            ConditionExpression:
              "attribute_exists(PK) AND isActive = :active AND " +
              "(attribute_not_exists(passwordChangedAt) OR passwordChangedAt < :issuedAt)",
            ExpressionAttributeValues: {
              ":now": nowIso,
              ":one": 1,
              ":active": true,
              ":issuedAt": reset.createdAt,
              ":noSessions": {},
            },
          },
        }),
        // The hash itself, on the credential item; the second factor stays as it was.
        refusing("reset-link-invalid", {
          Update: {
            TableName,
            Key: keys.credential(reset.userId),
            UpdateExpression: "SET passwordHash = :hash",
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeValues: { ":hash": passwordHash },
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

    async enableTwoFactor({ userId, secret, step, recoveryCodeHashes, keepSession, at }) {
      const state: TwoFactorState = {
        enabled: true,
        secret,
        lastUsedStep: step,
        recoveryCodeHashes: new Set(recoveryCodeHashes),
        failures: 0,
      };
      return switchTwoFactor(
        userId,
        {
          expression: "SET twoFactor = :state",
          condition: "twoFactor.enabled = :off AND twoFactor.pendingSecret = :secret",
          values: { ":state": state, ":off": false, ":secret": secret },
          refusal: "two-factor-changed",
        },
        { on: true, at, keepSession },
      );
    },

    async disableTwoFactor({ userId, secret, proof, keepSession, at }) {
      const use = proofUse(proof);
      return switchTwoFactor(
        userId,
        {
          expression: "REMOVE twoFactor",
          condition: use.condition,
          values: {
            ":on": true,
            ":secret": secret,
            // Only the condition's values: the whole state goes, the used recovery code with it.
            ...(proof.kind === "code" ? use.values : { ":hash": proof.hash }),
          },
          refusal: "code-used",
        },
        { on: false, at, keepSession },
      );
    },

    async useSecondFactor(userId, secret, proof) {
      const credential = await withProof(userId, secret, proof, [BUDGET_RESET], { ":zero": 0 });
      // DynamoDB drops a set whose last member is deleted: no attribute is no code left.
      return { recoveryCodesLeft: credential.twoFactor?.recoveryCodeHashes?.size ?? 0 };
    },

    async replaceRecoveryCodes(userId, secret, proof, hashes) {
      // A recovery code that authorises the change goes with the set it was in (a DELETE beside a SET of the same
      // attribute is not allowed in one update), so only its condition is kept.
      const use = proofUse(proof);
      await updateTwoFactor(userId, {
        expression: `SET ${[...use.set, BUDGET_RESET, "twoFactor.recoveryCodeHashes = :hashes"].join(", ")} REMOVE twoFactor.lockedUntil`,
        condition: use.condition,
        values: {
          ":on": true,
          ":secret": secret,
          ...(proof.kind === "code" ? use.values : { ":hash": proof.hash }),
          ":zero": 0,
          ":hashes": new Set(hashes),
        },
        refusal: "code-used",
      });
    },

    async countSecondFactorAttempt(userId, { max, nowEpochSeconds }): Promise<SecondFactorCount> {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName,
            Key: keys.credential(userId),
            UpdateExpression:
              "SET twoFactor.failures = if_not_exists(twoFactor.failures, :zero) + :one, twoFactor.countedAt = :now",
            ConditionExpression:
              "attribute_exists(twoFactor) AND " +
              "(attribute_not_exists(twoFactor.failures) OR twoFactor.failures < :max) AND " +
              "(attribute_not_exists(twoFactor.lockedUntil) OR twoFactor.lockedUntil <= :now)",
            ExpressionAttributeValues: { ":zero": 0, ":one": 1, ":max": max, ":now": nowEpochSeconds },
            ReturnValues: "UPDATED_NEW",
          }),
        );
        const counted = (Attributes?.twoFactor ?? {}) as TwoFactorState;
        return { counted: true, failures: Number(counted.failures) };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      // Refused: read what refused it, for the answer (until when) and to start a new budget after a lock.
      const state: Partial<TwoFactorState> = (await readCredential(ctx, userId))?.twoFactor ?? {};
      return {
        counted: false,
        failures: Number(state.failures ?? 0),
        ...(state.lockedUntil === undefined ? {} : { lockedUntil: Number(state.lockedUntil) }),
        ...(state.countedAt === undefined ? {} : { countedAt: Number(state.countedAt) }),
      };
    },

    async lockSecondFactor(userId, { max, untilEpochSeconds }) {
      try {
        await updateTwoFactor(userId, {
          expression: "SET twoFactor.lockedUntil = :until",
          condition: "twoFactor.failures >= :max AND attribute_not_exists(twoFactor.lockedUntil)",
          values: { ":max": max, ":until": untilEpochSeconds },
          refusal: "two-factor-changed",
        });
        return true;
      } catch (error) {
        if (error instanceof MoveRefusedError) return false;
        throw error;
      }
    },

    async renewSecondFactorBudget(userId, seen) {
      const condition =
        seen.lockedUntil === undefined
          ? "attribute_not_exists(twoFactor.lockedUntil) AND twoFactor.countedAt = :seen"
          : "twoFactor.lockedUntil = :seen";
      try {
        await updateTwoFactor(userId, {
          expression: `SET ${BUDGET_RESET} REMOVE twoFactor.lockedUntil`,
          condition,
          values: { ":zero": 0, ":seen": seen.lockedUntil ?? seen.countedAt ?? 0 },
          refusal: "two-factor-changed",
        });
      } catch (error) {
        // Another request renewed it first, or the state changed: either way there is nothing left to do.
        if (!(error instanceof MoveRefusedError)) throw error;
      }
    },
  };
}
