import type { AuditRecord, LedgerLine, WithdrawalRecord } from "../records.js";
import { auditCounters, auditPut } from "./audit-items.js";
import {
  countersUpdate,
  ledgerStatusChangeCounters,
  mergeCounters,
  withdrawalStatusChangeCounters,
} from "./counter-items.js";
import { keys } from "./keys.js";
import { ledgerStatusUpdate, statusTransition } from "./ledger-items.js";
import { outboxPut } from "./outbox.js";
import type { MoveEntry, MoveItem } from "./transactions.js";
import { type Item, pick } from "./user-items.js";

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
