import {
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactGetCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import type { TokenCache } from "../ports.js";
import {
  type DepositRecord,
  type DepositRepository,
  type PayoutRepository,
  type PromptLimit,
  type PromptReservation,
  summaryOf,
} from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import { dayCountersUpdate, dayOf, depositDay, payoutDay } from "./day-counters.js";
import { stkDepositCounters } from "./deposit-channel-counters.js";
import {
  countersUpdate,
  depositItem,
  ledgerCounters,
  ledgerItem,
  ledgerStatusChangeCounters,
  ledgerStatusUpdate,
  mergeCounters,
  statusTransition,
  toDepositRecord,
  toUserRecord,
  toWithdrawalRecord,
  withdrawalRefund,
  withdrawalStatusChangeCounters,
} from "./items.js";
import { type Key, keys } from "./keys.js";
import { outboxPut } from "./outbox-repository.js";
import { provenPayoutNumberUpdate } from "./payout-number-items.js";
import { firstProofItems } from "./payout-number-proof-items.js";
import { type MoveItem, markerPut, refusing, runTransaction, type TransactItem } from "./transactions.js";

/** Every page of a query, followed until DynamoDB has no more (or `enough` says so): a Limit or a filter ends a page early. */
async function queryAll(
  ctx: DynamoContext,
  input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">,
  enough: (items: Record<string, unknown>[], count: number) => boolean = () => false,
): Promise<{ items: Record<string, unknown>[]; count: number }> {
  const items: Record<string, unknown>[] = [];
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ctx.db.send(new QueryCommand({ ...input, TableName: ctx.TableName, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && !enough(items, count));
  return { items, count };
}

/**
 * queryAll over every shard of a sharded list at once (`:pk` is set to each shard's partition key): `enough` is asked
 * per shard, so a bound given as a total bounds each shard's reading too.
 */
async function queryAllShards(
  ctx: DynamoContext,
  partitions: string[],
  input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">,
  enough?: (items: Record<string, unknown>[], count: number) => boolean,
): Promise<{ items: Record<string, unknown>[]; count: number }> {
  const shards = await Promise.all(
    partitions.map((pk) =>
      queryAll(ctx, { ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ":pk": pk } }, enough),
    ),
  );
  return { items: shards.flatMap((shard) => shard.items), count: shards.reduce((sum, shard) => sum + shard.count, 0) };
}

/**
 * The wallet credit of a completed deposit, STK or Paybill: the first real money ends the trial, so from now on the
 * account spends its wallet.
 */
export function depositWalletCredit(TableName: string, userId: string, amountCents: number): TransactItem {
  return {
    Update: {
      TableName,
      Key: keys.user(userId),
      UpdateExpression: "ADD walletBalanceCents :amount SET isTrialAccount = :false",
      ConditionExpression: "attribute_exists(PK)",
      ExpressionAttributeValues: { ":amount": amountCents, ":false": false },
    },
  };
}

/**
 * An M-Pesa receipt taken once: an STK receipt and a Paybill TransID share the RECEIPT# marker, so no receipt
 * credits twice, whichever way it arrives. Refused as "duplicate-receipt".
 */
export function receiptMarkerPut(
  TableName: string,
  receipt: string,
  record: Record<string, unknown>,
  marker?: MoveItem["marker"],
): MoveItem {
  return {
    ...refusing("duplicate-receipt", {
      Put: {
        TableName,
        Item: { ...keys.receiptMarker(receipt), type: "ReceiptMarker", ...record },
        ConditionExpression: "attribute_not_exists(PK)",
      },
    }),
    ...(marker ? { marker } : {}),
  };
}

/**
 * A deposit's own status change, conditional on the status it was read with, moving it between status lists: refused
 * as "not-pending" when another settlement came first.
 */
function depositStatusUpdate(
  TableName: string,
  deposit: DepositRecord,
  from: DepositRecord["status"],
  to: DepositRecord["status"],
  set: Record<string, unknown>,
): MoveItem {
  return refusing(
    "not-pending",
    statusTransition(TableName, keys.deposit(deposit.checkoutRequestId), {
      from,
      to,
      partition: keys.depositsByStatus(to, deposit.checkoutRequestId),
      set,
    }),
  );
}

interface PromptCounter {
  Key: Key;
  type: string;
  attribute: string;
  /** The limit this counter carries. */
  limit: PromptLimit;
}

/** How many of the user's deposits are pending: no window, a settlement gives its slot back. */
const pendingDeposits = (userId: string): PromptCounter => ({
  Key: keys.pendingDeposits(userId),
  type: "PendingDeposits",
  attribute: "pending",
  limit: "pending-deposits",
});

/** The counters starting a deposit moves (design.md §9); the hourly ones expire by TTL. */
const promptCounters = ({ userId, phoneNumber, hour }: PromptReservation) => ({
  pending: pendingDeposits(userId),
  user: {
    Key: keys.stkPrompts("USER", userId, hour),
    type: "StkPromptThrottle",
    attribute: "prompts",
    limit: "prompts-per-user" as const,
  },
  phone: {
    Key: keys.stkPrompts("PHONE", phoneNumber, hour),
    type: "StkPromptThrottle",
    attribute: "prompts",
    limit: "prompts-per-phone" as const,
  },
});

/** One more on a counter, refused (with the counter's limit) by its condition once it has reached the limit. */
function countUp(TableName: string, counter: PromptCounter, limit: number, expiresAt?: number): MoveItem {
  return refusing(counter.limit, {
    Update: {
      TableName,
      Key: counter.Key,
      UpdateExpression: `ADD #count :one SET #type = :type${expiresAt === undefined ? "" : ", expiresAt = :expiresAt"}`,
      ConditionExpression: "attribute_not_exists(#count) OR #count < :limit",
      ExpressionAttributeNames: { "#count": counter.attribute, "#type": "type" },
      ExpressionAttributeValues: {
        ":one": 1,
        ":limit": limit,
        ":type": counter.type,
        ...(expiresAt === undefined ? {} : { ":expiresAt": expiresAt }),
      },
    },
  });
}

/** One back, without a condition: giving a slot back never stands in the way of a settlement. */
function countDown(TableName: string, counter: PromptCounter): TransactItem {
  return {
    Update: {
      TableName,
      Key: counter.Key,
      UpdateExpression: "ADD #count :minusOne",
      ExpressionAttributeNames: { "#count": counter.attribute },
      ExpressionAttributeValues: { ":minusOne": -1 },
    },
  };
}

export function createDynamoDepositRepository(ctx: DynamoContext = defaultDynamoContext()): DepositRepository {
  const { db, TableName } = ctx;
  return {
    async reservePrompt(reservation, limits) {
      const counters = promptCounters(reservation);
      // The first failed item is the refusal: an hourly limit goes first, as its wait is the longer one.
      await runTransaction(ctx, [
        countUp(TableName, counters.user, limits.maxPromptsPerUserPerHour, reservation.expiresAtEpochSeconds),
        countUp(TableName, counters.phone, limits.maxPromptsPerPhonePerHour, reservation.expiresAtEpochSeconds),
        countUp(TableName, counters.pending, limits.maxPendingDepositsPerUser),
      ]);
    },

    async releasePrompt(reservation, { promptSent }) {
      const counters = promptCounters(reservation);
      await runTransaction(ctx, [
        countDown(TableName, counters.pending),
        ...(promptSent ? [] : [countDown(TableName, counters.user), countDown(TableName, counters.phone)]),
      ]);
    },

    async create(deposit, line, user, answer) {
      await runTransaction(
        ctx,
        [
          // The deposit is its own creation marker; Daraja's id is unique per push.
          markerPut(TableName, depositItem(deposit), deposit.checkoutRequestId),
          // Daraja may also confirm an STK payment to the Paybill's C2B URL, naming this reference: the settle of
          // that confirmation tells it from a Paybill payment whose payer typed a look-alike (services/paybill.ts).
          ...(deposit.accountReference
            ? [
                {
                  Put: {
                    TableName,
                    Item: {
                      ...keys.stkReference(deposit.accountReference),
                      type: "StkReference",
                      checkoutRequestId: deposit.checkoutRequestId,
                      amountCents: deposit.amountCents,
                      createdAt: deposit.createdAt,
                    },
                  },
                },
              ]
            : []),
          {
            Put: {
              TableName,
              Item: ledgerItem(line, summaryOf(user)),
              ConditionExpression: "attribute_not_exists(PK)",
            },
          },
          countersUpdate(TableName, ledgerCounters(line), deposit.userId),
        ],
        { answer },
      );
    },

    async get(checkoutRequestId) {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.deposit(checkoutRequestId), ConsistentRead: true }),
      );
      return Item ? toDepositRecord(Item) : null;
    },

    async getWithOwner(checkoutRequestId, userId) {
      const { Responses = [] } = await db.send(
        new TransactGetCommand({
          TransactItems: [
            { Get: { TableName, Key: keys.deposit(checkoutRequestId) } },
            { Get: { TableName, Key: keys.user(userId) } },
          ],
        }),
      );
      const [deposit, user] = Responses.map((r) => r?.Item);
      return { deposit: deposit ? toDepositRecord(deposit) : null, user: user ? toUserRecord(user) : null };
    },

    async payoutNumberStanding(userId, msisdn) {
      const { Responses = [] } = await db.send(
        new TransactGetCommand({
          TransactItems: [
            { Get: { TableName, Key: keys.user(userId), ProjectionExpression: "phoneNumber" } },
            { Get: { TableName, Key: keys.payoutNumber(userId, msisdn), ProjectionExpression: "PK" } },
          ],
        }),
      );
      const [user, proven] = Responses.map((r) => r?.Item);
      return {
        ...(typeof user?.phoneNumber === "string" ? { registeredPhoneNumber: user.phoneNumber } : {}),
        proven: proven !== undefined,
      };
    },

    async complete(deposit, from, receipt, at, firstProof) {
      const items: (MoveItem | TransactItem)[] = [
        depositStatusUpdate(TableName, deposit, from, "completed", { settledAt: at, ...(receipt ? { receipt } : {}) }),
        depositWalletCredit(TableName, deposit.userId, deposit.amountCents),
        ledgerStatusUpdate(TableName, deposit.userId, deposit.ledgerLineId, "deposit", from, "completed", at, {
          ...(receipt ? { mpesaTransactionId: receipt } : {}),
        }),
        countersUpdate(
          TableName,
          mergeCounters(
            ledgerStatusChangeCounters("deposit", from, "completed"),
            stkDepositCounters(deposit.amountCents),
          ),
          deposit.userId,
        ),
        dayCountersUpdate(TableName, deposit.userId, dayOf(at), depositDay(deposit.amountCents)),
      ];
      if (receipt) {
        // A receipt credits once, whatever CheckoutRequestID a (replayed or forged) callback names.
        items.push(
          receiptMarkerPut(TableName, receipt, {
            userId: deposit.userId,
            lineId: deposit.ledgerLineId,
            checkoutRequestId: deposit.checkoutRequestId,
            // What a Paybill confirmation of the same receipt is compared with (design.md §13.3).
            amountCents: deposit.amountCents,
            createdAt: at,
          }),
        );
      }
      // The phone the PIN was entered on may be paid to from now on (design.md §12.2), recorded with the money.
      // Its first proof also makes the block link and the owner's notice (design.md §13.2).
      if (firstProof) {
        const proven = { userId: deposit.userId, msisdn: deposit.phoneNumber, at, moveId: deposit.ledgerLineId };
        items.push(...firstProofItems(TableName, proven, firstProof));
      } else items.push(provenPayoutNumberUpdate(TableName, deposit.userId, deposit.phoneNumber, at));
      // Leaving pending frees one of the user's pending-deposit slots; a failed deposit gave its slot back already.
      if (from === "pending") items.push(countDown(TableName, pendingDeposits(deposit.userId)));
      // The owner is told (SMS and email) once this commits, by the notifications module.
      items.push(
        outboxPut(TableName, {
          kind: "deposit-credited",
          moveId: deposit.ledgerLineId,
          userId: deposit.userId,
          data: { amountCents: deposit.amountCents, ...(receipt ? { receipt } : {}) },
          createdAt: at,
        }),
      );
      await runTransaction(ctx, items);
    },

    async fail(deposit, to, result, at) {
      await runTransaction(ctx, [
        depositStatusUpdate(TableName, deposit, "pending", to, {
          settledAt: at,
          resultCode: result.code,
          resultDesc: result.desc,
        }),
        ledgerStatusUpdate(TableName, deposit.userId, deposit.ledgerLineId, "deposit", "pending", to, at),
        countersUpdate(TableName, ledgerStatusChangeCounters("deposit", "pending", to), deposit.userId),
        countDown(TableName, pendingDeposits(deposit.userId)),
      ]);
    },

    async listPending(created, limit) {
      // The sort key is the creation time, so the key condition alone picks each shard's oldest: a Limit per shard,
      // then the oldest `limit` of them all, is exact.
      const shards = await Promise.all(
        keys.depositsByStatusPartitions("pending").map((pk) =>
          db
            .send(
              new QueryCommand({
                TableName,
                IndexName: "GSI2",
                KeyConditionExpression: "GSI2PK = :pk AND GSI2SK BETWEEN :from AND :before",
                ExpressionAttributeValues: { ":pk": pk, ":from": created.from, ":before": created.before },
                Limit: limit,
              }),
            )
            .then((page) => page.Items ?? []),
        ),
      );
      return shards
        .flat()
        .sort((a, b) => String(a.GSI2SK).localeCompare(String(b.GSI2SK)))
        .slice(0, limit)
        .map(toDepositRecord);
    },

    async countPending(before, max) {
      const { count } = await queryAllShards(
        ctx,
        keys.depositsByStatusPartitions("pending"),
        {
          IndexName: "GSI2",
          KeyConditionExpression: "GSI2PK = :pk AND GSI2SK < :before",
          ExpressionAttributeValues: { ":before": before },
          Select: "COUNT",
        },
        (_, counted) => counted >= max,
      );
      return Math.min(count, max);
    },
  };
}

