/**
 * Index keys that grow with users or money moves are spread over INDEX_SHARDS partition key values, lists are read
 * by fanning out over every shard, and `npm run migrate`'s backfill brings items written before the sharding up to
 * today's keys.
 */

import { BatchWriteCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { AuthResponse, Transaction, User } from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as stats } from "../src/handlers/http/get-admin-stats.js";
import { handler as listTransactions } from "../src/handlers/http/list-admin-transactions.js";
import { handler as listUsers } from "../src/handlers/http/list-admin-users.js";
import { defaultDynamoContext, dynamoDocumentClient } from "../src/kernel/dynamo/client.js";
import { countersUpdate, ledgerCounters } from "../src/kernel/dynamo/counter-items.js";
import { indexShardCount, keys, shardOf } from "../src/kernel/dynamo/keys.js";
import { ledgerItem } from "../src/kernel/dynamo/ledger-items.js";
import { userItem } from "../src/kernel/dynamo/user-items.js";
import { ulid } from "../src/kernel/ids.js";
import type { LedgerLine, UserRecord } from "../src/kernel/records.js";
import { migrateIndexKeys } from "../src/migrations/index-key-migration.js";
import { signInAsAdmin } from "./support/admin.js";
import { call, gatewayEvent } from "./support/events.js";
import { sendingThrough } from "./support/sending-through.js";
import { registerUser } from "./support/users.js";

type Item = Record<string, unknown>;
type Page<K extends string, T> = { [P in K]: T[] } & { total: number; totalPages: number; nextCursor?: string };

let admin: AuthResponse;
beforeAll(async () => {
  admin = await signInAsAdmin();
});

/** Every Query the adapters send from now on, counted, so a test can see how many partitions a page read. */
let queries = 0;
beforeAll(() => {
  dynamoDocumentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === "QueryCommand") queries++;
      return next(args);
    },
    { step: "initialize", name: "countQueries" },
  );
});

async function scanAll(): Promise<Item[]> {
  const { db, TableName } = defaultDynamoContext();
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

async function putAll(items: Item[]) {
  const { db, TableName } = defaultDynamoContext();
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length) {
      const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
      pending = (UnprocessedItems?.[TableName] ?? []) as typeof pending;
    }
  }
}

const shardSuffix = (id: string) => `#${String(shardOf(id)).padStart(2, "0")}`;

/** Every page of an admin list, by cursor, until it has no next page. */
async function everyPage<K extends "transactions" | "users", T extends { _id: string }>(
  handler: typeof listTransactions,
  route: Parameters<typeof gatewayEvent>[0],
  field: K,
  query: Record<string, string>,
) {
  const pages: { ids: string[]; cursor?: string; queries: number }[] = [];
  let cursor: string | undefined;
  do {
    const before = queries;
    const { statusCode, body } = await call<Page<K, T>>(
      handler,
      gatewayEvent(route, {
        token: admin.token,
        query: { page: String(pages.length + 1), limit: "10", ...query, ...(cursor ? { cursor } : {}) },
      }),
    );
    expect(statusCode).toBe(200);
    cursor = body.nextCursor;
    pages.push({ ids: (body[field] as T[]).map((row) => row._id), cursor, queries: queries - before });
  } while (cursor && pages.length < 100);
  return pages;
}

