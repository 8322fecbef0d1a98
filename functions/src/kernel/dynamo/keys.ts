/**
 * Every key string of the single table lives here (docs/data-model.md has the access-pattern chart).
 * Entities:  USER#<id> / PROFILE             the user (GSI1: USERS#<nn> / <createdAt>#<id>, newest-first list;
 *                                            GSI2: USEREMAIL#<nn> / email; GSI3: USERNAME#<nn> / name, search)
 *            USER#<id> / TX#<txId>           a ledger line of that user (GSI1: TX#<nn> / <txId>, the admin list;
 *                                            GSI2: TX#<type>#<status>#<nn> / <txId>; GSI3: TXREF#<reference>)
 *            USER#<id> / INV#<invId>         an investment of that user (GSI2: MATURING#<nn> / <maturity day>#<invId>
 *                                            while active: the maturities job's list, design.md §13.6)
 *            USER#<id> / CLAIM#<invId>#<day> the once-a-day reward marker of an investment
 *            USER#<id> / REFERRAL#<userId>   a referral the user made
 *            USER#<id> / DEVICE#<sha256>     a browser seen signing in to the account (90 days, TTL)
 *            USER#<id> / STATEMENT#<yyyy-mm>  the monthly statement email of that month: claimed with a lease before
 *                                            it is sent, then sent or skipped (exactly once per account and month)
 *            USER#<id> / PAYOUTNUMBER#<msisdn>  a number the user completed an STK deposit from: withdrawals may pay
 *                                            to it (design.md §12.2)
 *            PAYOUTBLOCK#<sha256> / PAYOUTBLOCK  the link that blocks a new payout number (design.md §13.2): single
 *                                            use, 7 days (TTL)
 *            WITHDRAWAL#<id> / WITHDRAWAL     a withdrawal request (GSI1: WD#<nn> / <id>; GSI2: WD#<status>#<nn> / <id>;
 *                                            GSI3: USER#<userId> / WD#<id>, the user's own list)
 *            UNIQUE#EMAIL#<email> / UNIQUE   uniqueness markers written with the user (also PHONE — GSI2:
 *                                            USERPHONE#<nn> / msisdn; GSI3: USERNAME#<nn> / "last first" — and
 *                                            REFCODE)
 *            PACKAGE#<id> / PACKAGE          an investment package (GSI1: PACKAGES / <createdAt>#<id>)
 *            DEPOSIT#<checkoutId> / DEPOSIT  an M-Pesa deposit (GSI2: DEPOSIT#<status>#<nn> / <createdAt>, reconciliation);
 *                                            DEPOSIT#paybill-<TransID>: a Paybill payment above KES 10,000 held until
 *                                            M-Pesa's record confirms it (GSI2: PAYBILLHELD#<status>#<nn> / <createdAt>)
 *            STKREF#<reference> / STKREF     the account reference (JF…) an STK push gave its payment: names the deposit,
 *                                            so a Paybill confirmation with it is told from a payer's typing
 *            RECEIPT#<receipt> / RECEIPT     an M-Pesa receipt already credited (never twice): an STK receipt or a
 *                                            Paybill TransID, or a Paybill payment kept as unmatched
 *            UNMATCHED#<transId> / UNMATCHED a Paybill payment for no account, for an admin to resolve (a receipt
 *                                            conflict has an id of its own, the receipt and a digest) (GSI1:
 *                                            UNMATCHED#<nn> / <receivedAt>#<transId>; GSI2: UNMATCHED#<status>#<nn> /
 *                                            <receivedAt>#<transId>, the open ones oldest first)
 *            DARAJA / TOKEN                  the shared Daraja access token
 *            STATS#<nn> / TOTALS             counters for the admin statistics, one partition per shard
 *            STATS#<nn> / DAY#<yyyy-mm-dd>   a Nairobi day's counters (day-counters.ts), on the same shards
 *            STATS#<nn> / MATURES#<day>, STATS / MATURED   the active-investments count's retirement by day before
 *                                            capital came back at maturity: written no more, read and removed by
 *                                            `npm run migrate` (migrations/retired-count-migration.ts)
 *            THROTTLE#LOGIN#<scope> / <hour> login attempts counted before the password is checked, by TTL
 *                                            (scopes EMAIL#<email>, IP#<network>, and EMAILIP#<email>#<network>, the
 *                                            pair; <network>: an IPv4 address, or an IPv6 /64)
 *            THROTTLE#LOGIN#EMAILDAY#<email> / <day>  an account's failed passwords in a Nairobi day, by TTL
 *            SIGNINLINK#<userId> / SIGNINLINK  the account's live sign-in link, by its token's SHA-256 (15 min, TTL)
 *            PROOF#<signature> / PROOF      a solved proof-of-work challenge, spent once (until it expires, TTL)
 *            THROTTLE#REFCODE#IP#<network> / <hour>  public referral code checks made from a network, by TTL
 *            THROTTLE#RESET#<scope> / <hour> password reset emails asked for, per email and per address, by TTL
 *            PASSWORD_RESET#<sha256> / PASSWORD_RESET   an unused password reset link (30 minutes, TTL)
 *            THROTTLE#STK#USER#<id> / PENDING    how many of the user's deposits are pending
 *            THROTTLE#STK#<scope> / <hour>   STK prompts started in an hour, per user and per phone, by TTL
 *            AUDITBY#<actorId> / AUDIT#<id>  an admin action (GSI1: AUDIT#<nn>; GSI2: AUDIT#<action>#<nn>;
 *                                            GSI3: AUDITTARGET#<targetId>), all / <id>, newest first
 *            IDEMPOTENCY#<callerId>#<key> / IDEMPOTENCY   a keyed money request and its kept answer (24 h, TTL)
 *            ADJUSTMENT#<id> / ADJUSTMENT    a balance adjustment waiting for (or decided by) a second admin
 *                                            (GSI1: ADJUSTMENTS / <id>, newest first; few: only those above the solo
 *                                            limits)
 *            PACKAGECHANGE#<id> / PACKAGECHANGE   a new package or a change of a package's money terms waiting for
 *                                            (or decided by) a second admin (GSI1: PACKAGECHANGES / <id>, newest first)
 *            STATEMENTS#<yyyy-mm> / RUN      the monthly statement emails of that month all sent or skipped: later runs
 *                                            stop at once
 *            ADJSOLO#<adminId> / <day>       an admin's solo adjustments in a Nairobi day, in cents (3 days, TTL)
 *            OUTBOX#<eventId> / OUTBOX       a notification to send (SMS and email), written with the move it reports
 *                                            (GSI2: OUTBOX#pending#<nn> / <createdAt>#<eventId> while a channel is
 *                                            open, removed when both are final; TTL some days after)
 *
 * <nn> is the item's shard: its own id (the user's id for user entries) hashed onto INDEX_SHARDS values, so that a
 * list which grows with users or money moves is spread over that many partition keys instead of one. Lists are read
 * by querying every shard in parallel and merging (admin-query-repository.ts).
 */
