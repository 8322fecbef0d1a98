/**
 * Item shapes of the single table and the transaction items every money move is built from. Domain records go in
 * and come out here; the rest of the adapters never spell an attribute layout twice.
 */
import type {
  AuditRecord,
  DepositRecord,
  InvestmentRecord,
  LedgerLine,
  PackageRecord,
  ReferralRecord,
  UserRecord,
  UserSummary,
  WithdrawalRecord,
} from "../ports.js";
import { type Key, keys } from "./keys.js";
import { outboxPut } from "./outbox-repository.js";
import type { MoveItem, TransactItem } from "./transactions.js";

type Item = Record<string, unknown>;

const USER_ATTRIBUTES = [
  "id",
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "passwordHash",
  "role",
  "isTrialAccount",
  "trialBalanceCents",
  "walletBalanceCents",
  "totalReferralEarningsCents",
  "referralCode",
  "referrer",
  "referralRewardPending",
  "isActive",
  "tokenVersion",
  "createdAt",
  "passwordChangedAt",
  "twoFactor",
  "twoFactorChangedAt",
  "sessions",
  "notifications",
] as const satisfies readonly (keyof UserRecord)[];

function pick<T>(item: Item, attributes: readonly (keyof T)[]): T {
  const record: Partial<Record<keyof T, unknown>> = {};
  for (const attribute of attributes) {
    if (item[attribute as string] !== undefined) record[attribute] = item[attribute as string];
  }
  return record as T;
}

export function userItem(user: UserRecord): Item {
  return {
    ...keys.user(user.id),
    type: "User",
    ...user,
    ...userIndexKeys(user),
  };
}

/** The user's entries in the admin list (GSI1) and the search by email prefix (GSI2) and by name prefix (GSI3). */
export function userIndexKeys(user: Pick<UserRecord, "id" | "createdAt" | "email" | "firstName" | "lastName">) {
  return {
    GSI1PK: keys.usersList(user.id),
    GSI1SK: keys.usersListSort(user.createdAt, user.id),
    GSI2PK: keys.userEmailSearch(user.id),
    GSI2SK: user.email.toLowerCase(),
    GSI3PK: keys.userNameSearch(user.id),
    GSI3SK: `${user.firstName} ${user.lastName}`.toLowerCase(),
  };
}

export const toUserRecord = (item: Item): UserRecord => pick<UserRecord>(item, USER_ATTRIBUTES);

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

export function packageItem(pkg: PackageRecord): Item {
  return {
    ...keys.package(pkg.id),
    type: "Package",
    ...pkg,
    GSI1PK: keys.packagesListPartition,
    GSI1SK: `${pkg.createdAt}#${pkg.id}`,
  };
}

export const toPackageRecord = (item: Item): PackageRecord =>
  pick<PackageRecord>(item, [
    "id",
    "name",
    "company",
    "description",
    "priceCents",
    "image",
    "category",
    "riskLevel",
    "monthlyReturnRate",
    "dailyReturnRate",
    "maturityDate",
    "createdAt",
  ]);

export function investmentItem(investment: InvestmentRecord): Item {
  return { ...keys.investment(investment.userId, investment.id), type: "Investment", ...investment };
}

export const toInvestmentRecord = (item: Item): InvestmentRecord =>
  pick<InvestmentRecord>(item, [
    "id",
    "userId",
    "package",
    "amountCents",
    "dailyReturnRate",
    "balance",
    "totalRewardsClaimedCents",
    "purchaseDate",
    "maturityDate",
    "lastClaimDate",
    "requestId",
  ]);

export const toReferralRecord = (item: Item): ReferralRecord =>
  pick<ReferralRecord>(item, [
    "referrerId",
    "referredId",
    "referred",
    "rewardCents",
    "rewardPaid",
    "createdAt",
    "paidAt",
  ]);

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

export function depositItem(deposit: DepositRecord): Item {
  return {
    ...keys.deposit(deposit.checkoutRequestId),
    type: "Deposit",
    ...deposit,
    // The deposit is its own creation marker (see runTransaction); Daraja's id is unique per push.
    requestId: deposit.checkoutRequestId,
    ...depositIndexKeys(deposit),
  };
}

/** A deposit's entry in the list by status that reconciliation reads, oldest first (GSI2). */
export function depositIndexKeys(deposit: Pick<DepositRecord, "checkoutRequestId" | "status" | "createdAt">) {
  return {
    GSI2PK: keys.depositsByStatus(deposit.status, deposit.checkoutRequestId),
    GSI2SK: deposit.createdAt,
  };
}

/**
 * The phone marker doubles as two admin search entries on the shard of its user: by phone prefix (GSI2), and by last
 * name (GSI3, "last first", in the same partitions as the user's own "first last"), so one prefix query over the
 * name partitions finds a user by either name. Names and the phone number never change after registration, so the
 * marker written with the user stays true.
 */
export const phoneMarkerIndexKeys = (
  userId: string,
  msisdn: string,
  owner: Pick<UserRecord, "firstName" | "lastName">,
) => ({
  GSI2PK: keys.userPhoneSearch(userId),
  GSI2SK: msisdn,
  GSI3PK: keys.userNameSearch(userId),
  GSI3SK: `${owner.lastName} ${owner.firstName}`.toLowerCase(),
});

