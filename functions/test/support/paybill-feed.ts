/**
 * Paybill (C2B) payments for the seeded random runs (quality R6/R7): confirmations posted to the real ingest route as
 * Daraja posts them (once, several times at once, replayed later), for accounts that exist and for account numbers
 * that name no one, and the invariants they must leave behind (design.md §12.3): one credit per TransID, unmatched
 * money held outside every wallet, and everything paid accounted for.
 */
import { createHash, randomBytes } from "node:crypto";
import { parseC2bPayment } from "../../src/adapters/daraja/callbacks.js";
import type { Clock } from "../../src/kernel/clock.js";
import { type DynamoContext, defaultDynamoContext } from "../../src/kernel/dynamo/client.js";
import { counterNames } from "../../src/kernel/dynamo/counter-items.js";
import { readTotals } from "../../src/kernel/dynamo/counters.js";
import { DEPOSIT_CHANNEL_COUNTERS } from "../../src/kernel/dynamo/deposit-channel-counters.js";
import { keys } from "../../src/kernel/dynamo/keys.js";
import { ulid } from "../../src/kernel/ids.js";
import { log } from "../../src/kernel/log.js";
import { silentMetrics } from "../../src/kernel/metrics.js";
import type { DarajaEventDetail } from "../../src/kernel/records.js";
import type { EventEnvelope } from "../../src/local/event-bus.js";
import { createDynamoPaybillRepository } from "../../src/modules/money-in/dynamo/paybill-repository.js";
import { callbackOpener } from "../../src/modules/money-in/index.js";
import { createPaybillDeposits, PAYBILL_LINE_DESCRIPTION } from "../../src/modules/money-in/paybill.js";
import { readItem } from "./db.js";
import { postCallback } from "./payments-stack.js";

/** A payment as the run made it, and where its money must end up. */
export interface PaybillPaid {
  transId: string;
  amountCents: number;
  /** The account the account number names; none for an unmatched payment. */
  userId?: string;
  /** The users admins asked to credit with this unmatched payment (at once, or once a second admin approves). */
  askedFor?: Set<string>;
  /** Set when an admin's assignment credited it at once; no further assignment is tried. */
  assigned?: boolean;
  /** The body Daraja posted, kept for replays. */
  body: Record<string, unknown>;
}

/** Daraja's TransTime: `YYYYMMDDHHmmss`, Nairobi time. */
const transTime = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);

/**
 * The Paybill side of a run: makes payments with the run's seeded random source, posts their confirmations to the
 * ingest route and remembers what each must have done. TransIDs carry a tag of their own per run, so two runs over
 * one table (R6, then R7 with the same seed) never share a receipt.
 */
