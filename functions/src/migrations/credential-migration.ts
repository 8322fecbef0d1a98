/**
 * The migration behind `npm run migrate` that moves each account's credentials onto its own item
 * (docs/adr/0016-credentials-apart.md): the password hash and the second factor's state leave the user item (which
 * nearly every function reads) and the email marker (which carried a copy of the hash for sign-in) for the credential
 * item `CREDENTIAL#<userId>`, which only the sign-in functions may read. The user item keeps whether two-factor
 * sign-in is on (`twoFactorEnabled`), not how.
 *
 * Reads the admin's users list (GSI1 `USERS#<nn>`, no scan). Each account moves in one transaction: the credential item
 * written, the old attributes removed from the user item and the email marker. Idempotent: an account with nothing
 * left on its user item or marker is not touched; one whose credential item already exists (written by the code of
 * this release since) keeps it, and only loses the old copies. Each write is conditional on what was read, so a run
 * while the product serves never undoes a change made meanwhile: that account is counted `changed` and the next run
 * takes it.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoContext } from "../kernel/dynamo/client.js";
import { credentialItem } from "../kernel/dynamo/credential-items.js";
import { queryItems } from "../kernel/dynamo/index-pages.js";
import { keys } from "../kernel/dynamo/keys.js";
import { type MoveItem, refusing, runTransaction } from "../kernel/dynamo/transactions.js";
import type { Item } from "../kernel/dynamo/user-items.js";
import { MoveRefusedError, type TwoFactorState } from "../kernel/records.js";

export interface CredentialMigrationReport {
  /** User items read. */
  users: number;
  /** Accounts whose credentials were moved (or would be, in a dry run). */
  moved: number;
  /** Accounts that changed between the read and the write: left for the next run. */
  changed: number;
}

export async function moveCredentials(
  ctx: DynamoContext,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<CredentialMigrationReport> {
  const report: CredentialMigrationReport = { users: 0, moved: 0, changed: 0 };
  for (const pk of keys.usersListPartitions()) {
    const users = queryItems(ctx, {
      IndexName: "GSI1",
      KeyConditionExpression: "GSI1PK = :pk",
      ExpressionAttributeValues: { ":pk": pk },
    });
    for await (const user of users) {
      report.users += 1;
      const marker = await read(ctx, keys.emailMarker(String(user.email)));
      const onUser = user.passwordHash !== undefined || user.twoFactor !== undefined;
      const onMarker = marker?.userId === user.id && marker?.passwordHash !== undefined;
      if (!onUser && !onMarker) continue;
      if (dryRun) {
        report.moved += 1;
        continue;
      }
      const credential = await read(ctx, keys.credential(String(user.id)));
      try {
        await runTransaction(ctx, moveOf(ctx.TableName, user, onMarker ? marker : undefined, credential !== undefined));
        report.moved += 1;
      } catch (error) {
        if (!(error instanceof MoveRefusedError)) throw error;
        report.changed += 1;
      }
    }
  }
  return report;
}

async function read({ db, TableName }: DynamoContext, Key: { PK: string; SK: string }): Promise<Item | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName, Key, ConsistentRead: true }));
  return Item;
}

/**
 * The one transaction that moves an account. Without a credential item yet, it is written from the user item's hash
 * (else the marker's) and second factor, and the user item gets the flag of whether it is on; with one, it is the
 * newer, and only the old copies go.
 */
function moveOf(TableName: string, user: Item, marker: Item | undefined, hasCredential: boolean): MoveItem[] {
  const userId = String(user.id);
  const twoFactor = user.twoFactor as TwoFactorState | undefined;
  const seen = (attribute: "passwordHash" | "twoFactor") =>
    user[attribute] === undefined ? `attribute_not_exists(${attribute})` : `${attribute} = :${attribute}`;
  const seenValues = {
    ...(user.passwordHash === undefined ? {} : { ":passwordHash": user.passwordHash }),
    ...(twoFactor === undefined ? {} : { ":twoFactor": twoFactor }),
  };
  const items: MoveItem[] = [
    refusing("account-changed", {
      Update: {
        TableName,
        Key: keys.user(userId),
        UpdateExpression: hasCredential
          ? "REMOVE passwordHash, twoFactor"
          : "REMOVE passwordHash, twoFactor SET twoFactorEnabled = :enabled",
        ConditionExpression: `attribute_exists(PK) AND ${seen("passwordHash")} AND ${seen("twoFactor")}`,
        ExpressionAttributeValues: {
          ...seenValues,
          ...(hasCredential ? {} : { ":enabled": twoFactor?.enabled === true }),
        },
      },
    }),
  ];
  if (marker) {
    items.push(
      refusing("account-changed", {
        Update: {
          TableName,
          Key: keys.emailMarker(String(user.email)),
          UpdateExpression: "REMOVE passwordHash",
          ConditionExpression: "userId = :userId",
          ExpressionAttributeValues: { ":userId": userId },
        },
      }),
    );
  }
  const passwordHash = user.passwordHash ?? marker?.passwordHash;
  if (!hasCredential && typeof passwordHash === "string") {
    items.push(
      refusing("account-changed", {
        Put: {
          TableName,
          Item: credentialItem({ userId, passwordHash, ...(twoFactor ? { twoFactor } : {}) }),
          ConditionExpression: "attribute_not_exists(PK)",
        },
      }),
    );
  }
  return items;
}
