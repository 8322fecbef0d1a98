import { accountActiveItems, withActive } from "../../../kernel/dynamo/account-active.js";
import { auditAloneItems, auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countersUpdate, mergeCounters, withdrawalStatusChangeCounters } from "../../../kernel/dynamo/counter-items.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { statusTransition } from "../../../kernel/dynamo/ledger-items.js";
import { runTransaction } from "../../../kernel/dynamo/transactions.js";
import { withdrawalRefund } from "../../../kernel/dynamo/withdrawal-items.js";
import { MoveRefusedError, type WithdrawalRecord } from "../../../kernel/records.js";
import { AdminAccountError, type AdminRepository } from "../port.js";

export function createDynamoAdminRepository(ctx: DynamoContext = defaultDynamoContext()): AdminRepository {
  const { TableName } = ctx;
  return {
    async recordRead(audit) {
      await runTransaction(ctx, auditAloneItems(TableName, audit));
    },

    async decideWithdrawal(withdrawal, decision, audit) {
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
          ? withdrawalRefund(TableName, withdrawal, { from: "pending", at: decision.at, set, marker, audit })
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
              countersUpdate(
                TableName,
                mergeCounters(withdrawalStatusChangeCounters("pending", "approved"), auditCounters(audit)),
                withdrawal.userId,
              ),
              auditPut(TableName, audit),
            ],
      );
      return decided;
    },

    async setActive(subject, isActive, audit) {
      try {
        await runTransaction(
          ctx,
          accountActiveItems(
            TableName,
            { userId: subject.id, isActive, audit },
            { refusal: "admin-account", condition: "#role <> :admin", values: { ":admin": "admin" } },
          ),
        );
      } catch (error) {
        if (error instanceof MoveRefusedError) throw new AdminAccountError();
        throw error;
      }
      return withActive(subject, isActive);
    },
  };
}
