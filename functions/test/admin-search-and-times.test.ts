/**
 * design.md §12.7, small truths: the admin user search finds a user by first name, last name, email or phone (a last
 * name alone too, and users registered before it could, once `npm run migrate` has run), and the transaction export
 * writes times on Nairobi's clock.
 */
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { AuthResponse, User } from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as exportTransactions } from "../src/handlers/http/export-admin-transactions.js";
import { defaultDynamoContext } from "../src/kernel/dynamo/client.js";
import { keys } from "../src/kernel/dynamo/keys.js";
import { ledgerItem } from "../src/kernel/dynamo/ledger-items.js";
import { ulid } from "../src/kernel/ids.js";
import type { LedgerLine } from "../src/kernel/records.js";
import { migrateIndexKeys } from "../src/migrations/index-key-migration.js";
import { readItem } from "./support/db.js";
import { gatewayEvent, testContext } from "./support/events.js";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { newRegistration } from "./support/users.js";

useLocalApi();

let admin: AuthResponse;
beforeAll(async () => {
  admin = await signUpAdmin();
});

/** A name no other user of this file's table shares, so a search for it finds exactly the one user. */
const uniqueName = (stem: string) => `${stem}${ulid().slice(-6).replace(/\d/g, "x").toLowerCase()}`;

async function register(firstName: string, lastName: string) {
  const input = newRegistration({ firstName, lastName });
  const registered = await api<AuthResponse>("POST", "/auth/register", { body: input });
  expect(registered.status).toBe(201);
  return { input, user: registered.body.user };
}

async function searchUsers(text: string): Promise<string[]> {
  const query = new URLSearchParams({ page: "1", limit: "10", search: text });
  const answer = await api<{ users: User[] }>("GET", `/admin/users?${query}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body.users.map((user) => user._id);
}

describe("GET /admin/users?search", () => {
  it("finds a user by first name, last name, full name, email or phone, whatever the case", async () => {
    const first = uniqueName("Achieng");
    const last = uniqueName("Otieno");
    const { input, user } = await register(first, last);

    expect(await searchUsers(first)).toEqual([user._id]);
    expect(await searchUsers(last)).toEqual([user._id]);
    expect(await searchUsers(last.toUpperCase())).toEqual([user._id]);
    expect(await searchUsers(last.slice(0, 9).toLowerCase())).toEqual([user._id]);
    expect(await searchUsers(`${first} ${last}`.toLowerCase())).toEqual([user._id]);
    expect(await searchUsers(`${last} ${first}`)).toEqual([user._id]);
    expect(await searchUsers(input.email.toUpperCase())).toEqual([user._id]);
    expect(await searchUsers(user.phoneNumber)).toEqual([user._id]);
    expect(await searchUsers(input.phoneNumber)).toEqual([user._id]); // as typed: 07…
  });

  it("lists a user found by both names once", async () => {
    const name = uniqueName("Njeri");
    const { user } = await register(name, name);
    expect(await searchUsers(name)).toEqual([user._id]);
  });

  it("finds by last name a user registered before that search existed, once npm run migrate has run, idempotently", async () => {
    const last = uniqueName("Mwangi");
    const { user } = await register(uniqueName("Baraka"), last);
    // The phone marker as registration wrote it before: the phone search entry only.
    const marker = keys.phoneMarker(user.phoneNumber);
    const { db, TableName } = defaultDynamoContext();
    await db.send(new UpdateCommand({ TableName, Key: marker, UpdateExpression: "REMOVE GSI3PK, GSI3SK" }));
    expect(await searchUsers(last)).toEqual([]);

    const dry = await migrateIndexKeys(defaultDynamoContext(), { dryRun: true });
    expect(dry.rewritten).toBe(1);
    expect(await searchUsers(last)).toEqual([]);

    const first = await migrateIndexKeys(defaultDynamoContext());
    expect(first.rewritten).toBe(1);
    expect(await readItem(marker)).toMatchObject({ GSI3PK: keys.userNameSearch(user._id) });
    expect(await searchUsers(last)).toEqual([user._id]);

    const again = await migrateIndexKeys(defaultDynamoContext());
    expect(again.rewritten).toBe(0);
  });
});

describe("GET /admin/transactions/export", () => {
  it("writes a line's time in Nairobi time with its offset, under a header that says so", async () => {
    const { user } = await register(uniqueName("Kamau"), uniqueName("Wekesa"));
    // A ledger line at a known instant: 21:30 UTC is 00:30 the next day in Nairobi.
    const line: LedgerLine = {
      id: ulid(),
      userId: user._id,
      type: "adjustment",
      balance: "wallet",
      amountCents: 12_345,
      status: "completed",
      description: "Known instant",
      reference: `EAT-${ulid()}`,
      createdAt: "2026-01-05T21:30:15.000Z",
    };
    const { db, TableName } = defaultDynamoContext();
    await db.send(
      new PutCommand({
        TableName,
        Item: ledgerItem(line, { firstName: user.firstName, lastName: user.lastName, email: user.email }),
      }),
    );

    const csv = await exportTransactions(
      gatewayEvent("export-admin-transactions", {
        token: admin.token,
        query: { search: line.reference, type: "", status: "" },
      }),
      testContext,
    );
    expect(csv.statusCode).toBe(200);
    const [header, row, ...rest] = (csv.body ?? "").trim().split("\r\n");
    expect(header?.split(",")[0]).toBe("Date (EAT)");
    expect(rest).toEqual([]);
    expect(row?.split(",")[0]).toBe("2026-01-06T00:30:15+03:00");
    expect(new Date(row?.split(",")[0] ?? "").toISOString()).toBe(line.createdAt);
    expect(row).toContain(",Known instant,");
  });
});
