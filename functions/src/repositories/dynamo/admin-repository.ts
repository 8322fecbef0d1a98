import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { AdminAccountError, type AdminRepository, summaryOf, type WithdrawalRecord } from "../ports.js";
import { type DynamoContext, defaultDynamoContext } from "./client.js";
import {
  countersUpdate,
  ledgerCounters,
  ledgerItem,
  statusTransition,
  toUserRecord,
  withdrawalRefund,
  withdrawalStatusChangeCounters,
} from "./items.js";
import { keys } from "./keys.js";
import { markerPut, refusing, runTransaction } from "./transactions.js";

export function createDynamoAdminRepository(ctx: DynamoContext = defaultDynamoContext()): AdminRepository {
  const { db, TableName } = ctx;
  return {
    async adjustBalance({ subject, line, answer }) {
      const debit = line.amountCents < 0;
      await runTransaction(
        ctx,
        [
          // The ledger line is the adjustment's idempotency marker.
          markerPut(TableName, ledgerItem(line, summaryOf(subject)), line.requestId),
          refusing("insufficient-balance", {
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
          }),
          countersUpdate(TableName, ledgerCounters(line), subject.id),
        ],
        { answer },
      );
    },

    async decideWithdrawal(withdrawal, decision) {
      const decided: WithdrawalRecord = {
        ...withdrawal,
        status: decision.status,
        processedBy: decision.processedBy,
        ...(decision.reason ? { reason: decision.reason } : {}),
      };
      const set = {
        processedBy: decision.processedBy,
        processedAt: decision.at,
        reason: decision.reason,
        decisionId: decision.requestId,
      };
      // The decision's id on the withdrawal tells a retry after a lost answer that this decision already landed.
      const marker = { requestId: decision.requestId, attribute: "decisionId" };
      await runTransaction(
        ctx,
        decision.status === "rejected"
          ? withdrawalRefund(TableName, withdrawal, { from: "pending", set, marker })
          : [
              {
                item: statusTransition(TableName, keys.withdrawal(withdrawal.id), {
                  from: "pending",
                  to: "approved",
                  partition: keys.withdrawalsByStatus("approved", withdrawal.id),
                  set,
                }),
                refusal: "not-pending",
                marker,
              },
              countersUpdate(TableName, withdrawalStatusChangeCounters("pending", "approved"), withdrawal.userId),
            ],
      );
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
