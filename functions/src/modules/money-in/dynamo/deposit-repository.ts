import { GetCommand, QueryCommand, TransactGetCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import {
  countersUpdate,
  ledgerCounters,
  ledgerStatusChangeCounters,
  mergeCounters,
} from "../../../kernel/dynamo/counter-items.js";
import { dayCountersUpdate, dayOf, depositDay } from "../../../kernel/dynamo/day-counters.js";
import { stkDepositCounters } from "../../../kernel/dynamo/deposit-channel-counters.js";
import { depositItem, toDepositRecord } from "../../../kernel/dynamo/deposit-items.js";
import { queryAllShards } from "../../../kernel/dynamo/index-pages.js";
import { type Key, keys } from "../../../kernel/dynamo/keys.js";
import { ledgerItem, ledgerStatusUpdate, statusTransition } from "../../../kernel/dynamo/ledger-items.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { provenPayoutNumberUpdate } from "../../../kernel/dynamo/payout-number-items.js";
import {
  type MoveEntry,
  type MoveItem,
  markerPut,
  refusing,
  runTransaction,
  type TransactItem,
} from "../../../kernel/dynamo/transactions.js";
import { toUserRecord } from "../../../kernel/dynamo/user-items.js";
import { type DepositRecord, type PromptLimit, summaryOf } from "../../../kernel/records.js";
import { firstProofItems } from "../../money-out/index.js";
import type { DepositRepository, PromptReservation } from "../port.js";

/**
 * The condition that holds an unverified account's counted deposits to its room (design.md §13.5): the count before
 * this move is at most `roomCents`, or the account is verified by now. Refused as "kyc-deposit-limit".
 */
const depositCeiling = (roomCents: number) =>
  roomCents < 0
    ? // The amount alone passes the limit: only a verified account may take it.
      {
        condition: "kyc.#kycStatus = :verified",
        names: { "#kycStatus": "status" },
        values: { ":verified": "verified" },
      }
    : {
        condition: "(attribute_not_exists(depositsCents) OR depositsCents <= :room OR kyc.#kycStatus = :verified)",
        names: { "#kycStatus": "status" },
        values: { ":room": roomCents, ":verified": "verified" },
      };

/**
 * The wallet credit of a completed deposit, STK or Paybill: the first real money ends the trial, so from now on the
 * account spends its wallet. The deposit is counted against the unverified limit unless it was when it started (an
 * STK prompt, a held Paybill payment); with `unverifiedRoomCents` the count must not pass it.
 */
export function depositWalletCredit(
  TableName: string,
  userId: string,
  amountCents: number,
  options: {
    /** Counted already, when it started (an STK prompt, a held Paybill payment). */
    counted?: boolean;
    unverifiedRoomCents?: number;
  } = {},
): MoveEntry {
  const ceiling = options.unverifiedRoomCents === undefined ? undefined : depositCeiling(options.unverifiedRoomCents);
  const item = {
    Update: {
      TableName,
      Key: keys.user(userId),
      UpdateExpression: `ADD walletBalanceCents :amount${options.counted ? "" : ", depositsCents :amount"} SET isTrialAccount = :false`,
      ConditionExpression: `attribute_exists(PK)${ceiling ? ` AND ${ceiling.condition}` : ""}`,
      ...(ceiling ? { ExpressionAttributeNames: ceiling.names } : {}),
      ExpressionAttributeValues: { ":amount": amountCents, ":false": false, ...ceiling?.values },
    },
  };
  return ceiling ? refusing("kyc-deposit-limit", item) : item;
}

/**
 * A deposit counted against the unverified limit before it is credited (`+`: an STK prompt, a held Paybill payment)
 * or no longer (`-`: it failed or was refused). With `unverifiedRoomCents` the count must not pass it.
 */
export function depositsCountedUpdate(
  TableName: string,
  userId: string,
  deltaCents: number,
  unverifiedRoomCents?: number,
): MoveEntry {
  const ceiling = unverifiedRoomCents === undefined ? undefined : depositCeiling(unverifiedRoomCents);
  const item = {
    Update: {
      TableName,
      Key: keys.user(userId),
      UpdateExpression: "ADD depositsCents :delta",
      ConditionExpression: `attribute_exists(PK)${ceiling ? ` AND ${ceiling.condition}` : ""}`,
      ...(ceiling ? { ExpressionAttributeNames: ceiling.names } : {}),
      ExpressionAttributeValues: { ":delta": deltaCents, ...ceiling?.values },
    },
  };
  return ceiling ? refusing("kyc-deposit-limit", item) : item;
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
        // Counted against the unverified limit before the prompt goes (design.md §13.5): the customer may pay it.
        depositsCountedUpdate(TableName, reservation.userId, reservation.amountCents, reservation.unverifiedRoomCents),
      ]);
    },

    async releasePrompt(reservation, { promptSent }) {
      const counters = promptCounters(reservation);
      await runTransaction(ctx, [
        countDown(TableName, counters.pending),
        ...(promptSent ? [] : [countDown(TableName, counters.user), countDown(TableName, counters.phone)]),
        depositsCountedUpdate(TableName, reservation.userId, -reservation.amountCents),
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
      const items: MoveEntry[] = [
        depositStatusUpdate(TableName, deposit, from, "completed", { settledAt: at, ...(receipt ? { receipt } : {}) }),
        // Counted when its prompt went; a deposit that had failed gave its count back, and takes it again now.
        depositWalletCredit(TableName, deposit.userId, deposit.amountCents, { counted: from === "pending" }),
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
        // Not paid: no longer counted against the unverified limit.
        depositsCountedUpdate(TableName, deposit.userId, -deposit.amountCents),
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
