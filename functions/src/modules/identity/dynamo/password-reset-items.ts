import { keys } from "../../../kernel/dynamo/keys.js";
import type { PasswordResetRecord } from "../port.js";

/** A reset link's item, written once (a token's hash names it): only the SHA-256 of its token is kept. */
export const passwordResetPut = (TableName: string, reset: PasswordResetRecord) => ({
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
});
