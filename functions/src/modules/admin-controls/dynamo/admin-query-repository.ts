import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import {
  ADMIN_MAX_PAGE_WITHOUT_CURSOR,
  normalizeKenyanPhone,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "@jengafund/shared";
import { toAuditRecord } from "../../../kernel/dynamo/audit-items.js";
import { batchGet } from "../../../kernel/dynamo/batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { counterNames } from "../../../kernel/dynamo/counter-items.js";
import { readTotals } from "../../../kernel/dynamo/counters.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { toLedgerLine } from "../../../kernel/dynamo/ledger-items.js";
import { toUserRecord } from "../../../kernel/dynamo/user-items.js";
import { toWithdrawalRecord } from "../../../kernel/dynamo/withdrawal-items.js";
import { InvalidInputError } from "../../../kernel/errors.js";
import type {
  AuditRecord,
  LedgerLine,
  Page,
  PageRequest,
  UserRecord,
  UserSummary,
  WithdrawalRecord,
} from "../../../kernel/records.js";
import type { AdminQueries, AdminStats } from "../port.js";

/** One sorted partition of an index: the list's newest-first order is its sort key, descending. */
interface Partition {
  index: "GSI1" | "GSI2" | "GSI3";
  value: string;
}

const onIndex = (index: Partition["index"], values: string[]): Partition[] => values.map((value) => ({ index, value }));

/** Search answers are assembled in memory; this bounds the work whatever the table holds. */
const SEARCH_CAP = 200;

/**
 * Where the next page starts in every partition of a list (its shards, or the shards of several type-and-status
 * lists): `after`, the sort key of the last item shown, and `done`, the partitions that have nothing more. The sort
 * keys of a list are unique across its partitions (ids, or a time with the id), so every partition not done resumes
 * exactly after `after`: that one key is each shard's position, and the cursor stays short however many shards
 * there are. Done partitions are not read again.
 */
interface Cursor {
  after: string;
  done: Set<number>;
}

function encodeCursor({ after, done }: Cursor): string {
  let mask = 0n;
  for (const i of done) mask |= 1n << BigInt(i);
  return Buffer.from(JSON.stringify({ a: after, d: mask.toString(16) }), "utf8").toString("base64url");
}

function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const { a, d } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { a: unknown; d: unknown };
    if (typeof a !== "string" || typeof d !== "string" || !/^[0-9a-f]{1,64}$/.test(d)) throw new Error();
    const mask = BigInt(`0x${d}`);
    const done = new Set<number>();
    for (let i = 0; mask >> BigInt(i) > 0n; i++) if ((mask >> BigInt(i)) & 1n) done.add(i);
    return { after: a, done };
  } catch {
    throw new InvalidInputError("cursor is not valid");
  }
}