/** Approved withdrawals decided before `before`, from every shard of the approved list. */
const approvedBefore = (ctx: DynamoContext, before: string, select?: "COUNT") =>
  queryAllShards(ctx, keys.withdrawalsByStatusPartitions("approved"), {
    IndexName: "GSI2",
    KeyConditionExpression: "GSI2PK = :pk",
    FilterExpression: "processedAt < :before",
    ExpressionAttributeValues: { ":before": before },
    ...(select ? { Select: select } : {}),
  });

export function createDynamoPayoutRepository(ctx: DynamoContext = defaultDynamoContext()): PayoutRepository {
  const { db, TableName } = ctx;

  /** Daraja's ids of a payout's conversations, kept on the withdrawal so its results can be matched to them. */
  const rememberConversation = async (withdrawalId: string, fields: Record<string, string>) => {
    const names = Object.keys(fields);
    await db.send(
      new UpdateCommand({
        TableName,
        Key: keys.withdrawal(withdrawalId),
        UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(", ")}`,
        ConditionExpression: "attribute_exists(PK)",
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])),
      }),
    );
  };

  return {
    async getWithdrawal(withdrawalId) {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.withdrawal(withdrawalId), ConsistentRead: true }),
      );
      return Item ? toWithdrawalRecord(Item) : null;
    },

    recordConversation: (withdrawalId, conversationId, at) =>
      rememberConversation(withdrawalId, { conversationId, payoutStartedAt: at }),

    recordStatusQuery: (withdrawalId, conversationId, at) =>
      rememberConversation(withdrawalId, { statusConversationId: conversationId, statusQueriedAt: at }),

    complete: (withdrawal, receipt, at) =>
      runTransaction(ctx, [
        refusing(
          "not-approved",
          statusTransition(TableName, keys.withdrawal(withdrawal.id), {
            from: "approved",
            to: "completed",
            partition: keys.withdrawalsByStatus("completed", withdrawal.id),
            set: { completedAt: at, ...(receipt ? { mpesaTransactionId: receipt } : {}) },
          }),
        ),
        ledgerStatusUpdate(
          TableName,
          withdrawal.userId,
          withdrawal.ledgerLineId,
          "withdrawal",
          "pending",
          "completed",
          at,
          {
            ...(receipt ? { mpesaTransactionId: receipt } : {}),
          },
        ),
        countersUpdate(
          TableName,
          mergeCounters(
            withdrawalStatusChangeCounters("approved", "completed"),
            ledgerStatusChangeCounters("withdrawal", "pending", "completed"),
          ),
          withdrawal.userId,
        ),
        dayCountersUpdate(TableName, withdrawal.userId, dayOf(at), payoutDay(withdrawal.amountCents)),
        outboxPut(TableName, {
          kind: "payout-sent",
          moveId: withdrawal.id,
          userId: withdrawal.userId,
          data: {
            amountCents: withdrawal.amountCents,
            phoneNumber: withdrawal.phoneNumber,
            ...(receipt ? { receipt } : {}),
          },
          createdAt: at,
        }),
      ]),

    // The payout did not happen: the held amount goes back to the wallet.
    fail: (withdrawal, reason, at, audit) =>
      runTransaction(
        ctx,
        withdrawalRefund(TableName, withdrawal, {
          from: "approved",
          at,
          set: { reason, completedAt: at },
          ...(audit ? { audit } : {}),
        }),
      ),

    async listApproved(before, limit) {
      // This list is sorted by withdrawal id (the request), not by the approval, so the whole approved partition is
      // read and sorted here. It holds only the payouts waiting for M-Pesa: a few, unless something is badly wrong,
      // which the StuckPayouts alarm reports.
      const { items } = await approvedBefore(ctx, before);
      return items
        .map(toWithdrawalRecord)
        .sort((a, b) => (a.processedAt ?? "").localeCompare(b.processedAt ?? "") || a.id.localeCompare(b.id))
        .slice(0, limit);
    },

    async countApproved(before) {
      return (await approvedBefore(ctx, before, "COUNT")).count;
    },
  };
}

/** The Daraja access token shared by every container, expiring with the token itself. */
export function createDynamoTokenCache(ctx: DynamoContext = defaultDynamoContext()): TokenCache {
  const { db, TableName } = ctx;
  return {
    async get() {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.darajaToken(), ConsistentRead: true }));
      return typeof Item?.token === "string" ? { token: Item.token, expiresAt: Number(Item.tokenExpiresAt) } : null;
    },
    async put(token, expiresAt) {
      await db.send(
        new PutCommand({
          TableName,
          Item: {
            ...keys.darajaToken(),
            type: "DarajaToken",
            token,
            tokenExpiresAt: expiresAt,
            expiresAt: Math.ceil(expiresAt / 1000),
          },
        }),
      );
    },
  };
}