import { networkOf } from "../caller.js";
import { tableKeySchema } from "./table-schema.js";

export interface Key {
  PK: string;
  SK: string;
}

function shardCountFrom(setting: string | undefined): number {
  if (setting === undefined || setting === "") return tableKeySchema.indexShards;
  const count = Number(setting);
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    throw new RangeError(`INDEX_SHARDS must be a whole number from 1 to 100, not "${setting}"`);
  }
  return count;
}

/** How many shards a sharded list has: INDEX_SHARDS when set (the CDK stack sets it), else the schema's default. */
export const indexShardCount = shardCountFrom(process.env.INDEX_SHARDS);

/** FNV-1a: a cheap, stable spread of ids over the shards. */
export function shardOf(id: string, count = indexShardCount): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % count;
}

const shardSuffix = (shard: number) => String(shard).padStart(2, "0");
/** The partition key value of `base` for the item whose id is `id`. */
const sharded = (base: string, id: string) => `${base}#${shardSuffix(shardOf(id))}`;
const statsPartition = (shard: number) => `STATS#${shardSuffix(shard)}`;
/** Every partition key value of a sharded list, in shard order. */
const allShards = (base: string) =>
  Array.from({ length: indexShardCount }, (_, shard) => `${base}#${shardSuffix(shard)}`);