export function createPaybillFeed(options: { random: () => number; now: () => Date; businessShortCode?: string }) {
  const { random, now } = options;
  const tag = `P${randomBytes(2).toString("hex").toUpperCase().slice(0, 2)}`;
  let sequence = 0;
  const paid = new Map<string, PaybillPaid>();
  const problems: string[] = [];
  const amountText = (large = false) => {
    // Now and then above the admins' solo limit of KES 10,000, so that assigning it takes a second admin.
    const shillings = large ? 10_001 + Math.floor(random() * 20_000) : 50 + Math.floor(random() * 2000);
    return random() < 0.3 ? `${shillings}.${String(Math.floor(random() * 100)).padStart(2, "0")}` : `${shillings}.00`;
  };

  function payment(billRefNumber: string, userId?: string, large = false): PaybillPaid {
    const transId = `${tag}${String(++sequence).padStart(7, "0")}`;
    const TransAmount = amountText(large);
    const [shillings = "0", cents = "0"] = TransAmount.split(".");
    const body = {
      TransactionType: "Pay Bill",
      TransID: transId,
      TransTime: transTime(now()),
      TransAmount,
      BusinessShortCode: options.businessShortCode ?? "600984",
      BillRefNumber: billRefNumber,
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: "",
      MSISDN: createHash("sha256").update(`2547${sequence}`).digest("hex"),
      FirstName: "WANJIRU",
      MiddleName: "",
      LastName: "KAMAU",
    };
    const record: PaybillPaid = {
      transId,
      amountCents: Number(shillings) * 100 + Number(cents),
      ...(userId ? { userId } : {}),
      body,
    };
    paid.set(transId, record);
    return record;
  }

  /** Posts one confirmation `times` times at once; each delivery must be acknowledged as Daraja expects. */
  async function deliver(record: PaybillPaid, times = 1) {
    const answers = await Promise.all(
      Array.from({ length: times }, () => postCallback("c2b-confirmation", record.body)),
    );
    for (const answer of answers) {
      if (answer.status !== 200 || answer.body.ResultCode !== 0 || answer.body.ResultDesc !== "Success") {
        problems.push(`paybill ${record.transId}: the ingest answered ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
  }

  /** An account number the user may type: the registered phone in 07 or 254 form, or the referral code. */
  const accountNumberOf = (user: { phoneNumber: string; referralCode: string }) => {
    const roll = random();
    if (roll < 0.4) return user.phoneNumber;
    if (roll < 0.6) return `254${user.phoneNumber.slice(1)}`;
    if (roll < 0.7) return ` ${user.phoneNumber} `;
    return roll < 0.85 ? user.referralCode : user.referralCode.toLowerCase();
  };

  /** An account number that names no one: a phone number mistyped with a letter, or symbols. */
  const nobody = () =>
    random() < 0.5 ? `07${String(Math.floor(random() * 1e8)).padStart(8, "0")}x` : `acc#${Math.floor(random() * 1e4)}`;

  return {
    paid,
    problems,
    /** A payment for `user`, confirmed once. */
    async matched(user: { id: string; phoneNumber: string; referralCode: string }) {
      await deliver(payment(accountNumberOf(user), user.id));
    },
    /**
     * A confirmation delivered more than once: a new payment delivered 2–4 times at once, or a replay of one
     * delivered earlier (matched or not).
     */
    async duplicated(user: { id: string; phoneNumber: string; referralCode: string }) {
      const earlier = [...paid.values()];
      if (earlier.length > 0 && random() < 0.4) {
        await deliver(earlier[Math.floor(random() * earlier.length)] as PaybillPaid, 1 + Math.floor(random() * 2));
        return "paybill-replay";
      }
      await deliver(payment(accountNumberOf(user), user.id), 2 + Math.floor(random() * 3));
      return "paybill-duplicate";
    },
    /** A payment whose account number names no one, delivered once or twice. */
    async unmatched() {
      await deliver(payment(nobody(), undefined, random() < 0.35), random() < 0.8 ? 1 : 2);
    },
    /** The unmatched payments no admin has credited at once yet (some may wait for a second admin). */
    unassigned: () => [...paid.values()].filter((p) => !p.userId && !p.assigned),
    /** An admin asked to credit `userId` with an unmatched payment. */
    asked(record: PaybillPaid, userId: string) {
      record.askedFor = new Set([...(record.askedFor ?? []), userId]);
    },
  };
}

/**
 * What the run's Paybill payments must have left, read from the table once the bus is idle:
 * - each TransID credited at most once, and a matched one exactly once: one completed `deposit` line of its amount in
 *   its user's wallet, with the receipt marker naming that line;
 * - an unmatched payment has no ledger line anywhere while its record says unmatched or pending (a second admin's
 *   decision awaited): its money is held in that record, whole;
 * - an unmatched payment an admin assigned (at once or with a second admin's approval) is credited exactly once, to a
 *   user an admin asked for, as the same Paybill deposit line, which its record and its receipt marker name;
 * - Σ paid to the Paybill == Σ Paybill deposit lines + Σ unmatched payments still held.
 * `linesOfUsers` are every ledger line of every account of the run (users and admins).
 */
export async function paybillViolations(
  paid: Map<string, PaybillPaid>,
  linesOfUsers: Map<string, Record<string, unknown>[]>,
): Promise<{
  violations: string[];
  credited: number;
  assigned: number;
  unmatched: number;
  creditedCents: number;
  heldCents: number;
}> {
  const violations: string[] = [];
  const linesByTransId = new Map<string, { userId: string; line: Record<string, unknown> }[]>();
  for (const [userId, lines] of linesOfUsers) {
    for (const line of lines) {
      const transId = line.mpesaTransactionId;
      if (typeof transId !== "string" || !paid.has(transId)) continue;
      linesByTransId.set(transId, [...(linesByTransId.get(transId) ?? []), { userId, line }]);
    }
  }
  let paidCents = 0;
  let creditedCents = 0;
  let heldCents = 0;
  let credited = 0;
  let assigned = 0;
  let unmatched = 0;
  for (const payment of paid.values()) {
    paidCents += payment.amountCents;
    const lines = linesByTransId.get(payment.transId) ?? [];
    const marker = await readItem(keys.receiptMarker(payment.transId));
    const held = await readItem(keys.unmatchedPayment(payment.transId));
    const assignee = held?.status === "assigned" ? (held.user as { id?: string } | undefined)?.id : undefined;
    // A payment past an unverified account's deposit limit is kept for an admin like one for no account (§13.5).
    const overLimit = held?.reason === "kyc-limit";
    const owner = overLimit ? assignee : (payment.userId ?? assignee);
    if (lines.length > 1) violations.push(`paybill ${payment.transId}: credited ${lines.length} times`);
    if (owner) {
      const [only] = lines;
      if (!only) {
        violations.push(`paybill ${payment.transId}: never credited to ${owner}`);
        continue;
      }
      const { userId, line } = only;
      if (
        userId !== owner ||
        line.amountCents !== payment.amountCents ||
        line.transactionType !== "deposit" ||
        line.status !== "completed" ||
        line.balance !== "wallet" ||
        line.description !== PAYBILL_LINE_DESCRIPTION
      ) {
        violations.push(`paybill ${payment.transId}: credited as ${JSON.stringify({ userId, ...line })}`);
      }
      if (marker?.userId !== owner || marker?.lineId !== line.id) {
        violations.push(`paybill ${payment.transId}: receipt marker ${JSON.stringify(marker)}`);
      }
      if (payment.userId && held && !overLimit)
        violations.push(`paybill ${payment.transId}: credited and also kept as unmatched`);
      if (assignee) {
        if (!payment.askedFor?.has(assignee)) {
          violations.push(`paybill ${payment.transId}: assigned to ${assignee}, whom no admin asked for`);
        }
        if (held?.lineId !== line.id || held?.amountCents !== payment.amountCents) {
          violations.push(`paybill ${payment.transId}: its assigned record ${JSON.stringify(held)}`);
        }
        assigned++;
      }
      credited++;
      creditedCents += Number(line.amountCents);
    } else {
      if (lines.length > 0) violations.push(`paybill ${payment.transId}: unmatched, yet in a wallet`);
      if (
        !held ||
        held.amountCents !== payment.amountCents ||
        !["unmatched", "pending"].includes(String(held.status))
      ) {
        violations.push(`paybill ${payment.transId}: not held as unmatched (${JSON.stringify(held)})`);
        continue;
      }
      if (marker?.outcome !== "unmatched" || marker.userId !== undefined) {
        violations.push(`paybill ${payment.transId}: receipt marker ${JSON.stringify(marker)}`);
      }
      unmatched++;
      heldCents += Number(held.amountCents);
    }
  }
  if (paidCents !== creditedCents + heldCents) {
    violations.push(`paybill conservation: paid ${paidCents} != credited ${creditedCents} + held ${heldCents}`);
  }
  return { violations, credited, assigned, unmatched, creditedCents, heldCents };
}

/**
 * The settle handler's Paybill step (handlers/events/settle-mpesa-result.ts) on a DynamoDB context of the test's
 * choosing, as the bus's target: the same opening and parse and the same service over the same repository, so R7's injected
 * faults reach the Paybill transactions too. What throws is delivered again by the bus, as EventBridge retries.
 */
const notAskedAtOrBelowTheLimit = async (): Promise<never> => {
  throw new Error("M-Pesa's record is asked for only above KES 10,000");
};

export function paybillSettleOn(ctx: DynamoContext, clock: Clock) {
  const deposits = createPaybillDeposits({
    payments: createDynamoPaybillRepository(ctx),
    clock,
    newId: () => ulid(),
    log,
    businessNumber: "600984",
    // The feed's matched payments are at most KES 2,050: none waits for M-Pesa's record.
    records: { pullTransactions: notAskedAtOrBelowTheLimit },
    metrics: silentMetrics,
  });
  return async (event: EventEnvelope) => {
    const detail = event.detail as DarajaEventDetail;
    // As the settle handler reads it: the account number the ingest sealed, opened.
    const body = await callbackOpener()(detail.body);
    const payment = detail.kind === "C2bConfirmation" ? parseC2bPayment(body) : null;
    if (!payment) throw new Error(`not a Paybill confirmation: ${detail.kind}`);
    return deposits.settle(payment);
  };
}

/**
 * The statistics counters the Paybill moves, summed over their shards: completed deposits (M-Pesa and Paybill), the
 * Paybill channel's count and amount, and the audit entries of assignments.
 */
export async function paybillCounters() {
  const { totals } = await readTotals(defaultDynamoContext());
  return {
    completedDeposits: totals(counterNames.ledger({ type: "deposit", status: "completed" })),
    paybillDeposits: totals(DEPOSIT_CHANNEL_COUNTERS.paybillCount),
    paybillCents: totals(DEPOSIT_CHANNEL_COUNTERS.paybillCents),
    assignAudits: totals(counterNames.audit("unmatched-payment.assign")),
  };
}
