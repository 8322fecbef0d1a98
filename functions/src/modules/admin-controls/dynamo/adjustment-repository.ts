import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { countersUpdate, ledgerCounters, mergeCounters } from "../../../kernel/dynamo/counter-items.js";
import { queryAllItems } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ledgerItem } from "../../../kernel/dynamo/ledger-items.js";
import { type MoveEntry, markerPut, refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import { summaryOf } from "../../../kernel/records.js";
import type { AdjustmentRecord, AdjustmentRepository, BalanceAdjustmentPlan } from "../../four-eyes/index.js";
import { keepPendingRequest, pendingDecisionUpdate, pendingReadsAs } from "../../four-eyes/index.js";
import { adjustmentItem, balanceAdjustedNotice, soloBudgetUpdate, toAdjustmentRecord } from "./adjustment-items.js";
import { unmatchedAssignItems, unmatchedReopenItem } from "./unmatched-payment-repository.js";

/**
 * The money of an adjustment: its ledger line (the move's idempotency marker), the wallet, the statistics counters,
 * the audit entry and the owner's notice, as one list of transaction items.
 */
function moneyItems(
  TableName: string,
  { subject, line, reason }: BalanceAdjustmentPlan,
  audit: Parameters<typeof auditPut>[1],
) {
  const debit = line.amountCents < 0;
  return [
    markerPut(TableName, ledgerItem(line, summaryOf(subject)), line.requestId),
    refusing("insufficient-balance", {
      Update: {
        TableName,
        Key: keys.user(subject.id),
        UpdateExpression: "ADD walletBalanceCents :delta",
        ConditionExpression: debit ? "attribute_exists(PK) AND walletBalanceCents >= :needed" : "attribute_exists(PK)",
        ExpressionAttributeValues: { ":delta": line.amountCents, ...(debit ? { ":needed": -line.amountCents } : {}) },
      },
    }),
    countersUpdate(TableName, mergeCounters(ledgerCounters(line), auditCounters(audit)), subject.id),
    auditPut(TableName, audit),
    balanceAdjustedNotice(TableName, line, reason),
  ] satisfies MoveEntry[];
}

/** A pending adjustment, not past its deadline, becomes `to` with its decision. */
const decisionUpdate = (
  TableName: string,
  adjustment: AdjustmentRecord,
  to: "approved" | "rejected",
  decision: Parameters<AdjustmentRepository["approve"]>[2],
) => pendingDecisionUpdate(TableName, keys.adjustment(adjustment.id), to, decision);

export function createDynamoAdjustmentRepository(ctx: DynamoContext = defaultDynamoContext()): AdjustmentRepository {
  const { db, TableName } = ctx;
  return {
    async applySolo(plan, audit) {
      const { budget } = plan;
      await runTransaction(
        ctx,
        [...moneyItems(TableName, plan, audit), soloBudgetUpdate(TableName, budget)],
        plan.answer ? { answer: plan.answer } : {},
      );
    },

    async request(adjustment, audit, answer) {
      const item = adjustmentItem(adjustment);
      await keepPendingRequest(
        ctx,
        { item, requestId: adjustment.requestId, counterOwner: adjustment.userId },
        audit,
        answer,
      );
    },

    async get(id) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.adjustment(id), ConsistentRead: true }));
      return Item ? toAdjustmentRecord(Item) : null;
    },

    async list({ status, page, limit, now }) {
      // Adjustments above the solo limits are few (a handful a day at most): the list reads them all, newest first,
      // and filters by what each reads as now (a pending one past its deadline has expired).
      const all = (
        await queryAllItems(ctx, {
          IndexName: "GSI1",
          KeyConditionExpression: "GSI1PK = :list",
          ExpressionAttributeValues: { ":list": keys.adjustmentsList },
          ScanIndexForward: false,
        })
      ).map(toAdjustmentRecord);
      const matching = status ? all.filter((a) => pendingReadsAs(a, now) === status) : all;
      return { items: matching.slice((page - 1) * limit, page * limit), total: matching.length };
    },

    async approve(adjustment, plan, decision, audit, paymentAudit) {
      // An adjustment that names an unmatched Paybill payment credits that payment (its deposit line, not an
      // adjustment line) and marks it assigned.
      const money = adjustment.unmatchedPaymentId
        ? unmatchedAssignItems(
            TableName,
            {
              payment: { transId: adjustment.unmatchedPaymentId } as Parameters<
                typeof unmatchedAssignItems
              >[1]["payment"],
              subject: plan.subject,
              line: plan.line,
              resolvedBy: decision.decidedBy,
              reason: adjustment.reason,
              at: decision.at,
            },
            { adjustmentId: adjustment.id },
            paymentAudit ? [audit, paymentAudit] : [audit],
          )
        : moneyItems(TableName, plan, audit);
      await runTransaction(
        ctx,
        [decisionUpdate(TableName, adjustment, "approved", decision), ...money],
        plan.answer ? { answer: plan.answer } : {},
      );
    },

    async reject(adjustment, decision, audit, answer) {
      await runTransaction(
        ctx,
        [
          {
            ...decisionUpdate(TableName, adjustment, "rejected", decision),
            marker: { requestId: decision.requestId, attribute: "decisionId" },
          },
          countersUpdate(TableName, auditCounters(audit), adjustment.userId),
          auditPut(TableName, audit),
          // The unmatched payment it named is open again.
          ...(adjustment.unmatchedPaymentId
            ? [unmatchedReopenItem(TableName, adjustment.unmatchedPaymentId, adjustment.id)]
            : []),
        ],
        answer ? { answer } : {},
      );
    },
  };
}
