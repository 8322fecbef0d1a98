/**
 * Every key string of the single table is built here. Which item type has which keys is not restated: entities.ts
 * defines each item type by calling these builders, and `npm run data-model` prints from it the key chart of
 * docs/data-model.md (checked by functions/test/data-model.test.ts), beside each item's notes and access patterns.
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

/** The partition key prefix of the credential items, which IAM denies every function but the sign-in ones. */
export const CREDENTIAL_PREFIX = "CREDENTIAL#";
/**
 * The user item's attribute holding its live sessions: the only one a read-only route's authenticator may write (an
 * admin's idle window moved on), which IAM limits it to by name (infra/lib/constructs/app-function.ts).
 */
export const SESSIONS_ATTRIBUTE = "sessions";
/** The partition key prefix of the outbox's events, which the table's stream passes to the notification sender. */
export const OUTBOX_PREFIX = "OUTBOX#";

export const keys = {
  user: (userId: string): Key => ({ PK: `USER#${userId}`, SK: "PROFILE" }),
  /**
   * An account's password hash and second factor, apart from the user item every route reads: the functions that
   * may not touch it are denied this partition key prefix by IAM (docs/adr/0016-credentials-apart.md).
   */
  credential: (userId: string): Key => ({ PK: `${CREDENTIAL_PREFIX}${userId}`, SK: "CREDENTIAL" }),
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
  /** A closed month's (`yyyy-mm`) statement PDF, kept once rendered for the caller's next download (design.md §12.6). */
  keptStatement: (userId: string, month: string): Key => ({ PK: `STATEMENT_PDF#${userId}`, SK: month }),
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
  /**
   * An account's identity verification (design.md §13.5), beside the user item; listed by status, oldest submission
   * first, on GSI1.
   */
  verification: (userId: string): Key => ({ PK: `USER#${userId}`, SK: "KYC" }),
  verificationsByStatus: (status: string) => `KYC#${status}`,
  /** One ID number (by the SHA-256 of its type and number): the account it is verified on, and every account that tried it. */
  idNumberClaim: (idHash: string): Key => ({ PK: `KYCID#${idHash}`, SK: "VERIFIED" }),
  idNumberTry: (idHash: string, userId: string): Key => ({ PK: `KYCID#${idHash}`, SK: `TRY#${userId}` }),
  idNumberTryPrefix: "TRY#",
  /** What an account asked to withdraw in a Nairobi day (`yyyy-mm-dd`), against the unverified daily limit. */
  withdrawnOfDay: (userId: string, day: string): Key => ({ PK: `USER#${userId}`, SK: `WITHDRAWN#${day}` }),

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
  /**
   * A signed-in caller's checks (`STEPUP`: step-up codes; `PASSWORDCHECK`: the password asked for again before a
   * security change) for one account from one network in an hour (design.md §12.2).
   */
  signedInAttempts: (scope: "STEPUP" | "PASSWORDCHECK", userId: string, sourceIp: string, hour: string): Key => ({
    PK: `THROTTLE#${scope}#${userId}#${networkOf(sourceIp)}`,
    SK: hour,
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
  outboxEvent: (eventId: string): Key => ({ PK: `${OUTBOX_PREFIX}${eventId}`, SK: "OUTBOX" }),
  /** The event id of an outbox event's partition key (the stream's records carry only the keys). */
  outboxEventIdOf: (partitionKey: string) =>
    partitionKey.startsWith(OUTBOX_PREFIX) ? partitionKey.slice(OUTBOX_PREFIX.length) : undefined,
  /** The open notifications (a channel not yet final), oldest first, for the sweep: sparse, sharded by event id. */
  outboxOpen: (eventId: string) => sharded("OUTBOX#pending", eventId),
  outboxOpenPartitions: () => allShards("OUTBOX#pending"),
  outboxOpenSort: (createdAt: string, eventId: string) => `${createdAt}#${eventId}`,
  pendingDeposits: (userId: string): Key => ({ PK: `THROTTLE#STK#USER#${userId}`, SK: "PENDING" }),
  stkPrompts: (scope: "USER" | "PHONE", value: string, hour: string): Key => ({
    PK: `THROTTLE#STK#${scope}#${value}`,
    SK: hour,
  }),
  /** An account's heavy reads of one kind (`STATEMENTS`, `CHARTS`) in a UTC hour (`yyyy-mm-ddThh`). */
  readBudget: (budget: string, userId: string, hour: string): Key => ({
    PK: `THROTTLE#READ#${budget.toUpperCase()}#${userId}`,
    SK: hour,
  }),
} as const;
