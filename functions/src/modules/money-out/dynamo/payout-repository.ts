import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import {
  countersUpdate,
  ledgerStatusChangeCounters,
  mergeCounters,
  withdrawalStatusChangeCounters,
} from "../../../kernel/dynamo/counter-items.js";
import { dayCountersUpdate, dayOf, payoutDay } from "../../../kernel/dynamo/day-counters.js";
import { queryAllShards } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { statusTransition } from "../../../kernel/dynamo/ledger-items.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import { toWithdrawalRecord, withdrawalLineUpdate, withdrawalRefund } from "../../../kernel/dynamo/withdrawal-items.js";
import type { PayoutRepository } from "../port.js";

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
        withdrawalLineUpdate(TableName, withdrawal, "completed", at, receipt ? { mpesaTransactionId: receipt } : {}),
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
