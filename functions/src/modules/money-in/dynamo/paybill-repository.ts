import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { isConditionFailure } from "../../../kernel/dynamo/condition-failure.js";
import {
  countersUpdate,
  ledgerCounters,
  ledgerStatusChangeCounters,
  mergeCounters,
} from "../../../kernel/dynamo/counter-items.js";
import { dayCountersUpdate, dayOf, depositDay } from "../../../kernel/dynamo/day-counters.js";
import { paybillDepositCounters } from "../../../kernel/dynamo/deposit-channel-counters.js";
import { gsi2PartitionItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ledgerItem, ledgerStatusUpdate, statusTransition } from "../../../kernel/dynamo/ledger-items.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { type MoveItem, refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import { toUserRecord } from "../../../kernel/dynamo/user-items.js";
import { summaryOf } from "../../../kernel/records.js";
import type {
  HeldPaybillDeposit,
  PaybillAccountReference,
  PaybillRepository,
  ReceiptClaim,
  UnmatchedPaymentRecord,
} from "../paybill-port.js";
import { depositsCountedUpdate, depositWalletCredit, receiptMarkerPut } from "./deposit-repository.js";

/** The attribute of a receipt marker that says which Paybill payment took it (runTransaction's lost-answer check). */
const TRANS_ID = "c2bTransId";

/**
 * A Paybill payment's receipt marker: it names the payment that took the receipt (the move's idempotency marker) and
 * records what the payment said, so a repeat that says something else is seen (§13.3). `record` adds what it led to.
 */
const paybillReceiptMarker = (
  TableName: string,
  payment: { transId: string; amountCents: number; billRefNumber: string; businessShortCode: string },
  record: { createdAt: string; userId?: string; lineId?: string; outcome?: string },
) =>
  receiptMarkerPut(
    TableName,
    payment.transId,
    {
      ...record,
      channel: "paybill",
      [TRANS_ID]: payment.transId,
      amountCents: payment.amountCents,
      billRefNumber: payment.billRefNumber,
      businessShortCode: payment.businessShortCode,
    },
    { requestId: payment.transId, attribute: TRANS_ID },
  );

/** The unmatched payment's item: its own key, listed on GSI1 (every payment) and GSI2 (by status). */
function unmatchedItem(payment: UnmatchedPaymentRecord) {
  const sort = keys.unmatchedPaymentsSort(payment.receivedAt, payment.transId);
  return {
    ...keys.unmatchedPayment(payment.transId),
    type: "UnmatchedPayment",
    ...payment,
    GSI1PK: keys.unmatchedPaymentsList(payment.transId),
    GSI1SK: sort,
    GSI2PK: keys.unmatchedPaymentsByStatus(payment.status, payment.transId),
    GSI2SK: sort,
  };
}

/** The held payment's own attributes on its deposit item, beside the deposit's. */
const HELD_ATTRIBUTES = ["transId", "billRefNumber", "businessShortCode", "transTime"] as const;

function toHeld(item: Record<string, unknown>): HeldPaybillDeposit {
  return {
    transId: String(item.transId),
    depositId: String(item.checkoutRequestId),
    userId: String(item.userId),
    lineId: String(item.ledgerLineId),
    amountCents: Number(item.amountCents),
    billRefNumber: String(item.billRefNumber ?? ""),
    businessShortCode: String(item.businessShortCode ?? ""),
    transTime: String(item.transTime ?? ""),
    createdAt: String(item.createdAt),
  };
}

/** The held deposit's status change, moving it between the held lists: refused as "not-pending" once settled. */
function heldStatusUpdate(
  TableName: string,
  held: HeldPaybillDeposit,
  to: "completed" | "failed",
  set: Record<string, unknown>,
): MoveItem {
  return refusing(
    "not-pending",
    statusTransition(TableName, keys.deposit(held.depositId), {
      from: "pending",
      to,
      partition: keys.heldPaybillDeposits(to, held.transId),
      set,
    }),
  );
}

const optionalNumber = (value: unknown) => (typeof value === "number" ? { amountCents: value } : {});
const optionalText = (name: string, value: unknown) => (typeof value === "string" ? { [name]: value } : {});

