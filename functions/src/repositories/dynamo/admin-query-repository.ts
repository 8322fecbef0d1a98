import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import {
  ADMIN_MAX_PAGE_WITHOUT_CURSOR,
  normalizeKenyanPhone,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "@jengafund/shared";
import type {
  AdminQueries,
  AdminStats,
  LedgerLine,
  Page,
  PageRequest,
  UserRecord,
  UserSummary,
  WithdrawalRecord,
} from "../ports.js";
import { batchGet } from "./batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { readTotals } from "./counters.js";
import { counterNames, toLedgerLine, toUserRecord, toWithdrawalRecord } from "./items.js";
import { keys } from "./keys.js";

type Item = Record<string, unknown>;

/** One sorted partition of an index: the list's newest-first order is its sort key, descending. */
interface Partition {
  index: "GSI1" | "GSI2" | "GSI3";
  value: string;
}

/** Search answers are assembled in memory; this bounds the work whatever the table holds. */
const SEARCH_CAP = 200;

const encodeCursor = (sortKey: string) => Buffer.from(sortKey, "utf8").toString("base64url");
const decodeCursor = (cursor: string | undefined) =>
  cursor ? Buffer.from(cursor, "base64url").toString("utf8") : undefined;

export function createDynamoAdminQueries(ctx: DynamoContext = defaultDynamoContext()): AdminQueries {
  const { db, TableName } = ctx;

  async function counters(names: string[]): Promise<Record<string, number>> {
    const { totals } = await readTotals(ctx);
    return Object.fromEntries(names.map((n) => [n, totals(n)]));
  }

  /**
   * One page, newest first, merged from sorted partitions that are read in parallel: each partition reads at most
   * limit + 1 items after the cursor, so a page costs the same whatever the table holds.
   */
  async function newestFirst(partitions: Partition[], limit: number, before?: string) {
    const pages = await Promise.all(
      partitions.map(async ({ index, value }) => {
        const { Items = [] } = await db.send(
          new QueryCommand({
            TableName,
            IndexName: index,
            KeyConditionExpression: `${index}PK = :pk${before ? ` AND ${index}SK < :before` : ""}`,
            ExpressionAttributeValues: { ":pk": value, ...(before ? { ":before": before } : {}) },
            ScanIndexForward: false,
            Limit: limit + 1,
          }),
        );
        return { index, items: Items };
      }),
    );
    const sortKey = (item: Item, index: string) => String(item[`${index}SK`]);
    const merged = pages
      .flatMap(({ index, items }) => items.map((item) => ({ item, key: sortKey(item, index) })))
      .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
    const taken = merged.slice(0, limit);
    // Each partition was asked for one more than a page, so more than a page in all means there is a next page.
    const last = taken.at(-1);
    return {
      items: taken.map((t) => t.item),
      nextCursor: merged.length > limit && last ? encodeCursor(last.key) : undefined,
    };
  }

  /**
   * The cursor when the client has one; otherwise the page is reached by walking from the first, one query per page
   * skipped, which is why the request schemas stop a page number alone at ADMIN_MAX_PAGE_WITHOUT_CURSOR.
   */
  async function pageOf(partitions: Partition[], request: PageRequest) {
    let before = decodeCursor(request.cursor);
    if (!before) {
      if (request.page > ADMIN_MAX_PAGE_WITHOUT_CURSOR) {
        throw new RangeError(`Page ${request.page} without a cursor is beyond ${ADMIN_MAX_PAGE_WITHOUT_CURSOR}`);
      }
      for (let page = 1; page < request.page; page++) {
        const skipped = await newestFirst(partitions, request.limit, before);
        if (!skipped.nextCursor) return { items: [], nextCursor: undefined };
        before = decodeCursor(skipped.nextCursor);
      }
    }
    return newestFirst(partitions, request.limit, before);
  }

  function inMemoryPage<T>(all: T[], request: PageRequest): Page<T> {
    const start = (request.page - 1) * request.limit;
    return { items: all.slice(start, start + request.limit), total: all.length };
  }

  async function queryPartition(index: Partition["index"], value: string, prefix?: string, limit = SEARCH_CAP) {
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName,
        IndexName: index,
        KeyConditionExpression: `${index}PK = :pk${prefix ? ` AND begins_with(${index}SK, :prefix)` : ""}`,
        ExpressionAttributeValues: { ":pk": value, ...(prefix ? { ":prefix": prefix } : {}) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items;
  }

  /** Users whose email, full name or phone number starts with the text. */
  async function searchUsers(text: string): Promise<UserRecord[]> {
    const lower = text.trim().toLowerCase();
    const digits = lower.replace(/[\s+-]/g, "");
    const phonePrefix = /^\d+$/.test(digits) ? (digits.startsWith("0") ? `254${digits.slice(1)}` : digits) : undefined;
    const [byEmail, byName, byPhone] = await Promise.all([
      queryPartition("GSI2", keys.userEmailSearchPartition, lower),
      queryPartition("GSI3", keys.userNameSearchPartition, lower),
      phonePrefix
        ? queryPartition("GSI2", keys.userPhoneSearchPartition, normalizeKenyanPhone(digits) ?? phonePrefix)
        : [],
    ]);
    const found = new Map<string, UserRecord>();
    for (const item of [...byEmail, ...byName]) found.set(String(item.id), toUserRecord(item));
    const missing = byPhone.map((m) => String(m.userId)).filter((id) => !found.has(id));
    if (missing.length) {
      for (const item of await batchGet(
        ctx,
        missing.slice(0, 100).map((id) => keys.user(id)),
      )) {
        found.set(String(item.id), toUserRecord(item));
      }
    }
    return [...found.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  }

  return {
    async stats(day): Promise<AdminStats> {
      const dayKey = keys.statsDay(day);
      const { totals, also } = await readTotals(ctx, [dayKey]);
      return {
        totalUsers: totals("totalUsers"),
        totalPackages: totals("totalPackages"),
        totalInvestments: totals("totalInvestments"),
        activeInvestments: totals("activeInvestments"),
        totalTransactions: totals("totalTransactions"),
        pendingWithdrawals: totals(counterNames.withdrawals("pending")),
        totalRevenueCents: totals("totalRevenueCents"),
        newUsersToday: Number(also(dayKey)?.newUsers ?? 0),
      };
    },

    async listUsers(request) {
      if (request.search?.trim()) return inMemoryPage(await searchUsers(request.search), request);
      const [page, totals] = await Promise.all([
        pageOf([{ index: "GSI1", value: keys.usersListPartition }], request),
        counters(["totalUsers"]),
      ]);
      return { items: page.items.map(toUserRecord), nextCursor: page.nextCursor, total: totals.totalUsers ?? 0 };
    },

    async listLedger(request): Promise<Page<LedgerLine & { user: UserSummary }>> {
      const { type, status } = request;
      if (request.search?.trim()) {
        const text = request.search.trim();
        const [byReference, byReceipt, users] = await Promise.all([
          queryPartition("GSI3", keys.ledgerByReference(text)),
          db.send(new GetCommand({ TableName, Key: keys.receiptMarker(text.toUpperCase()) })).then((r) => r.Item),
          searchUsers(text).then((found) => found.slice(0, 10)),
        ]);
        const ownLines = await Promise.all(
          users.map((u) =>
            db
              .send(
                new QueryCommand({
                  TableName,
                  KeyConditionExpression: "PK = :pk AND begins_with(SK, :tx)",
                  ExpressionAttributeValues: { ":pk": keys.user(u.id).PK, ":tx": keys.ledgerPrefix },
                  ScanIndexForward: false,
                  Limit: SEARCH_CAP,
                }),
              )
              .then((r) => r.Items ?? []),
          ),
        );
        const receiptLine = byReceipt
          ? await batchGet(ctx, [keys.ledgerLine(String(byReceipt.userId), String(byReceipt.lineId))])
          : [];
        const unique = new Map<string, LedgerLine & { user: UserSummary }>();
        for (const item of [...byReference, ...receiptLine, ...ownLines.flat()]) {
          const line = toLedgerLine(item);
          if ((!type || line.type === type) && (!status || line.status === status)) unique.set(line.id, line);
        }
        return inMemoryPage(
          [...unique.values()].sort((a, b) => (a.id < b.id ? 1 : -1)),
          request,
        );
      }
      const partitions: Partition[] =
        type || status
          ? (type ? [type] : TRANSACTION_TYPES).flatMap((t) =>
              (status ? [status] : TRANSACTION_STATUSES).map((s) => ({
                index: "GSI2" as const,
                value: keys.ledgerByTypeAndStatus(t, s),
              })),
            )
          : [{ index: "GSI1", value: keys.ledgerListPartition }];
      const totalName = counterNames.ledger({ type, status });
      const [page, totals] = await Promise.all([pageOf(partitions, request), counters([totalName])]);
      return { items: page.items.map(toLedgerLine), nextCursor: page.nextCursor, total: totals[totalName] ?? 0 };
    },

    async listWithdrawals(request): Promise<Page<WithdrawalRecord>> {
      const partition: Partition = request.status
        ? { index: "GSI2", value: keys.withdrawalsByStatusPartition(request.status) }
        : { index: "GSI1", value: keys.withdrawalsListPartition };
      const totalName = counterNames.withdrawals(request.status);
      const [page, totals] = await Promise.all([pageOf([partition], request), counters([totalName])]);
      return { items: page.items.map(toWithdrawalRecord), nextCursor: page.nextCursor, total: totals[totalName] ?? 0 };
    },
  };
}
