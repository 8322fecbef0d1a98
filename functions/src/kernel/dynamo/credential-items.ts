import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { CredentialRecord, TwoFactorState } from "../records.js";
import type { DynamoContext } from "./client.js";
import { keys } from "./keys.js";
import type { Item } from "./user-items.js";

/** The credential item of an account (keys.credential): written with the account, changed only by the sign-in functions. */
export function credentialItem(credential: CredentialRecord): Item {
  return {
    ...keys.credential(credential.userId),
    type: "Credential",
    userId: credential.userId,
    passwordHash: credential.passwordHash,
    ...(credential.twoFactor ? { twoFactor: credential.twoFactor } : {}),
  };
}

export function toCredentialRecord(item: Item): CredentialRecord {
  return {
    userId: String(item.userId),
    passwordHash: String(item.passwordHash),
    ...(item.twoFactor ? { twoFactor: item.twoFactor as TwoFactorState } : {}),
  };
}

/** An account's credential, strongly consistent; null when it has none. */
export async function readCredential(
  { db, TableName }: DynamoContext,
  userId: string,
): Promise<CredentialRecord | null> {
  const { Item } = await db.send(new GetCommand({ TableName, Key: keys.credential(userId), ConsistentRead: true }));
  return Item ? toCredentialRecord(Item) : null;
}
