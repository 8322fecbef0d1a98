import type { LedgerLine } from "../records.js";
import { keys } from "./keys.js";
import type { TransactItem } from "./transactions.js";

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