export const keys = {
  user: (userId: string): Key => ({ PK: `USER#${userId}`, SK: "PROFILE" }),
  usersList: (userId: string) => sharded("USERS", userId),
  usersListPartitions: () => allShards("USERS"),
  usersListSort: (createdAt: string, userId: string) => `${createdAt}#${userId}`,

  ledgerLine: (userId: string, txId: string): Key => ({ PK: `USER#${userId}`, SK: `TX#${txId}` }),
  ledgerList: (txId: string) => sharded("TX", txId),
  ledgerListPartitions: () => allShards("TX"),
  ledgerByTypeAndStatus: (type: string, status: string, txId: string) => sharded(`TX#${type}#${status}`, txId),
  ledgerByTypeAndStatusPartitions: (type: string, status: string) => allShards(`TX#${type}#${status}`),
  ledgerByReference: (reference: string) => `TXREF#${reference}`,
  receiptMarker: (receipt: string): Key => ({ PK: `RECEIPT#${receipt}`, SK: "RECEIPT" }),
  deposit: (checkoutRequestId: string): Key => ({ PK: `DEPOSIT#${checkoutRequestId}`, SK: "DEPOSIT" }),
  /** Paybill payments held until M-Pesa's record confirms them (design.md §13.3), by status, oldest first. */
  heldPaybillDeposits: (status: string, transId: string) => sharded(`PAYBILLHELD#${status}`, transId),
  heldPaybillDepositsPartitions: (status: string) => allShards(`PAYBILLHELD#${status}`),
  /** The account reference an STK push gave its payment, naming the deposit (design.md §13.3). */
  stkReference: (reference: string): Key => ({ PK: `STKREF#${reference}`, SK: "STKREF" }),
  depositsByStatus: (status: string, checkoutRequestId: string) => sharded(`DEPOSIT#${status}`, checkoutRequestId),
  depositsByStatusPartitions: (status: string) => allShards(`DEPOSIT#${status}`),
  darajaToken: (): Key => ({ PK: "DARAJA", SK: "TOKEN" }),
  /** A Paybill payment that named no account (design.md §12.3), by M-Pesa's TransID. */
  unmatchedPayment: (transId: string): Key => ({ PK: `UNMATCHED#${transId}`, SK: "UNMATCHED" }),
  unmatchedPaymentsList: (transId: string) => sharded("UNMATCHED", transId),
  unmatchedPaymentsListPartitions: () => allShards("UNMATCHED"),
  unmatchedPaymentsByStatus: (status: string, transId: string) => sharded(`UNMATCHED#${status}`, transId),
  unmatchedPaymentsByStatusPartitions: (status: string) => allShards(`UNMATCHED#${status}`),
  unmatchedPaymentsSort: (receivedAt: string, transId: string) => `${receivedAt}#${transId}`,
  userEmailSearch: (userId: string) => sharded("USEREMAIL", userId),
  userEmailSearchPartitions: () => allShards("USEREMAIL"),
  userNameSearch: (userId: string) => sharded("USERNAME", userId),
  userNameSearchPartitions: () => allShards("USERNAME"),
  userPhoneSearch: (userId: string) => sharded("USERPHONE", userId),
  userPhoneSearchPartitions: () => allShards("USERPHONE"),

  investment: (userId: string, investmentId: string): Key => ({ PK: `USER#${userId}`, SK: `INV#${investmentId}` }),
  investmentPrefix: "INV#",
  /**
   * The active investments, by the Nairobi day they mature (design.md §13.6): sparse, written with the investment and
   * removed when its capital comes back, sharded by the investment's id. The maturities job reads each shard up to
   * today.
   */
  maturingInvestments: (investmentId: string) => sharded("MATURING", investmentId),
  maturingInvestmentsPartitions: () => allShards("MATURING"),
  maturingInvestmentsSort: (maturityDay: string, investmentId: string) => `${maturityDay}#${investmentId}`,
  /** Above every sort key of the investments maturing on `day` (a ULID is digits and capitals; `~` sorts after). */
  maturingInvestmentsThrough: (day: string) => `${day}#~`,
  claimMarker: (userId: string, investmentId: string, day: string): Key => ({
    PK: `USER#${userId}`,
    SK: `CLAIM#${investmentId}#${day}`,
  }),
  ledgerPrefix: "TX#",
  referralPrefix: "REFERRAL#",
  /** A browser that signed in to the account: the hash of its X-Device-Id (design.md §12.2). */
  device: (userId: string, deviceHash: string): Key => ({ PK: `USER#${userId}`, SK: `DEVICE#${deviceHash}` }),
  /** A number proven by a completed STK deposit from it (the PIN was entered on that phone): a payout may go there. */
  payoutNumber: (userId: string, msisdn: string): Key => ({ PK: `USER#${userId}`, SK: `PAYOUTNUMBER#${msisdn}` }),
  payoutNumberPrefix: "PAYOUTNUMBER#",
  /** The block link of a new payout number, by the SHA-256 of its token. */
  payoutNumberBlock: (tokenHash: string): Key => ({ PK: `PAYOUTBLOCK#${tokenHash}`, SK: "PAYOUTBLOCK" }),
  /** The monthly statement email of a month (`yyyy-mm`) to this user: its claim, and whether it went. */
  monthlyStatement: (userId: string, month: string): Key => ({ PK: `USER#${userId}`, SK: `STATEMENT#${month}` }),
  /** Written once every account of a month (`yyyy-mm`) has its statement sent or skipped. */
  monthlyStatementsDone: (month: string): Key => ({ PK: `STATEMENTS#${month}`, SK: "RUN" }),

  withdrawal: (withdrawalId: string): Key => ({ PK: `WITHDRAWAL#${withdrawalId}`, SK: "WITHDRAWAL" }),
  withdrawalsList: (withdrawalId: string) => sharded("WD", withdrawalId),
  withdrawalsListPartitions: () => allShards("WD"),
  withdrawalsByStatus: (status: string, withdrawalId: string) => sharded(`WD#${status}`, withdrawalId),
  withdrawalsByStatusPartitions: (status: string) => allShards(`WD#${status}`),
  userWithdrawalsPrefix: "WD#",
  userWithdrawalSort: (withdrawalId: string) => `WD#${withdrawalId}`,

  referral: (referrerId: string, referredId: string): Key => ({
    PK: `USER#${referrerId}`,
    SK: `REFERRAL#${referredId}`,
  }),

  emailMarker: (email: string): Key => ({ PK: `UNIQUE#EMAIL#${email.toLowerCase()}`, SK: "UNIQUE" }),
  phoneMarker: (msisdn: string): Key => ({ PK: `UNIQUE#PHONE#${msisdn}`, SK: "UNIQUE" }),
  referralCodeMarker: (code: string): Key => ({ PK: `UNIQUE#REFCODE#${code.toUpperCase()}`, SK: "UNIQUE" }),

  package: (packageId: string): Key => ({ PK: `PACKAGE#${packageId}`, SK: "PACKAGE" }),
  packagesListPartition: "PACKAGES",

  /**
   * The totals are spread over shards, each its own partition, so that concurrent money moves rarely touch the same
   * counter item and the claim rush does not queue on one partition.
   */
  statsTotals: (shard: number): Key => ({ PK: statsPartition(shard), SK: "TOTALS" }),
  statsShardCount: indexShardCount,
  /** Every statistics shard's partition key, in shard order. */
  statsPartitions: () => Array.from({ length: indexShardCount }, (_, shard) => statsPartition(shard)),
  /** The statistics shard the change of the user (or package) with this id is counted on. */
  statsShardOf: (seed: string) => shardOf(seed),
  /**
   * The last maturity day the active-investments count was lowered for, by the job that retired investments from it
   * before capital came back at maturity: the migration reads it (retired-count-migration.ts).
   */
  statsMaturedThrough: (): Key => ({ PK: "STATS", SK: "MATURED" }),
  /** A day's counters (new users), on a statistics shard: the day's figure is the sum of its shards. */
  statsDay: (day: string, shard: number): Key => ({ PK: statsPartition(shard), SK: `DAY#${day}` }),
  /** The day (`yyyy-mm-dd`) a statsDay sort key is of. */
  dayOfStatsDay: (sortKey: string) => sortKey.slice("DAY#".length),
  /** How many investments matured on a (UTC) day, on a statistics shard, as purchases counted them before (migration). */
  statsMaturities: (day: string, shard: number): Key => ({ PK: statsPartition(shard), SK: `MATURES#${day}` }),
  statsMaturitiesPrefix: "MATURES#",

  /**
   * An admin action (immutable): kept under its actor, so an admin's own actions are one Query. Listed newest first on
   * GSI1 (every action) and GSI2 (by action), sharded; found by what it was done to on GSI3.
   */
  auditEntry: (actorId: string, entryId: string): Key => ({ PK: `AUDITBY#${actorId}`, SK: `AUDIT#${entryId}` }),
  auditByActorPartition: (actorId: string) => `AUDITBY#${actorId}`,
  auditEntryPrefix: "AUDIT#",
  auditList: (entryId: string) => sharded("AUDIT", entryId),
  auditListPartitions: () => allShards("AUDIT"),
  auditByAction: (action: string, entryId: string) => sharded(`AUDIT#${action}`, entryId),
  auditByActionPartitions: (action: string) => allShards(`AUDIT#${action}`),
  auditByTarget: (targetId: string) => `AUDITTARGET#${targetId}`,

  /** A request made with an Idempotency-Key, per caller: its body's fingerprint and, once done, its answer. */
  idempotency: (callerId: string, idempotencyKey: string): Key => ({
    PK: `IDEMPOTENCY#${callerId}#${idempotencyKey}`,
    SK: "IDEMPOTENCY",
  }),

  /** A balance adjustment above the solo limits (design.md §12.1), listed newest first on GSI1. */
  adjustment: (adjustmentId: string): Key => ({ PK: `ADJUSTMENT#${adjustmentId}`, SK: "ADJUSTMENT" }),
  adjustmentsList: "ADJUSTMENTS",
  /** A new package or a change of a package's money terms (design.md §13.1), listed newest first on GSI1. */
  packageChange: (changeId: string): Key => ({ PK: `PACKAGECHANGE#${changeId}`, SK: "PACKAGECHANGE" }),
  packageChangesList: "PACKAGECHANGES",
  /** What an admin adjusted alone in a Nairobi day (`yyyy-mm-dd`), against the daily solo ceiling. */
  soloAdjustments: (adminId: string, day: string): Key => ({ PK: `ADJSOLO#${adminId}`, SK: day }),

  /**
   * `hour` is the UTC hour, `yyyy-mm-ddThh`: each counter is one hour's window. Every address-keyed counter is kept
   * per network (`networkOf`: an IPv6 caller by its /64, design.md §13.4).
   */
  loginAttempts: (scope: "EMAIL" | "IP", value: string, hour: string): Key => ({
    PK: `THROTTLE#LOGIN#${scope}#${scope === "EMAIL" ? value.toLowerCase() : networkOf(value)}`,
    SK: hour,
  }),
  /** Failed passwords for one account from one address (design.md §12.2). */
  loginAttemptsFromIp: (email: string, sourceIp: string, hour: string): Key => ({
    PK: `THROTTLE#LOGIN#EMAILIP#${email.toLowerCase()}#${networkOf(sourceIp)}`,
    SK: hour,
  }),
  /** Failed passwords for one account in a Nairobi day (`yyyy-mm-dd`): past its limit, a sign-in link (§13.4). */
  loginFailuresOfDay: (email: string, day: string): Key => ({
    PK: `THROTTLE#LOGIN#EMAILDAY#${email.toLowerCase()}`,
    SK: day,
  }),
  /** An account's live sign-in link (design.md §13.4): at most one, by the SHA-256 of its token; 15 minutes, TTL. */
  signInLink: (userId: string): Key => ({ PK: `SIGNINLINK#${userId}`, SK: "SIGNINLINK" }),
  /** A solved proof-of-work challenge, by its signature: written once, so it pays for one attempt. */
  spentProof: (signature: string): Key => ({ PK: `PROOF#${signature}`, SK: "PROOF" }),
  referralCodeChecks: (sourceIp: string, hour: string): Key => ({
    PK: `THROTTLE#REFCODE#IP#${networkOf(sourceIp)}`,
    SK: hour,
  }),
  /** Password reset emails asked for in an hour, per email (known or not) and per address. */
  passwordResetRequests: (scope: "EMAIL" | "IP", value: string, hour: string): Key => ({
    PK: `THROTTLE#RESET#${scope}#${scope === "EMAIL" ? value.toLowerCase() : networkOf(value)}`,
    SK: hour,
  }),
  /** A password reset link, by the SHA-256 of its token (the token itself is never stored); 30 minutes, TTL. */
  passwordReset: (tokenHash: string): Key => ({ PK: `PASSWORD_RESET#${tokenHash}`, SK: "PASSWORD_RESET" }),
  /** A notification to send, by its event id (`<kind>#<ledger line or withdrawal id>` for a money move). */
  outboxEvent: (eventId: string): Key => ({ PK: `OUTBOX#${eventId}`, SK: "OUTBOX" }),
  /** The open notifications (a channel not yet final), oldest first, for the sweep: sparse, sharded by event id. */
  outboxOpen: (eventId: string) => sharded("OUTBOX#pending", eventId),
  outboxOpenPartitions: () => allShards("OUTBOX#pending"),
  outboxOpenSort: (createdAt: string, eventId: string) => `${createdAt}#${eventId}`,
  pendingDeposits: (userId: string): Key => ({ PK: `THROTTLE#STK#USER#${userId}`, SK: "PENDING" }),
  stkPrompts: (scope: "USER" | "PHONE", value: string, hour: string): Key => ({
    PK: `THROTTLE#STK#${scope}#${value}`,
    SK: hour,
  }),
} as const;
