/**
 * Unmatched Paybill payments on the single table (design.md §12.3, docs/data-model.md): UNMATCHED#<TransID> /
 * UNMATCHED, listed newest first on GSI1 (every payment) and GSI2 (by status), both sharded, and resolved by an admin
 * in one transaction each.
 */

import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { UnmatchedPaymentStatus } from "@jengafund/shared";
import { auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import { batchGet } from "../../../kernel/dynamo/batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { counterNames, countersUpdate, ledgerCounters, mergeCounters } from "../../../kernel/dynamo/counter-items.js";
import { readTotals } from "../../../kernel/dynamo/counters.js";
import { dayCountersUpdate, dayOf, depositDay } from "../../../kernel/dynamo/day-counters.js";
import { DEPOSIT_CHANNEL_COUNTERS, paybillDepositCounters } from "../../../kernel/dynamo/deposit-channel-counters.js";
import { queryAllItems, queryCount } from "../../../kernel/dynamo/index-pages.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ledgerItem } from "../../../kernel/dynamo/ledger-items.js";
import {
  type MoveEntry,
  type MoveItem,
  markerPut,
  refusing,
  runTransaction,
} from "../../../kernel/dynamo/transactions.js";
import { type AuditRecord, summaryOf } from "../../../kernel/records.js";
import type { AdjustmentPerson, AdjustmentRecord } from "../../four-eyes/index.js";
import { depositWalletCredit } from "../../money-in/index.js";
import type {
  StoredUnmatchedPayment,
  UnmatchedAssignPlan,
  UnmatchedPaymentRepository,
} from "../unmatched-payments-port.js";
import { adjustmentItem, balanceAdjustedNotice, soloBudgetUpdate } from "./adjustment-items.js";

type Item = Record<string, unknown>;

const ATTRIBUTES = [
  "transId",
  "receipt",
  "amountCents",
  "billRefNumber",
  "msisdn",
  "transTime",
  "businessShortCode",
  "transactionType",
  "payerName",
  "status",
  "reason",
  "userId",
  "receivedAt",
  "user",
  "adjustmentId",
  "pendingUntil",
  "resolvedBy",
  "resolution",
  "resolvedAt",
  "lineId",
] as const satisfies readonly (keyof StoredUnmatchedPayment)[];

function toPayment(item: Item): StoredUnmatchedPayment {
  const record: Item = {};
  for (const name of ATTRIBUTES) if (item[name] !== undefined) record[name] = item[name];
  return record as unknown as StoredUnmatchedPayment;
}

const sortKey = (payment: StoredUnmatchedPayment) => keys.unmatchedPaymentsSort(payment.receivedAt, payment.transId);

/** What a stored payment reads as at `now`: a pending one whose adjustment expired is open again. */
export function unmatchedReadsAs(payment: StoredUnmatchedPayment, now: string): UnmatchedPaymentStatus {
  return payment.status === "pending" && payment.pendingUntil !== undefined && payment.pendingUntil <= now
    ? "unmatched"
    : payment.status;
}

type From = { open: string } | { adjustmentId: string };

/**
 * The payment's status change, conditioned on where it comes from: open (unmatched, or pending past its adjustment's
 * deadline at `open`), or pending on this very adjustment. Moves it to its new status partition (GSI2PK).
 */
function paymentTransition(
  TableName: string,
  payment: StoredUnmatchedPayment,
  from: From,
  to: UnmatchedPaymentStatus,
  set: Record<string, unknown>,
  remove: string[] = [],
): MoveItem {
  const entries = Object.entries(set).filter(([, value]) => value !== undefined);
  const condition =
    "open" in from
      ? "#status = :unmatched OR (#status = :pending AND pendingUntil <= :now)"
      : "#status = :pending AND adjustmentId = :adjustment";
  return refusing("not-pending", {
    Update: {
      TableName,
      Key: keys.unmatchedPayment(payment.transId),
      UpdateExpression:
        `SET #status = :to, GSI2PK = :partition${entries.map((_, i) => `, #f${i} = :v${i}`).join("")}` +
        (remove.length ? ` REMOVE ${remove.map((_, i) => `#r${i}`).join(", ")}` : ""),
      ConditionExpression: condition,
      ExpressionAttributeNames: {
        "#status": "status",
        ...Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
        ...Object.fromEntries(remove.map((k, i) => [`#r${i}`, k])),
      },
      ExpressionAttributeValues: {
        ":to": to,
        ":partition": keys.unmatchedPaymentsByStatus(to, payment.transId),
        ":pending": "pending",
        ...("open" in from ? { ":unmatched": "unmatched", ":now": from.open } : { ":adjustment": from.adjustmentId }),
        ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      },
    },
  });
}

const person = ({ id, firstName, lastName, email }: AdjustmentPerson): AdjustmentPerson => ({
  id,
  firstName,
  lastName,
  email,
});

/**
 * The credit of an unmatched payment, as a confirmation naming the right account would have made it: the payment's
 * status → assigned, its receipt marker now naming the line, the wallet credit (the trial ends), the Paybill deposit
 * line (the move's marker), the counters (the line, the Paybill channel, the audit entries) and the audit entries.
 * Shared by the solo assignment and the approval of its pending adjustment (adjustment-repository.ts).
 */
export function unmatchedAssignItems(
  TableName: string,
  plan: UnmatchedAssignPlan,
  from: From,
  audits: AuditRecord[],
): MoveEntry[] {
  const { payment, subject, line } = plan;
  return [
    paymentTransition(
      TableName,
      payment,
      from,
      "assigned",
      {
        user: person({ ...summaryOf(subject), id: subject.id }),
        resolvedBy: person(plan.resolvedBy),
        resolution: { reason: plan.reason },
        resolvedAt: plan.at,
        lineId: line.id,
      },
      ["pendingUntil", ...("open" in from ? ["adjustmentId"] : [])],
    ),
    refusing("duplicate-receipt", {
      Update: {
        TableName,
        Key: keys.receiptMarker(payment.transId),
        UpdateExpression: "SET userId = :user, lineId = :line, outcome = :assigned",
        ConditionExpression: "outcome = :unmatched",
        ExpressionAttributeValues: {
          ":user": subject.id,
          ":line": line.id,
          ":assigned": "assigned",
          ":unmatched": "unmatched",
        },
      },
    }),
    depositWalletCredit(TableName, subject.id, line.amountCents),
    markerPut(TableName, ledgerItem(line, summaryOf(subject)), line.requestId),
    countersUpdate(
      TableName,
      mergeCounters(ledgerCounters(line), paybillDepositCounters(line.amountCents), ...audits.map(auditCounters)),
      subject.id,
    ),
    dayCountersUpdate(TableName, subject.id, dayOf(plan.at), depositDay(line.amountCents)),
    ...audits.map((audit) => auditPut(TableName, audit)),
    // An admin chose whose wallet this money went to: the owner is told so, with the admin's reason.
    balanceAdjustedNotice(TableName, line, plan.reason),
  ];
}

/** A pending payment whose adjustment a second admin rejected: open again, nothing moved. */
export function unmatchedReopenItem(TableName: string, transId: string, adjustmentId: string): MoveItem {
  return paymentTransition(TableName, { transId } as StoredUnmatchedPayment, { adjustmentId }, "unmatched", {}, [
    "pendingUntil",
    "adjustmentId",
    "user",
  ]);
}

export function createDynamoUnmatchedPaymentRepository(
  ctx: DynamoContext = defaultDynamoContext(),
): UnmatchedPaymentRepository {
  const { db, TableName } = ctx;

  /** Up to `enough` items of one partition, newest first (all of them when `enough` is undefined). */
  const queryPartition = (index: "GSI1" | "GSI2", pk: string, enough?: number): Promise<Item[]> =>
    queryAllItems(
      ctx,
      {
        IndexName: index,
        KeyConditionExpression: `${index}PK = :pk`,
        ExpressionAttributeValues: { ":pk": pk },
        ScanIndexForward: false,
      },
      enough || undefined,
    );

  /** How many items a partition holds (keys only are counted). */
  const countPartition = (index: "GSI1" | "GSI2", pk: string): Promise<number> =>
    queryCount(ctx, {
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk`,
      ExpressionAttributeValues: { ":pk": pk },
      Select: "COUNT",
    });

  const onShards = async <T>(partitions: string[], read: (pk: string) => Promise<T[]>) =>
    (await Promise.all(partitions.map(read))).flat();
  const countShards = async (index: "GSI1" | "GSI2", partitions: string[]) =>
    (await Promise.all(partitions.map((pk) => countPartition(index, pk)))).reduce((sum, n) => sum + n, 0);

  /** The first `enough` of a sharded list, and how many it holds. */
  async function topOf(index: "GSI1" | "GSI2", partitions: string[], enough: number) {
    const [items, total] = await Promise.all([
      onShards(partitions, (pk) => queryPartition(index, pk, enough)),
      countShards(index, partitions),
    ]);
    return { items: items.map(toPayment), total };
  }

  /** Every pending payment: few (only those above the solo limits, for 72 hours at most). */
  const allPending = async () =>
    (await onShards(keys.unmatchedPaymentsByStatusPartitions("pending"), (pk) => queryPartition("GSI2", pk))).map(
      toPayment,
    );

  /** Names the account an inactive-account payment pointed at, when no resolution named one yet. */
  async function withNamedUsers(payments: StoredUnmatchedPayment[]): Promise<StoredUnmatchedPayment[]> {
    const missing = [...new Set(payments.filter((p) => !p.user && p.userId).map((p) => p.userId as string))];
    if (!missing.length) return payments;
    const users = new Map<string, AdjustmentPerson>();
    for (const item of await batchGet(
      ctx,
      missing.map((id) => keys.user(id)),
    )) {
      const id = String(item.id);
      users.set(id, {
        id,
        firstName: String(item.firstName),
        lastName: String(item.lastName),
        email: String(item.email),
      });
    }
    return payments.map((p) => (!p.user && p.userId && users.has(p.userId) ? { ...p, user: users.get(p.userId) } : p));
  }

  return {
    async get(transId) {
      const { Item } = await db.send(
        new GetCommand({ TableName, Key: keys.unmatchedPayment(transId), ConsistentRead: true }),
      );
      return Item ? ((await withNamedUsers([toPayment(Item)]))[0] ?? null) : null;
    },

    async list({ status, page, limit, now }) {
      const enough = page * limit;
      const at = now.toISOString();
      let found: { items: StoredUnmatchedPayment[]; total: number };
      if (status === "all") {
        found = await topOf("GSI1", keys.unmatchedPaymentsListPartitions(), enough);
      } else if (status === "unmatched") {
        // The open ones: those stored as unmatched, and the pending ones whose adjustment expired.
        const [stored, pending] = await Promise.all([
          topOf("GSI2", keys.unmatchedPaymentsByStatusPartitions("unmatched"), enough),
          allPending(),
        ]);
        const reopened = pending.filter((p) => unmatchedReadsAs(p, at) === "unmatched");
        found = { items: [...stored.items, ...reopened], total: stored.total + reopened.length };
      } else if (status === "pending") {
        const pending = (await allPending()).filter((p) => unmatchedReadsAs(p, at) === "pending");
        found = { items: pending, total: pending.length };
      } else {
        found = await topOf("GSI2", keys.unmatchedPaymentsByStatusPartitions(status), enough);
      }
      const items = found.items
        .map((p) => ({ ...p, status: unmatchedReadsAs(p, at) }))
        .sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1))
        .slice((page - 1) * limit, page * limit);
      return { items: await withNamedUsers(items), total: found.total };
    },

    async stats() {
      const [{ totals }, unmatched, pending] = await Promise.all([
        readTotals(ctx),
        countShards("GSI2", keys.unmatchedPaymentsByStatusPartitions("unmatched")),
        countShards("GSI2", keys.unmatchedPaymentsByStatusPartitions("pending")),
      ]);
      return {
        completedDeposits: totals(counterNames.ledger({ type: "deposit", status: "completed" })),
        paybillDeposits: totals(DEPOSIT_CHANNEL_COUNTERS.paybillCount),
        paybillDepositCents: totals(DEPOSIT_CHANNEL_COUNTERS.paybillCents),
        stkDepositCents: totals(DEPOSIT_CHANNEL_COUNTERS.stkCents),
        openPayments: unmatched + pending,
      };
    },

    async assignSolo(plan, audit) {
      await runTransaction(
        ctx,
        [
          ...unmatchedAssignItems(TableName, plan, { open: plan.at }, [audit]),
          soloBudgetUpdate(TableName, plan.budget),
        ],
        plan.answer ? { answer: plan.answer } : {},
      );
    },

    async requestAssign(payment, adjustment: AdjustmentRecord, audit, answer) {
      await runTransaction(
        ctx,
        [
          // The adjustment is the request's idempotency marker, as for any adjustment above the solo limits.
          markerPut(TableName, adjustmentItem(adjustment), adjustment.requestId),
          paymentTransition(TableName, payment, { open: adjustment.createdAt }, "pending", {
            adjustmentId: adjustment.id,
            pendingUntil: adjustment.expiresAt,
            user: person(adjustment.user),
          }),
          countersUpdate(TableName, auditCounters(audit), adjustment.userId),
          auditPut(TableName, audit),
        ],
        answer ? { answer } : {},
      );
    },

    async markReturned(payment, resolution, audit, answer) {
      await runTransaction(
        ctx,
        [
          {
            ...paymentTransition(
              TableName,
              payment,
              { open: resolution.at },
              "returned",
              {
                resolvedBy: person(resolution.by),
                resolution: { reason: resolution.reason, receipt: resolution.receipt },
                resolvedAt: resolution.at,
                resolutionId: resolution.requestId,
              },
              ["pendingUntil", "adjustmentId", "user"],
            ),
            // A retry of this very request, whose first answer was lost, finds it done.
            marker: { requestId: resolution.requestId, attribute: "resolutionId" },
          },
          countersUpdate(TableName, auditCounters(audit), payment.transId),
          auditPut(TableName, audit),
        ],
        answer ? { answer } : {},
      );
    },
  };
}
