/**
 * `npm run migrate` moves each account's credentials onto its own item (docs/adr/0016-credentials-apart.md): accounts
 * made as the code of this release makes them are turned back into the old shape (hash and second factor on the user
 * item, a copy of the hash on the email marker), then moved, and signed in with over the local API.
 */
import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { defaultDynamoContext, dynamoDocumentClient, tableName } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { moveCredentials } from "../src/migrations/credential-migration.js";
import { readItem } from "./support/db.js";
import { useLocalApi } from "./support/local-api.js";
import { codeFor, freshStep } from "./support/step-up.js";
import { login, userWithTwoFactor } from "./support/two-factor.js";
import { registerUser } from "./support/users.js";

useLocalApi();

const db = () => dynamoDocumentClient();

/** Puts an account back in the shape it had before credentials had their own item. */
async function oldShape(userId: string, email: string) {
  const credential = await readItem(keys.credential(userId));
  if (!credential) throw new Error(`no credential for ${userId}`);
  const twoFactor = credential.twoFactor;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.credential(userId) }));
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: `SET passwordHash = :hash${twoFactor ? ", twoFactor = :twoFactor" : ""} REMOVE twoFactorEnabled`,
      ExpressionAttributeValues: {
        ":hash": credential.passwordHash,
        ...(twoFactor ? { ":twoFactor": twoFactor } : {}),
      },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.emailMarker(email),
      UpdateExpression: "SET passwordHash = :hash",
      ExpressionAttributeValues: { ":hash": credential.passwordHash },
    }),
  );
  return credential;
}

const accountItems = async (userId: string, email: string) => ({
  user: await readItem(keys.user(userId)),
  marker: await readItem(keys.emailMarker(email)),
  credential: await readItem(keys.credential(userId)),
});

describe("moving credentials onto their own item (npm run migrate)", () => {
  it("moves an old-shape account with and without two-factor sign-in; a second run changes nothing", async () => {
    const step = await freshStep();
    const plain = await registerUser();
    const guarded = await userWithTwoFactor(step);
    const plainCredential = await oldShape(plain.user._id, plain.input.email);
    const guardedCredential = await oldShape(guarded.user._id, guarded.input.email);
    const before = await accountItems(guarded.user._id, guarded.input.email);
    expect(before.user?.passwordHash).toBe(guardedCredential.passwordHash);
    expect(before.user?.twoFactor).toMatchObject({ enabled: true, secret: guarded.secret });

    // A dry run counts them and writes nothing.
    const dry = await moveCredentials(defaultDynamoContext(), { dryRun: true });
    expect(dry.moved).toBeGreaterThanOrEqual(2);
    expect(await accountItems(guarded.user._id, guarded.input.email)).toEqual(before);

    const first = await moveCredentials(defaultDynamoContext());
    expect(first.moved).toBeGreaterThanOrEqual(2);
    expect(first.changed).toBe(0);
    for (const [account, credential, on] of [
      [plain, plainCredential, false],
      [guarded, guardedCredential, true],
    ] as const) {
      const moved = await accountItems(account.user._id, account.input.email);
      expect(moved.credential).toEqual(credential);
      expect(moved.user).not.toHaveProperty("passwordHash");
      expect(moved.user).not.toHaveProperty("twoFactor");
      expect(moved.user?.twoFactorEnabled).toBe(on);
      expect(moved.marker).not.toHaveProperty("passwordHash");
    }

    // Idempotent: nothing is left to move, and every item stays as the first run left it.
    const after = {
      plain: await accountItems(plain.user._id, plain.input.email),
      guarded: await accountItems(guarded.user._id, guarded.input.email),
    };
    const second = await moveCredentials(defaultDynamoContext());
    expect(second).toMatchObject({ moved: 0, changed: 0 });
    expect({
      plain: await accountItems(plain.user._id, plain.input.email),
      guarded: await accountItems(guarded.user._id, guarded.input.email),
    }).toEqual(after);

    // Both sign in from the moved credentials: the password alone, and the password with a code.
    expect((await login(plain.input)).status).toBe(200);
    expect((await login(guarded.input)).body).toMatchObject({ twoFactorRequired: true });
    expect((await login({ ...guarded.input, otp: await codeFor(guarded.secret, step) })).status).toBe(200);
  });

  it("keeps a credential item already there (the newer) and only removes the old copies", async () => {
    const account = await registerUser();
    const current = await readItem(keys.credential(account.user._id));
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(account.user._id),
        UpdateExpression: "SET passwordHash = :stale",
        ExpressionAttributeValues: { ":stale": "$argon2id$stale" },
      }),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.emailMarker(account.input.email),
        UpdateExpression: "SET passwordHash = :stale",
        ExpressionAttributeValues: { ":stale": "$argon2id$stale" },
      }),
    );

    await moveCredentials(defaultDynamoContext());

    const moved = await accountItems(account.user._id, account.input.email);
    expect(moved.credential).toEqual(current);
    expect(moved.user).not.toHaveProperty("passwordHash");
    expect(moved.user?.twoFactorEnabled).toBeUndefined();
    expect(moved.marker).not.toHaveProperty("passwordHash");
    expect((await login(account.input)).status).toBe(200);
  });
});
