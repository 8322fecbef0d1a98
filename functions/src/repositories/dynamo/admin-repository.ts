import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import {
  AdminAccountError,
  type AdminRepository,
  MoveRefusedError,
  summaryOf,
  type WithdrawalRecord,
} from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import {
  countersUpdate,
  ledgerCounters,
  ledgerItem,
  ledgerStatusChangeCounters,
  ledgerStatusUpdate,
  mergeCounters,
  statusTransition,
  toUserRecord,
  walletRefund,
  withdrawalStatusChangeCounters,
} from "./items.js";
import { keys } from "./keys.js";
import { failedConditionIndexes, runTransaction, type TransactItem } from "./transactions.js";

export function createDynamoAdminRepository(ctx: DynamoContext = defaultDynamoContext()): AdminRepository {
  const { db, TableName } = ctx;
  return {
    async adjustBalance({ subject, line, answer }) {
      const debit = line.amountCents < 0;
      try {
        await runTransaction(
          ctx,
          [
            // The ledger line is the adjustment's idempotency marker.
            {
              Put: {
                TableName,
                Item: ledgerItem(line, summaryOf(subject)),
                ConditionExpression: "attribute_not_exists(PK)",
              },
            },
            {
              Update: {
                TableName,
                Key: keys.user(subject.id),
                UpdateExpression: "ADD walletBalanceCents :delta",
                ConditionExpression: debit
                  ? "attribute_exists(PK) AND walletBalanceCents >= :needed"
                  : "attribute_exists(PK)",
                ExpressionAttributeValues: {
                  ":delta": line.amountCents,
                  ...(debit ? { ":needed": -line.amountCents } : {}),
                },
              },
            },
            countersUpdate(TableName, ledgerCounters(line), subject.id),
          ],
          { marker: { index: 0, key: keys.ledgerLine(subject.id, line.id), requestId: line.requestId }, answer },
        );
      } catch (error) {
        if (failedConditionIndexes(error).includes(1)) throw new MoveRefusedError("insufficient-balance");
        throw error;
      }
    },

    async decideWithdrawal(withdrawal, decision) {
      const decided: WithdrawalRecord = {
        ...withdrawal,
        status: decision.status,
        processedBy: decision.processedBy,
        ...(decision.reason ? { reason: decision.reason } : {}),
      };
      const items: TransactItem[] = [
        statusTransition(TableName, keys.withdrawal(withdrawal.id), {
          from: "pending",
          to: decision.status,
          partition: keys.withdrawalsByStatusPartition(decision.status),
          set: {
            processedBy: decision.processedBy,
            processedAt: decision.at,
            reason: decision.reason,
            decisionId: decision.requestId,
          },
        }),
      ];
      if (decision.status === "rejected") {
        // The refund: the hold goes back to the wallet and its ledger line stops counting.
        items.push(
          walletRefund(TableName, withdrawal.userId, withdrawal.amountCents),
          ledgerStatusUpdate(
            TableName,
            withdrawal.userId,
            withdrawal.ledgerLineId,
            "withdrawal",
            "pending",
            "cancelled",
          ),
          countersUpdate(
            TableName,
            mergeCounters(
              withdrawalStatusChangeCounters("pending", "rejected"),
              ledgerStatusChangeCounters("withdrawal", "pending", "cancelled"),
            ),
            withdrawal.userId,
          ),
        );
      } else {
        items.push(countersUpdate(TableName, withdrawalStatusChangeCounters("pending", "approved"), withdrawal.userId));
      }
      try {
        // The decision's id on the withdrawal tells a retry after a lost answer that this decision already landed.
        await runTransaction(ctx, items, {
          marker: {
            index: 0,
            key: keys.withdrawal(withdrawal.id),
            requestId: decision.requestId,
            attribute: "decisionId",
          },
        });
      } catch (error) {
        if (failedConditionIndexes(error).includes(0)) throw new MoveRefusedError("not-pending");
        throw error;
      }
      return decided;
    },

    async setActive(userId, isActive) {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName,
            Key: keys.user(userId),
            // Deactivation bumps the token version, so tokens issued before stop working on the next request.
            UpdateExpression: isActive ? "SET isActive = :active" : "SET isActive = :active ADD tokenVersion :one",
            ConditionExpression: "attribute_exists(PK) AND #role <> :admin",
            ExpressionAttributeNames: { "#role": "role" },
            ExpressionAttributeValues: { ":active": isActive, ":admin": "admin", ...(isActive ? {} : { ":one": 1 }) },
            ReturnValues: "ALL_NEW",
          }),
        );
        return toUserRecord(Attributes ?? {});
      } catch (error) {
        if ((error as Error).name === "ConditionalCheckFailedException") throw new AdminAccountError();
        throw error;
      }
    },
  };
}