export const toDepositRecord = (item: Item): DepositRecord =>
  pick<DepositRecord>(item, [
    "checkoutRequestId",
    "merchantRequestId",
    "userId",
    "amountCents",
    "phoneNumber",
    "status",
    "ledgerLineId",
    "createdAt",
    "settledAt",
    "resultCode",
    "resultDesc",
    "receipt",
    "channel",
  ]);

/** Field names of the two balances, so a move names only which one it touches. */
export const balanceAttribute = { wallet: "walletBalanceCents", trial: "trialBalanceCents" } as const;

export type Counter =
  | "totalUsers"
  | "totalPackages"
  | "totalInvestments"
  | "activeInvestments"
  | "totalTransactions"
  | "totalRevenueCents"
  | LedgerCounter
  | WithdrawalCounter
  | AuditCounter;
type LedgerCounter = `tx_${string}`;
type WithdrawalCounter = `wd_${string}`;
type AuditCounter = `audit_${string}`;
export type CounterDeltas = Partial<Record<Counter, number>>;

/** Counter names behind the admin lists' totals: every type, status and type-and-status combination. */
export const counterNames = {
  ledger: (filter: { type?: string; status?: string }): Counter =>
    filter.type && filter.status
      ? `tx_${filter.type}_${filter.status}`
      : filter.type
        ? `tx_${filter.type}`
        : filter.status
          ? `tx_status_${filter.status}`
          : "totalTransactions",
  withdrawals: (status?: string): Counter => (status ? `wd_${status}` : "wd_total"),
  audit: (action?: string): Counter => (action ? `audit_${action}` : "audit_total"),
};

/** An audit entry counted in the audit list's totals (all, and its action's). */
export const auditCounters = (audit: AuditRecord): CounterDeltas => ({
  [counterNames.audit()]: 1,
  [counterNames.audit(audit.action)]: 1,
});

/** The audit entry of an admin action, written once in the action's own transaction; never updated or deleted. */
export function auditPut(TableName: string, audit: AuditRecord): TransactItem {
  return {
    Put: {
      TableName,
      Item: {
        ...keys.auditEntry(audit.actor.id, audit.id),
        type: "AuditEntry",
        ...audit,
        GSI1PK: keys.auditList(audit.id),
        GSI1SK: audit.id,
        GSI2PK: keys.auditByAction(audit.action, audit.id),
        GSI2SK: audit.id,
        GSI3PK: keys.auditByTarget(audit.target.id),
        GSI3SK: audit.id,
      },
      ConditionExpression: "attribute_not_exists(PK)",
    },
  };
}

export const toAuditRecord = (item: Item): AuditRecord =>
  pick<AuditRecord>(item, ["id", "action", "actor", "target", "details", "createdAt"]);

/** New ledger lines counted under every list filter they appear in. */
export function ledgerCounters(...lines: Pick<LedgerLine, "type" | "status">[]): CounterDeltas {
  const deltas: Record<string, number> = {};
  const add = (name: Counter, by: number) => {
    deltas[name] = (deltas[name] ?? 0) + by;
  };
  for (const { type, status } of lines) {
    add("totalTransactions", 1);
    add(counterNames.ledger({ type }), 1);
    add(counterNames.ledger({ status }), 1);
    add(counterNames.ledger({ type, status }), 1);
  }
  return deltas;
}

/** A ledger line moving from one status to another, for the per-status counters. */
export function ledgerStatusChangeCounters(
  type: LedgerLine["type"],
  from: LedgerLine["status"],
  to: LedgerLine["status"],
): CounterDeltas {
  return {
    [counterNames.ledger({ status: from })]: -1,
    [counterNames.ledger({ status: to })]: 1,
    [counterNames.ledger({ type, status: from })]: -1,
    [counterNames.ledger({ type, status: to })]: 1,
  };
}

export function withdrawalStatusChangeCounters(from: string, to: string): CounterDeltas {
  return { [counterNames.withdrawals(from)]: -1, [counterNames.withdrawals(to)]: 1 };
}

export function mergeCounters(...all: CounterDeltas[]): CounterDeltas {
  const merged: Record<string, number> = {};
  for (const deltas of all) {
    for (const [name, delta] of Object.entries(deltas)) merged[name] = (merged[name] ?? 0) + (delta ?? 0);
  }
  return merged;
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
): (MoveItem | TransactItem)[] {
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
    ledgerStatusUpdate(
      TableName,
      withdrawal.userId,
      withdrawal.ledgerLineId,
      "withdrawal",
      "pending",
      ledgerTo,
      change.at,
    ),
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

export const allCounterShards = () =>
  Array.from({ length: keys.statsShardCount }, (_, shard) => keys.statsTotals(shard));

/**
 * The statistics counters move in the same transaction as the change they count, on the shard `seed` picks (the
 * id of the user or package concerned), so that busy users do not all queue on one item.
 */
export function countersUpdate(TableName: string, deltas: CounterDeltas, seed: string): TransactItem {
  const entries = Object.entries(deltas).filter((entry): entry is [string, number] => !!entry[1]);
  return {
    Update: {
      TableName,
      Key: keys.statsTotals(keys.statsShardOf(seed)),
      UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, delta], i) => [`:c${i}`, delta])),
    },
  };
}