describe("sharded index keys", () => {
  it("spreads ids evenly over the shards", () => {
    const counts = new Array<number>(indexShardCount).fill(0);
    const ids = 32_000;
    for (let i = 0; i < ids; i++) {
      const shard = shardOf(ulid());
      counts[shard] = (counts[shard] ?? 0) + 1;
    }
    expect(indexShardCount).toBe(16);
    // Binomial noise over 32,000 draws is about 3 % of a shard's 2,000; 15 % is far outside it.
    expect(Math.max(...counts) / ids).toBeLessThan((1 / indexShardCount) * 1.15);
    expect(Math.min(...counts) / ids).toBeGreaterThan((1 / indexShardCount) * 0.85);
  });

  it("writes every user, ledger line and phone entry under the shard of its own id", async () => {
    const registered = await Promise.all(Array.from({ length: 12 }, () => registerUser()));
    const items = await scanAll();
    for (const { user } of registered) {
      const profile = items.find((item) => item.PK === keys.user(user._id).PK && item.SK === "PROFILE");
      expect(profile).toMatchObject({
        GSI1PK: `USERS${shardSuffix(user._id)}`,
        GSI2PK: `USEREMAIL${shardSuffix(user._id)}`,
        GSI3PK: `USERNAME${shardSuffix(user._id)}`,
      });
      const phone = items.find(
        (item) => item.type === "UniqueMarker" && item.field === "phoneNumber" && item.userId === user._id,
      );
      expect(phone?.GSI2PK).toBe(`USERPHONE${shardSuffix(user._id)}`);
    }
    const lines = items.filter((item) => item.type === "Transaction");
    expect(lines.length).toBeGreaterThanOrEqual(12);
    for (const line of lines) {
      const id = String(line.id);
      expect(line.GSI1PK).toBe(`TX${shardSuffix(id)}`);
      expect(line.GSI2PK).toBe(`TX#${String(line.transactionType)}#${String(line.status)}${shardSuffix(id)}`);
    }
    // No key of any index holds more than a shard's share of the lists (and some noise: 12 users, 16 shards).
    const users = items.filter((item) => item.type === "User");
    const perKey = new Map<string, number>();
    for (const item of users) perKey.set(String(item.GSI1PK), (perKey.get(String(item.GSI1PK)) ?? 0) + 1);
    const heaviest = Math.max(...perKey.values());
    expect(heaviest).toBeLessThan(users.length);
  });

  it("pages a list spread over every shard newest first, each line once, skipping shards that are done", async () => {
    const { user } = await registerUser({ firstName: "Many", lastName: "Lines" });
    const summary = { id: user._id, firstName: user.firstName, lastName: user.lastName, email: user.email };
    const types: LedgerLine["type"][] = ["reward", "deposit", "adjustment"];
    const lines: LedgerLine[] = Array.from({ length: 95 }, (_, i) => ({
      id: ulid(),
      userId: user._id,
      type: types[i % 3] ?? "reward",
      balance: "wallet",
      amountCents: 100 + i,
      status: i % 5 === 0 ? "pending" : "completed",
      description: `Line ${i}`,
      reference: `SHARD-${i}`,
      createdAt: new Date().toISOString(),
    }));
    await putAll(lines.map((line) => ledgerItem(line, summary)));
    const { db, TableName } = defaultDynamoContext();
    const counted = countersUpdate(TableName, ledgerCounters(...lines), user._id).Update;
    if (counted) await db.send(new UpdateCommand(counted as never));

    const all = await everyPage<"transactions", Transaction>(
      listTransactions,
      "list-admin-transactions",
      "transactions",
      {},
    );
    const seen = all.flatMap((page) => page.ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(seen).toEqual(expect.arrayContaining(lines.map((line) => line.id)));
    expect(all.every((page) => (page.cursor?.length ?? 0) <= 512)).toBe(true);
    // The first page reads every shard of the list; by the last, the shards already emptied are not read again.
    expect(all[0]?.queries).toBe(indexShardCount);
    expect(all.at(-1)?.queries).toBeLessThan(indexShardCount);

    // A filter reads the shards of every matching type-and-status list the same way.
    const pendingRewards = await everyPage<"transactions", Transaction>(
      listTransactions,
      "list-admin-transactions",
      "transactions",
      { type: "reward", status: "pending" },
    );
    const expected = lines
      .filter((line) => line.type === "reward" && line.status === "pending")
      .map((line) => line.id)
      .sort()
      .reverse();
    expect(pendingRewards.flatMap((page) => page.ids)).toEqual(expected);
    const pending = await everyPage<"transactions", Transaction>(
      listTransactions,
      "list-admin-transactions",
      "transactions",
      { status: "pending" },
    );
    const pendingIds = pending.flatMap((page) => page.ids);
    expect(pendingIds).toEqual([...pendingIds].sort().reverse());
    expect(pendingIds).toEqual(
      expect.arrayContaining(lines.filter((line) => line.status === "pending").map((line) => line.id)),
    );
  });

  it("answers a cursor it did not give with 400", async () => {
    for (const cursor of ["not-a-cursor", Buffer.from('{"a":1}').toString("base64url")]) {
      const response = await call(
        listTransactions,
        gatewayEvent("list-admin-transactions", { token: admin.token, query: { page: "2", limit: "10", cursor } }),
      );
      expect(response).toEqual({ statusCode: 400, body: { message: "cursor is not valid" } });
    }
  });
});

describe("npm run migrate's backfill", () => {
  it("moves items written before the sharding onto their shards, once, and the lists and totals show them", async () => {
    const ctx = defaultDynamoContext();
    const statsBefore = (
      await call<{ stats: { totalUsers: number } }>(stats, gatewayEvent("get-admin-stats", { token: admin.token }))
    ).body.stats;
    // A user and a ledger line as the code before the sharding wrote them: one list key for all.
    const id = ulid();
    const createdAt = new Date().toISOString();
    const old: UserRecord = {
      id,
      firstName: "Legacy",
      lastName: "Investor",
      email: `legacy-${id.toLowerCase()}@example.com`,
      phoneNumber: "254700000001",
      passwordHash: "not-used",
      role: "investor",
      isTrialAccount: true,
      trialBalanceCents: 100_000,
      walletBalanceCents: 0,
      totalReferralEarningsCents: 0,
      referralCode: `LEG${id.slice(-5)}`,
      isActive: true,
      tokenVersion: 0,
      createdAt,
    } as UserRecord;
    const line: LedgerLine = {
      id: ulid(),
      userId: id,
      type: "trial",
      balance: "trial",
      amountCents: 100_000,
      status: "completed",
      description: "Trial",
      reference: `LEGACY-${id}`,
      createdAt,
    };
    const summary = { id, firstName: old.firstName, lastName: old.lastName, email: old.email };
    await putAll([
      { ...userItem(old), GSI1PK: "USERS", GSI2PK: "USEREMAIL", GSI3PK: "USERNAME" },
      { ...ledgerItem(line, summary), GSI1PK: "TX", GSI2PK: "TX#trial#completed" },
      { PK: "STATS", SK: "TOTALS#3", type: "Counters", totalUsers: 1, totalTransactions: 1 },
      { PK: "STATS", SK: "MATURES#2031-01-01", maturing: 2 },
    ]);
    const dry = await migrateIndexKeys(ctx, { dryRun: true });
    expect(dry).toMatchObject({ rewritten: 2, countersMoved: 2 });

    const first = await migrateIndexKeys(ctx);
    expect(first).toMatchObject({ rewritten: 2, countersMoved: 2 });
    const again = await migrateIndexKeys(ctx);
    expect(again).toMatchObject({ rewritten: 0, countersMoved: 0 });

    const items = await scanAll();
    expect(items.find((item) => item.PK === `USER#${id}` && item.SK === "PROFILE")).toMatchObject({
      GSI1PK: `USERS${shardSuffix(id)}`,
      GSI2PK: `USEREMAIL${shardSuffix(id)}`,
      GSI3PK: `USERNAME${shardSuffix(id)}`,
    });
    expect(items.some((item) => item.PK === "STATS" && item.SK === "TOTALS#3")).toBe(false);
    expect(items.find((item) => item.SK === "MATURES#2031-01-01")).toMatchObject({ PK: "STATS#00", maturing: 2 });
    const users = await everyPage<"users", User>(listUsers, "list-admin-users", "users", {});
    expect(users.flatMap((page) => page.ids)).toContain(id);
    const found = await call<Page<"users", User>>(
      listUsers,
      gatewayEvent("list-admin-users", { token: admin.token, query: { page: "1", limit: "10", search: "legacy" } }),
    );
    expect(found.body.users.map((u) => u._id)).toEqual([id]);
    const trial = await call<Page<"transactions", Transaction>>(
      listTransactions,
      gatewayEvent("list-admin-transactions", {
        token: admin.token,
        query: { page: "1", limit: "10", type: "trial", status: "completed" },
      }),
    );
    expect(trial.body.transactions.map((t) => t._id)).toContain(line.id);
    const statsAfter = (
      await call<{ stats: { totalUsers: number } }>(stats, gatewayEvent("get-admin-stats", { token: admin.token }))
    ).body.stats;
    expect(statsAfter.totalUsers).toBe(statsBefore.totalUsers + 1);
  });

  it("never overwrites a change made between its read and its rewrite", async () => {
    const { db, TableName } = defaultDynamoContext();
    const id = ulid();
    const line: LedgerLine = {
      id,
      userId: id,
      type: "deposit",
      balance: "wallet",
      amountCents: 100,
      status: "pending",
      description: "Deposit",
      reference: `RACE-${id}`,
      createdAt: new Date().toISOString(),
    };
    const summary = { id, firstName: "Race", lastName: "Deposit", email: "race@example.com" };
    await putAll([{ ...ledgerItem(line, summary), GSI1PK: "TX", GSI2PK: "TX#deposit#pending" }]);
    // The deposit settles (as the code before the sharding settled it) just as the migration rewrites its keys.
    let settled = false;
    const racing = {
      TableName,
      db: sendingThrough(db, async (command: unknown) => {
        if (!settled && command instanceof UpdateCommand && command.input.Key?.SK === `TX#${id}`) {
          settled = true;
          await db.send(
            new UpdateCommand({
              TableName,
              Key: command.input.Key,
              UpdateExpression: "SET #status = :completed, GSI2PK = :old",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: { ":completed": "completed", ":old": "TX#deposit#completed" },
            }),
          );
        }
        return db.send(command as never);
      }),
    };
    await migrateIndexKeys(racing);
    expect(settled).toBe(true);
    const [item] = (await scanAll()).filter((candidate) => candidate.SK === `TX#${id}`);
    expect(item).toMatchObject({
      status: "completed",
      GSI1PK: `TX${shardSuffix(id)}`,
      GSI2PK: `TX#deposit#completed${shardSuffix(id)}`,
    });
  });
});
