import type { AuditRecord, LedgerLine, WithdrawalRecord } from "../records.js";
import { auditCounters, auditPut } from "./audit-items.js";
import {
  countersUpdate,
  ledgerStatusChangeCounters,
  mergeCounters,
  withdrawalStatusChangeCounters,
} from "./counter-items.js";
import { dayOf } from "./day-counters.js";
import { keys } from "./keys.js";
import { ledgerStatusUpdate, statusTransition } from "./ledger-items.js";
import { outboxPut } from "./outbox.js";
import type { MoveEntry, MoveItem } from "./transactions.js";
import { type Item, pick } from "./user-items.js";

/** How long a day's withdrawal total is kept: past its day, nothing reads it. */
const WITHDRAWN_OF_DAY_KEEP_SECONDS = 3 * 24 * 60 * 60;

/**
 * What an account asked to withdraw in a Nairobi day (`yyyy-mm-dd`), moved with the hold (`+`) and with its refund
 * (`-`, on the day it was asked), against the unverified daily limit (design.md §13.5). With `roomCents` (an
 * unverified account's room before this withdrawal) the total must not pass it: refused as "kyc-withdrawal-limit".
 */
export function withdrawnOfDayUpdate(
  TableName: string,
  userId: string,
  day: string,
  deltaCents: number,
  roomCents?: number,
): MoveEntry {
  const item = {
    Update: {
      TableName,
      Key: keys.withdrawnOfDay(userId, day),
      UpdateExpression: "ADD withdrawnCents :delta SET #type = :type, expiresAt = if_not_exists(expiresAt, :expires)",
      ...(roomCents === undefined
        ? {}
        : { ConditionExpression: "attribute_not_exists(withdrawnCents) OR withdrawnCents <= :room" }),
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: {
        ":delta": deltaCents,
        ":type": "WithdrawnOfDay",
        ":expires": Math.floor(Date.parse(`${day}T00:00:00+03:00`) / 1000) + WITHDRAWN_OF_DAY_KEEP_SECONDS,
        ...(roomCents === undefined ? {} : { ":room": roomCents }),
      },
    },
  };
  return roomCents === undefined ? item : { item, refusal: "kyc-withdrawal-limit" };
}

export function withdrawalItem(withdrawal: WithdrawalRecord): Item {
  return {
    ...keys.withdrawal(withdrawal.id),
    type: "Withdrawal",
    ...withdrawal,
    ...withdrawalIndexKeys(withdrawal),
  };
}

/** A withdrawal's entries in the admin list (GSI1), the list by status (GSI2) and the user's own list (GSI3). */
export function withdrawalIndexKeys(withdrawal: Pick<WithdrawalRecord, "id" | "userId" | "status">) {
  return {
    GSI1PK: keys.withdrawalsList(withdrawal.id),
    GSI1SK: withdrawal.id,
    GSI2PK: keys.withdrawalsByStatus(withdrawal.status, withdrawal.id),
    GSI2SK: withdrawal.id,
    GSI3PK: keys.user(withdrawal.userId).PK,
    GSI3SK: keys.userWithdrawalSort(withdrawal.id),
  };
}

export const toWithdrawalRecord = (item: Item): WithdrawalRecord =>
  pick<WithdrawalRecord>(item, [
    "id",
    "userId",
    "user",
    "amountCents",
    "phoneNumber",
    "transactionReference",
    "status",
    "requestDate",
    "processedBy",
    "reason",
    "mpesaTransactionId",
    "ledgerLineId",
    "requestId",
    "processedAt",
    "conversationId",
    "statusConversationId",
    "paidAfterRefund",
    "payoutStartedAt",
  ]);

/** A withdrawal's ledger line leaving "pending": paid, or refunded. */
export const withdrawalLineUpdate = (
  TableName: string,
  withdrawal: Pick<WithdrawalRecord, "userId" | "ledgerLineId">,
  to: LedgerLine["status"],
  at: string,
  extra?: { mpesaTransactionId?: string },
) => ledgerStatusUpdate(TableName, withdrawal.userId, withdrawal.ledgerLineId, "withdrawal", "pending", to, at, extra);

/**
 * The refund of a withdrawal's hold, built in one place for both ways it happens: an admin rejecting a pending
 * withdrawal (its ledger line cancelled) and M-Pesa not paying an approved one (its ledger line failed). The withdrawal
 * becomes rejected, the amount goes back to the wallet and the hold's ledger line stops counting.
 */
export function withdrawalRefund(
  TableName: string,
  withdrawal: WithdrawalRecord,
  change: {
    from: "pending" | "approved";
    /** When the refund happened: the ledger line's `settledAt`. */
    at: string;
    set: Record<string, unknown>;
    marker?: MoveItem["marker"];
    /** The admin action behind the refund, recorded with it. */
    audit?: AuditRecord;
  },
): MoveEntry[] {
  const { from } = change;
  const ledgerTo = from === "pending" ? "cancelled" : "failed";
  return [
    {
      item: statusTransition(TableName, keys.withdrawal(withdrawal.id), {
        from,
        to: "rejected",
        partition: keys.withdrawalsByStatus("rejected", withdrawal.id),
        set: change.set,
      }),
      refusal: from === "pending" ? "not-pending" : "not-approved",
      ...(change.marker ? { marker: change.marker } : {}),
    },
    {
      Update: {
        TableName,
        Key: keys.user(withdrawal.userId),
        UpdateExpression: "ADD walletBalanceCents :amount",
        ConditionExpression: "attribute_exists(PK)",
        ExpressionAttributeValues: { ":amount": withdrawal.amountCents },
      },
    },
    withdrawalLineUpdate(TableName, withdrawal, ledgerTo, change.at),
    // Not withdrawn after all: the day it was asked on has that much room again.
    withdrawnOfDayUpdate(TableName, withdrawal.userId, dayOf(withdrawal.requestDate), -withdrawal.amountCents),
    countersUpdate(
      TableName,
      mergeCounters(
        withdrawalStatusChangeCounters(from, "rejected"),
        ledgerStatusChangeCounters("withdrawal", "pending", ledgerTo),
        change.audit ? auditCounters(change.audit) : {},
      ),
      withdrawal.userId,
    ),
    ...(change.audit ? [auditPut(TableName, change.audit)] : []),
    // Refused by an admin, or not paid (M-Pesa's failure or an admin's word): the owner is told once either way.
    outboxPut(TableName, {
      kind: from === "pending" ? "withdrawal-rejected" : "payout-failed",
      moveId: withdrawal.id,
      userId: withdrawal.userId,
      data: { amountCents: withdrawal.amountCents, phoneNumber: withdrawal.phoneNumber },
      createdAt: change.at,
    }),
  ];
}