export function createDynamoAdminQueries(ctx: DynamoContext = defaultDynamoContext()): AdminQueries {
  const { db, TableName } = ctx;

  async function counters(names: string[]): Promise<Record<string, number>> {
    const { totals } = await readTotals(ctx);
    return Object.fromEntries(names.map((n) => [n, totals(n)]));
  }

  /**
   * One page, newest first, merged from sorted partitions that are read in parallel (one round trip): each
   * partition not yet done reads at most limit + 1 items after the cursor, so a page costs the same whatever the
   * table holds and however deep the page is.
   */
  async function newestFirst(partitions: Partition[], limit: number, from?: Cursor) {
    const open = partitions.map((partition, i) => ({ ...partition, i })).filter(({ i }) => !from?.done.has(i));
    const pages = await Promise.all(
      open.map(async ({ index, value, i }) => {
        const { Items = [] } = await db.send(
          new QueryCommand({
            TableName,
            IndexName: index,
            KeyConditionExpression: `${index}PK = :pk${from ? ` AND ${index}SK < :after` : ""}`,
            ExpressionAttributeValues: { ":pk": value, ...(from ? { ":after": from.after } : {}) },
            ScanIndexForward: false,
            Limit: limit + 1,
          }),
        );
        return { i, items: Items.map((item) => ({ item, key: String(item[`${index}SK`]) })) };
      }),
    );
    const merged = pages
      .flatMap(({ i, items }) => items.map((entry) => ({ ...entry, i })))
      .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
    const taken = merged.slice(0, limit);
    const last = taken.at(-1);
    // Each partition was asked for one more than a page, so more than a page in all means there is a next page.
    if (merged.length <= limit || !last) return { items: taken.map((t) => t.item), nextCursor: undefined };
    // A partition is done when it had no more than a page and all of it was shown.
    const done = new Set(from?.done);
    for (const { i, items } of pages) {
      const oldest = items.at(-1);
      if (items.length <= limit && (!oldest || oldest.key >= last.key)) done.add(i);
    }
    return { items: taken.map((t) => t.item), nextCursor: encodeCursor({ after: last.key, done }) };
  }

  /**
   * The cursor when the client has one; otherwise the page is reached by walking from the first, one query per page
   * skipped, which is why the request schemas stop a page number alone at ADMIN_MAX_PAGE_WITHOUT_CURSOR.
   */
  async function pageOf(partitions: Partition[], request: PageRequest) {
    let from = decodeCursor(request.cursor);
    if (!from) {
      if (request.page > ADMIN_MAX_PAGE_WITHOUT_CURSOR) {
        throw new RangeError(`Page ${request.page} without a cursor is beyond ${ADMIN_MAX_PAGE_WITHOUT_CURSOR}`);
      }
      for (let page = 1; page < request.page; page++) {
        const skipped = await newestFirst(partitions, request.limit, from);
        if (!skipped.nextCursor) return { items: [], nextCursor: undefined };
        from = decodeCursor(skipped.nextCursor);
      }
    }
    return newestFirst(partitions, request.limit, from);
  }

  function inMemoryPage<T>(all: T[], request: PageRequest): Page<T> {
    const start = (request.page - 1) * request.limit;
    return { items: all.slice(start, start + request.limit), total: all.length };
  }

  /** One partition of an index (or of the table itself), newest first, its sort key starting with `prefix`. */
  async function queryPartition(
    index: Partition["index"] | "table",
    value: string,
    prefix?: string,
    limit = SEARCH_CAP,
  ) {
    const key = index === "table" ? "" : index;
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName,
        ...(index === "table" ? {} : { IndexName: index }),
        KeyConditionExpression: `${key}PK = :pk${prefix ? ` AND begins_with(${key}SK, :prefix)` : ""}`,
        ExpressionAttributeValues: { ":pk": value, ...(prefix ? { ":prefix": prefix } : {}) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items;
  }

  /** A prefix search over every shard of a list at once (each bounded like one partition). */
  const queryShards = (index: Partition["index"], values: string[], prefix: string) =>
    Promise.all(values.map((value) => queryPartition(index, value, prefix))).then((shards) => shards.flat());

  /**
   * Users whose email, phone number, full name ("first last") or name from the last ("last first") starts with the
   * text. The name partitions hold both: the user item carries the first, its phone marker the second.
   */
  async function searchUsers(text: string): Promise<UserRecord[]> {
    const lower = text.trim().toLowerCase();
    const digits = lower.replace(/[\s+-]/g, "");
    const phonePrefix = /^\d+$/.test(digits) ? (digits.startsWith("0") ? `254${digits.slice(1)}` : digits) : undefined;
    const [byEmail, byName, byPhone] = await Promise.all([
      queryShards("GSI2", keys.userEmailSearchPartitions(), lower),
      queryShards("GSI3", keys.userNameSearchPartitions(), lower),
      phonePrefix
        ? queryShards("GSI2", keys.userPhoneSearchPartitions(), normalizeKenyanPhone(digits) ?? phonePrefix)
        : [],
    ]);
    const found = new Map<string, UserRecord>();
    const isUser = (item: Record<string, unknown>) => item.type === "User";
    for (const item of [...byEmail, ...byName.filter(isUser)]) found.set(String(item.id), toUserRecord(item));
    const markers = [...byPhone, ...byName.filter((item) => !isUser(item))];
    const missing = [...new Set(markers.map((m) => String(m.userId)))].filter((id) => !found.has(id));
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
      const dayKeys = keys.statsPartitions().map((_, shard) => keys.statsDay(day, shard));
      const { totals, also } = await readTotals(ctx, dayKeys);
      return {
        totalUsers: totals("totalUsers"),
        totalPackages: totals("totalPackages"),
        totalInvestments: totals("totalInvestments"),
        activeInvestments: totals("activeInvestments"),
        totalTransactions: totals("totalTransactions"),
        pendingWithdrawals: totals(counterNames.withdrawals("pending")),
        totalRevenueCents: totals("totalRevenueCents"),
        newUsersToday: dayKeys.reduce((sum, key) => sum + Number(also(key)?.newUsers ?? 0), 0),
      };
    },

    async listUsers(request) {
      if (request.search?.trim()) return inMemoryPage(await searchUsers(request.search), request);
      const [page, totals] = await Promise.all([
        pageOf(onIndex("GSI1", keys.usersListPartitions()), request),
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
          users.map((u) => queryPartition("table", keys.user(u.id).PK, keys.ledgerPrefix)),
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
              (status ? [status] : TRANSACTION_STATUSES).flatMap((s) =>
                onIndex("GSI2", keys.ledgerByTypeAndStatusPartitions(t, s)),
              ),
            )
          : onIndex("GSI1", keys.ledgerListPartitions());
      const totalName = counterNames.ledger({ type, status });
      const [page, totals] = await Promise.all([pageOf(partitions, request), counters([totalName])]);
      return { items: page.items.map(toLedgerLine), nextCursor: page.nextCursor, total: totals[totalName] ?? 0 };
    },

    async listAudit(request): Promise<Page<AuditRecord>> {
      const { action } = request;
      if (request.search?.trim()) {
        // What it was done to, by id; and every action by, or on, the users the text finds.
        const text = request.search.trim();
        const users = (await searchUsers(text)).slice(0, 10);
        const found = await Promise.all([
          queryPartition("GSI3", keys.auditByTarget(text.toUpperCase())),
          ...users.flatMap((user) => [
            queryPartition("GSI3", keys.auditByTarget(user.id)),
            queryPartition("table", keys.auditByActorPartition(user.id), keys.auditEntryPrefix),
          ]),
        ]);
        const unique = new Map<string, AuditRecord>();
        for (const item of found.flat()) {
          const entry = toAuditRecord(item);
          if (!action || entry.action === action) unique.set(entry.id, entry);
        }
        return inMemoryPage(
          [...unique.values()].sort((a, b) => (a.id < b.id ? 1 : -1)),
          request,
        );
      }
      const partitions = action
        ? onIndex("GSI2", keys.auditByActionPartitions(action))
        : onIndex("GSI1", keys.auditListPartitions());
      const totalName = counterNames.audit(action);
      const [page, totals] = await Promise.all([pageOf(partitions, request), counters([totalName])]);
      return { items: page.items.map(toAuditRecord), nextCursor: page.nextCursor, total: totals[totalName] ?? 0 };
    },

    async listWithdrawals(request): Promise<Page<WithdrawalRecord>> {
      if (request.id !== undefined) {
        const { Item } = await db.send(new GetCommand({ TableName, Key: keys.withdrawal(request.id) }));
        const found = Item?.type === "Withdrawal" ? toWithdrawalRecord(Item) : undefined;
        const items = found && (!request.status || found.status === request.status) ? [found] : [];
        return { items, total: items.length };
      }
      const partitions = request.status
        ? onIndex("GSI2", keys.withdrawalsByStatusPartitions(request.status))
        : onIndex("GSI1", keys.withdrawalsListPartitions());
      const totalName = counterNames.withdrawals(request.status);
      const [page, totals] = await Promise.all([pageOf(partitions, request), counters([totalName])]);
      return { items: page.items.map(toWithdrawalRecord), nextCursor: page.nextCursor, total: totals[totalName] ?? 0 };
    },
  };
}