/** Paybill (C2B) deposits on the single table (design.md §12.3). */
export function createDynamoPaybillRepository(ctx: DynamoContext = defaultDynamoContext()): PaybillRepository {
  const { db, TableName } = ctx;
  return {
    async findAccount(reference: PaybillAccountReference) {
      const markerKey =
        "msisdn" in reference ? keys.phoneMarker(reference.msisdn) : keys.referralCodeMarker(reference.referralCode);
      const { Item: marker } = await db.send(new GetCommand({ TableName, Key: markerKey }));
      if (typeof marker?.userId !== "string") return null;
      const { Item: user } = await db.send(new GetCommand({ TableName, Key: keys.user(marker.userId) }));
      return user ? toUserRecord(user) : null;
    },

    async credit({ transId, user, line, at, billRefNumber, businessShortCode, unverifiedRoomCents }) {
      await runTransaction(ctx, [
        paybillReceiptMarker(
          TableName,
          { transId, amountCents: line.amountCents, billRefNumber, businessShortCode },
          { userId: user.id, lineId: line.id, createdAt: at },
        ),
        // The same credit as an STK deposit's completion, trial-to-active rule included.
        depositWalletCredit(TableName, user.id, line.amountCents, {
          ...(unverifiedRoomCents === undefined ? {} : { unverifiedRoomCents }),
        }),
        {
          Put: { TableName, Item: ledgerItem(line, summaryOf(user)), ConditionExpression: "attribute_not_exists(PK)" },
        },
        countersUpdate(
          TableName,
          mergeCounters(ledgerCounters(line), paybillDepositCounters(line.amountCents)),
          user.id,
        ),
        dayCountersUpdate(TableName, user.id, dayOf(at), depositDay(line.amountCents)),
        outboxPut(TableName, {
          kind: "deposit-credited",
          moveId: line.id,
          userId: user.id,
          data: { amountCents: line.amountCents, receipt: transId },
          createdAt: at,
        }),
      ]);
    },

    async hold(held, user, line, unverifiedRoomCents) {
      await runTransaction(ctx, [
        // Counted against the unverified limit while M-Pesa's record is awaited (design.md §13.5).
        depositsCountedUpdate(TableName, held.userId, held.amountCents, unverifiedRoomCents),
        paybillReceiptMarker(TableName, held, {
          userId: held.userId,
          lineId: held.lineId,
          outcome: "confirming",
          createdAt: held.createdAt,
        }),
        {
          Put: {
            TableName,
            Item: {
              ...keys.deposit(held.depositId),
              type: "Deposit",
              checkoutRequestId: held.depositId,
              merchantRequestId: "",
              userId: held.userId,
              amountCents: held.amountCents,
              phoneNumber: "",
              status: "pending",
              ledgerLineId: held.lineId,
              channel: "paybill",
              receipt: held.transId,
              ...Object.fromEntries(HELD_ATTRIBUTES.map((name) => [name, held[name]])),
              createdAt: held.createdAt,
              // Its own list, apart from the STK deposits the STK query reconciles.
              GSI2PK: keys.heldPaybillDeposits("pending", held.transId),
              GSI2SK: held.createdAt,
            },
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
        {
          Put: { TableName, Item: ledgerItem(line, summaryOf(user)), ConditionExpression: "attribute_not_exists(PK)" },
        },
        countersUpdate(TableName, ledgerCounters(line), held.userId),
      ]);
    },

    async heldDeposits() {
      const shards = await Promise.all(
        keys.heldPaybillDepositsPartitions("pending").map(async (partition) => {
          const items: Record<string, unknown>[] = [];
          for await (const item of gsi2PartitionItems(ctx, partition)) items.push(item);
          return items;
        }),
      );
      return shards
        .flat()
        .filter((item) => item.status === "pending")
        .map(toHeld)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async confirmHeld(held, at) {
      await runTransaction(ctx, [
        heldStatusUpdate(TableName, held, "completed", { settledAt: at }),
        ledgerStatusUpdate(TableName, held.userId, held.lineId, "deposit", "pending", "completed", at),
        depositWalletCredit(TableName, held.userId, held.amountCents, { counted: true }),
        countersUpdate(
          TableName,
          mergeCounters(
            ledgerStatusChangeCounters("deposit", "pending", "completed"),
            paybillDepositCounters(held.amountCents),
          ),
          held.userId,
        ),
        dayCountersUpdate(TableName, held.userId, dayOf(at), depositDay(held.amountCents)),
        {
          Update: {
            TableName,
            Key: keys.receiptMarker(held.transId),
            UpdateExpression: "SET outcome = :credited",
            ConditionExpression: "outcome = :confirming",
            ExpressionAttributeValues: { ":credited": "credited", ":confirming": "confirming" },
          },
        },
        outboxPut(TableName, {
          kind: "deposit-credited",
          moveId: held.lineId,
          userId: held.userId,
          data: { amountCents: held.amountCents, receipt: held.transId },
          createdAt: at,
        }),
      ]);
    },

    async refuseHeld(held, at, resultDesc) {
      await runTransaction(ctx, [
        heldStatusUpdate(TableName, held, "failed", { settledAt: at, resultDesc }),
        ledgerStatusUpdate(TableName, held.userId, held.lineId, "deposit", "pending", "failed", at),
        countersUpdate(TableName, ledgerStatusChangeCounters("deposit", "pending", "failed"), held.userId),
        depositsCountedUpdate(TableName, held.userId, -held.amountCents),
        {
          Delete: {
            TableName,
            Key: keys.receiptMarker(held.transId),
            ConditionExpression: "outcome = :confirming",
            ExpressionAttributeValues: { ":confirming": "confirming" },
          },
        },
      ]);
    },

    async recordUnmatched(payment) {
      await runTransaction(ctx, [
        // The receipt is taken by the unmatched payment too: a later delivery, once an account answers to the
        // reference, cannot credit it as well; an admin's resolution moves the money (and the marker) instead.
        paybillReceiptMarker(TableName, payment, { outcome: "unmatched", createdAt: payment.receivedAt }),
        { Put: { TableName, Item: unmatchedItem(payment), ConditionExpression: "attribute_not_exists(PK)" } },
      ]);
    },

    async stkDepositOf(reference) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.stkReference(reference) }));
      return Item && typeof Item.checkoutRequestId === "string" && typeof Item.amountCents === "number"
        ? { checkoutRequestId: Item.checkoutRequestId, amountCents: Item.amountCents }
        : null;
    },

    async receiptClaim(receipt): Promise<ReceiptClaim | null> {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.receiptMarker(receipt), ConsistentRead: true }),
      );
      if (!Item) return null;
      return {
        channel: Item.channel === "paybill" ? "paybill" : "stk",
        ...optionalNumber(Item.amountCents),
        ...optionalText("billRefNumber", Item.billRefNumber),
        ...optionalText("businessShortCode", Item.businessShortCode),
      };
    },

    async keepForAdmins(payment) {
      try {
        await db.send(
          new PutCommand({ TableName, Item: unmatchedItem(payment), ConditionExpression: "attribute_not_exists(PK)" }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
