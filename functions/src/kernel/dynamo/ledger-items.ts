import type { LedgerLine, UserSummary } from "../records.js";
import { type Key, keys } from "./keys.js";
import type { TransactItem } from "./transactions.js";
import { type Item, pick } from "./user-items.js";

export function ledgerItem(line: LedgerLine, user: UserSummary): Item {
  const { type: transactionType, ...rest } = line;
  return {
    ...keys.ledgerLine(line.userId, line.id),
    // `type` is the entity type on every item, so the ledger line's own type is stored as transactionType.
    type: "Transaction",
    transactionType,
    ...rest,
    // Denormalised so the admin list renders a page from one query.
    user,
    ...ledgerIndexKeys(line),
  };
}

/**
 * A ledger line's entries in the admin list (GSI1), the list filtered by type and status (GSI2; see
 * ledgerStatusUpdate for status changes), both newest first, and the exact search by reference (GSI3).
 */
export function ledgerIndexKeys(line: Pick<LedgerLine, "id" | "type" | "status" | "reference">) {
  return {
    GSI1PK: keys.ledgerList(line.id),
    GSI1SK: line.id,
    GSI2PK: keys.ledgerByTypeAndStatus(line.type, line.status, line.id),
    GSI2SK: line.id,
    GSI3PK: keys.ledgerByReference(line.reference),
    GSI3SK: line.id,
  };
}

/**
 * A ledger line's one permitted change: its status, conditional on the status it had, which also moves it to its
 * new type-and-status list partition, and records when (`settledAt`), so a statement places a deposit's credit or a
 * withdrawal's refund on the day it happened rather than on the day the line was written.
 */
export function ledgerStatusUpdate(
  TableName: string,
  userId: string,
  lineId: string,
  type: LedgerLine["type"],
  from: LedgerLine["status"],
  to: LedgerLine["status"],
  at: string,
  extra: { mpesaTransactionId?: string } = {},
): TransactItem {
  return {
    Update: {
      TableName,
      Key: keys.ledgerLine(userId, lineId),
      UpdateExpression: `SET #status = :to, GSI2PK = :partition, settledAt = :at${extra.mpesaTransactionId ? ", mpesaTransactionId = :receipt" : ""}`,
      ConditionExpression: "#status = :from",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: {
        ":to": to,
        ":from": from,
        ":at": at,
        ":partition": keys.ledgerByTypeAndStatus(type, to, lineId),
        ...(extra.mpesaTransactionId ? { ":receipt": extra.mpesaTransactionId } : {}),
      },
    },
  };
}

export function toLedgerLine(item: Item): LedgerLine & { user: UserSummary } {
  return {
    ...pick<LedgerLine>(item, [
      "id",
      "userId",
      "balance",
      "amountCents",
      "status",
      "description",
      "reference",
      "createdAt",
      "mpesaTransactionId",
      "phoneNumber",
      "requestId",
    ]),
    type: item.transactionType as LedgerLine["type"],
    user: item.user as UserSummary,
  };
}

/**
 * A status change of an item listed by status (deposits, withdrawals): conditional on the status it was read with,
 * moving it to its new status partition (GSI2PK), and setting the given attributes with it.
 */
export function statusTransition(
  TableName: string,
  key: Key,
  change: { from: string; to: string; partition: string; set?: Record<string, unknown> },
): TransactItem {
  const entries = Object.entries(change.set ?? {}).filter(([, value]) => value !== undefined);
  return {
    Update: {
      TableName,
      Key: key,
      UpdateExpression: `SET #status = :to, GSI2PK = :partition${entries.map((_, i) => `, #f${i} = :v${i}`).join("")}`,
      ConditionExpression: "#status = :from",
      ExpressionAttributeNames: { "#status": "status", ...Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])) },
      ExpressionAttributeValues: {
        ":to": change.to,
        ":from": change.from,
        ":partition": change.partition,
        ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      },
    },
  };
}
