import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoContext } from "../../src/kernel/dynamo/client.js";
import { sendingThrough } from "./sending-through.js";

export interface FaultRates {
  /** TransactionCanceledException with a TransactionConflict reason, before sending. */
  conflict: number;
  /** ThrottlingException, before sending. */
  throttle: number;
  /** A timeout before the request reaches the table: nothing committed. */
  timeoutBeforeSend: number;
  /** The transaction commits, then the answer is lost (a timeout on the way back). */
  lostAfterCommit: number;
}

export interface FaultStats {
  injected: Record<keyof FaultRates, number>;
}

function error(name: string, message: string) {
  return Object.assign(new Error(message), { name, $metadata: {} });
}

/**
 * Wraps a DynamoDB context so its TransactWriteItems calls fail the ways DynamoDB does in production and DynamoDB
 * Local never does. Retries of one logical transaction reuse its item list, which is how attempts are counted.
 */
export function faultInjectingContext(base: DynamoContext, rates: FaultRates, random: () => number) {
  const stats: FaultStats = {
    injected: { conflict: 0, throttle: 0, timeoutBeforeSend: 0, lostAfterCommit: 0 },
  };
  const attempts = new WeakMap<object, number>();
  const committed = new Set<object>();

  const ctx: DynamoContext = {
    TableName: base.TableName,
    db: sendingThrough(base.db, async (command: unknown) => {
      if (!(command instanceof TransactWriteCommand)) return base.db.send(command as never);
      const items = command.input.TransactItems ?? [];
      attempts.set(items, (attempts.get(items) ?? 0) + 1);
      const roll = random();
      const [conflictUpTo, throttleUpTo, timeoutUpTo] = [
        rates.conflict,
        rates.conflict + rates.throttle,
        rates.conflict + rates.throttle + rates.timeoutBeforeSend,
      ];
      if (roll < conflictUpTo) {
        stats.injected.conflict++;
        throw new TransactionCanceledException({
          message:
            "Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]",
          $metadata: {},
          CancellationReasons: items.map((_, i) => ({ Code: i === 0 ? "TransactionConflict" : "None" })),
        });
      }
      if (roll < throttleUpTo) {
        stats.injected.throttle++;
        throw error("ThrottlingException", "Rate of requests exceeds the allowed throughput.");
      }
      if (roll < timeoutUpTo) {
        stats.injected.timeoutBeforeSend++;
        throw error("TimeoutError", "Connection timed out before the request was sent");
      }
      const result = await base.db.send(command);
      committed.add(items);
      if (roll < timeoutUpTo + rates.lostAfterCommit) {
        stats.injected.lostAfterCommit++;
        throw error("TimeoutError", "Socket timed out waiting for the response");
      }
      return result;
    }),
  };

  return {
    ctx,
    stats,
    /** Attempts each committed transaction took, once the run is over. */
    attemptsToCommit: () => [...committed].map((items) => attempts.get(items) ?? 0),
  };
}

/** Small, fast, seedable PRNG so a failing run can be replayed from its printed seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
