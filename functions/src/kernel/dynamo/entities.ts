/**
 * Every item type of the single table, each defined by the builders that write it: its table keys from `keys`, its
 * index keys from the mapper's own index-key function where it has one (else from the `keys` index builders), all
 * called with placeholder arguments. `npm run data-model` prints the key chart of docs/data-model.md from this list,
 * and functions/test/data-model.test.ts checks the document against it, so a changed key is a changed chart.
 *
 * Only that script and that test import this module: no handler does, so it is in no Lambda bundle.
 */
import type { AuditRecord, DepositRecord, LedgerLine, WithdrawalRecord } from "../records.js";
import { auditIndexKeys } from "./audit-items.js";
import { depositIndexKeys, phoneMarkerIndexKeys } from "./deposit-items.js";
import { packageIndexKeys } from "./investment-items.js";
import { type Key, keys } from "./keys.js";
import { ledgerIndexKeys } from "./ledger-items.js";
import { outboxIndexKeys } from "./outbox.js";
import { userIndexKeys } from "./user-items.js";
import { withdrawalIndexKeys } from "./withdrawal-items.js";

export interface EntityDefinition {
  /** The item type's name, as the chart and the notes of docs/data-model.md call it. */
  name: string;
  /** Its table keys; an item type written under more than one partition (per scope, per kind) has each shape. */
  keys: readonly Key[];
  /** Its index keys (`GSI1PK`, `GSI1SK`…), where an index lists it. */
  indexes?: Readonly<Record<string, string>>;
}

/** A placeholder argument, `<name>`, typed as the value it stands for (a status, an action…). */
const the = <T extends string = string>(name: string) => `<${name}>` as T;

const user = {
  id: the("id"),
  createdAt: the("createdAt"),
  email: the("email"),
  firstName: the("first"),
  lastName: the("last"),
};
const hour = the("yyyy-mm-ddThh");
const day = the("yyyy-mm-dd");
const month = the("yyyy-mm");
/** Any statistics shard: the chart shows every shard number as `<nn>`. */
const aShard = 0;

export const entities: readonly EntityDefinition[] = [
  { name: "User", keys: [keys.user(user.id)], indexes: userIndexKeys(user) },
  { name: "Credential", keys: [keys.credential(user.id)] },
  { name: "Email marker", keys: [keys.emailMarker(user.email)] },
  {
    name: "Phone marker",
    keys: [keys.phoneMarker(the("msisdn"))],
    indexes: phoneMarkerIndexKeys(the("userId"), the("msisdn"), user),
  },
  { name: "Referral code marker", keys: [keys.referralCodeMarker(the("code"))] },
  {
    name: "Ledger line (Transaction)",
    keys: [keys.ledgerLine(user.id, the("ulid"))],
    indexes: ledgerIndexKeys({
      id: the("ulid"),
      type: the<LedgerLine["type"]>("type"),
      status: the<LedgerLine["status"]>("status"),
      reference: the("reference"),
    }),
  },
  { name: "Monthly statement marker", keys: [keys.monthlyStatement(user.id, month)] },
  {
    name: "Investment",
    keys: [keys.investment(user.id, the("ulid"))],
    // investmentIndexKeys turns the maturity instant into its Nairobi day before these two builders.
    indexes: {
      GSI2PK: keys.maturingInvestments(the("ulid")),
      GSI2SK: keys.maturingInvestmentsSort(the("Nairobi maturity day"), the("ulid")),
    },
  },
  { name: "Claim marker", keys: [keys.claimMarker(user.id, the("investmentId"), day)] },
  { name: "Referral", keys: [keys.referral(the("referrerId"), the("referredId"))] },
  { name: "Payout number", keys: [keys.payoutNumber(user.id, the("msisdn"))] },
  { name: "Payout number block link", keys: [keys.payoutNumberBlock(the("sha256 of token"))] },
  { name: "Browser seen", keys: [keys.device(user.id, the("sha256 of id and X-Device-Id"))] },
  {
    name: "Withdrawal",
    keys: [keys.withdrawal(the("ulid"))],
    indexes: withdrawalIndexKeys({
      id: the("ulid"),
      userId: the("userId"),
      status: the<WithdrawalRecord["status"]>("status"),
    }),
  },
  {
    name: "Package",
    keys: [keys.package(the("ulid"))],
    indexes: packageIndexKeys({ id: the("ulid"), createdAt: the("createdAt") }),
  },
  { name: "Statistics totals", keys: [keys.statsTotals(aShard)] },
  { name: "Statistics per day", keys: [keys.statsDay(day, aShard)] },
  { name: "Maturities per day (before capital came back)", keys: [keys.statsMaturities(day, aShard)] },
  { name: "Maturities retired through", keys: [keys.statsMaturedThrough()] },
  { name: "Monthly statements done", keys: [keys.monthlyStatementsDone(month)] },
  { name: "Kept statement PDF", keys: [keys.keptStatement(user.id, month)] },
  {
    name: "Audit entry",
    keys: [keys.auditEntry(the("actorId"), the("ulid"))],
    indexes: auditIndexKeys({
      id: the("ulid"),
      action: the<AuditRecord["action"]>("action"),
      target: { id: the("targetId") },
    }),
  },
  {
    name: "Balance adjustment (above the solo limits)",
    keys: [keys.adjustment(the("ulid"))],
    // Written by the admin-controls module's adjustmentItem, listed by its id.
    indexes: { GSI1PK: keys.adjustmentsList, GSI1SK: the("ulid") },
  },
  {
    name: "Package change",
    keys: [keys.packageChange(the("ulid"))],
    // Written by the package-terms module's packageChangeItem, listed by its id.
    indexes: { GSI1PK: keys.packageChangesList, GSI1SK: the("ulid") },
  },
  { name: "Solo adjustments per day", keys: [keys.soloAdjustments(the("adminId"), day)] },
  {
    name: "Verification (identity)",
    keys: [keys.verification(user.id)],
    // Written by the kyc module's verificationItem; on no list while its documents are uploading.
    indexes: {
      GSI1PK: keys.verificationsByStatus(the("pending|verified|rejected")),
      GSI1SK: `${the("submittedAt")}#${user.id}`,
    },
  },
  { name: "ID number verified", keys: [keys.idNumberClaim(the("sha256 of type and number"))] },
  { name: "ID number tried", keys: [keys.idNumberTry(the("sha256 of type and number"), the("userId"))] },
  { name: "Withdrawals asked per day", keys: [keys.withdrawnOfDay(user.id, day)] },
  {
    name: "Outbox event",
    keys: [keys.outboxEvent(the("eventId"))],
    indexes: outboxIndexKeys({ id: the("eventId"), createdAt: the("createdAt") }),
  },
  {
    name: "Deposit",
    keys: [keys.deposit(the("CheckoutRequestID"))],
    indexes: depositIndexKeys({
      checkoutRequestId: the("CheckoutRequestID"),
      status: the<DepositRecord["status"]>("status"),
      createdAt: the("createdAt"),
    }),
  },
  {
    name: "Held Paybill deposit",
    // The money-in module names a held payment's deposit `paybill-<TransID>` (paybill.ts).
    keys: [keys.deposit(`paybill-${the("TransID")}`)],
    indexes: { GSI2PK: keys.heldPaybillDeposits(the("status"), the("TransID")), GSI2SK: the("createdAt") },
  },
  { name: "STK reference", keys: [keys.stkReference(the("JF…"))] },
  { name: "Receipt marker", keys: [keys.receiptMarker(the("MpesaReceiptNumber"))] },
  {
    name: "Unmatched payment",
    keys: [keys.unmatchedPayment(the("TransID"))],
    // Written by the money-in module's unmatchedItem: both lists sort by the same key.
    indexes: {
      GSI1PK: keys.unmatchedPaymentsList(the("TransID")),
      GSI1SK: keys.unmatchedPaymentsSort(the("receivedAt"), the("TransID")),
      GSI2PK: keys.unmatchedPaymentsByStatus(the("status"), the("TransID")),
      GSI2SK: keys.unmatchedPaymentsSort(the("receivedAt"), the("TransID")),
    },
  },
  { name: "Daraja token", keys: [keys.darajaToken()] },
  { name: "Idempotency record", keys: [keys.idempotency(the("callerId"), the("Idempotency-Key"))] },
  {
    name: "Login throttle",
    keys: [
      keys.loginAttempts("EMAIL", user.email, hour),
      keys.loginAttempts("IP", the("network"), hour),
      keys.loginAttemptsFromIp(user.email, the("network"), hour),
    ],
  },
  { name: "Login day of failures", keys: [keys.loginFailuresOfDay(user.email, day)] },
  { name: "Sign-in link", keys: [keys.signInLink(the("userId"))] },
  { name: "Spent proof of work", keys: [keys.spentProof(the("signature"))] },
  {
    name: "Password reset request throttle",
    keys: [
      keys.passwordResetRequests("EMAIL", user.email, hour),
      keys.passwordResetRequests("IP", the("network"), hour),
    ],
  },
  { name: "Password reset link", keys: [keys.passwordReset(the("sha256 of the token"))] },
  { name: "Referral code check throttle", keys: [keys.referralCodeChecks(the("network"), hour)] },
  { name: "Pending deposits", keys: [keys.pendingDeposits(the("userId"))] },
  {
    name: "Heavy read budget",
    keys: [keys.readBudget("statements", the("userId"), hour), keys.readBudget("charts", the("userId"), hour)],
  },
  {
    name: "STK prompt throttle",
    keys: [keys.stkPrompts("USER", the("userId"), hour), keys.stkPrompts("PHONE", the("msisdn"), hour)],
  },
];

/** A sharded partition key ends in its two-digit shard; the chart names any shard `<nn>`. */
const anyShard = (partitionKey: string) => partitionKey.replace(/#\d{2}$/, "#<nn>");
const code = (text: string) => `\`${text}\``;
/** The distinct values, in order, as one cell: `a` / `b`. */
const cell = (values: readonly string[]) => [...new Set(values)].map(code).join(" / ");

const INDEXES = ["GSI1", "GSI2", "GSI3"] as const;

function indexCell(indexes: EntityDefinition["indexes"] = {}): string {
  const entries = INDEXES.flatMap((index) => {
    const partition = indexes[`${index}PK`];
    if (partition === undefined) return [];
    const sort = indexes[`${index}SK`];
    return [`${index} ${code(anyShard(partition))}${sort === undefined ? "" : ` / ${code(sort)}`}`];
  });
  return entries.length === 0 ? "—" : entries.join("; ");
}

/** The chart's rows, one per item type: its name, PK, SK and index keys. */
export function keyChartRows(list: readonly EntityDefinition[] = entities): string[][] {
  return list.map((entity) => [
    entity.name,
    cell(entity.keys.map((key) => anyShard(key.PK))),
    cell(entity.keys.map((key) => key.SK)),
    indexCell(entity.indexes),
  ]);
}

/** The key chart as a Markdown table. */
export function keyChart(list: readonly EntityDefinition[] = entities): string {
  const row = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [
    row(["Item", "PK", "SK", "GSI keys"]),
    row(["---", "---", "---", "---"]),
    ...keyChartRows(list).map(row),
  ].join("\n");
}

/** The comments docs/data-model.md keeps the printed chart between. */
export const keyChartMarkers = {
  start: "<!-- key chart: printed by `npm run data-model` from functions/src/kernel/dynamo/entities.ts -->",
  end: "<!-- end of key chart -->",
} as const;

/** The text between the markers of `doc`, trimmed; undefined when either marker is missing. */
export function keyChartIn(doc: string): string | undefined {
  const start = doc.indexOf(keyChartMarkers.start);
  const end = doc.indexOf(keyChartMarkers.end, start);
  if (start < 0 || end < 0) return undefined;
  return doc.slice(start + keyChartMarkers.start.length, end).trim();
}

/** `doc` with the text between its markers replaced by today's chart. */
export function withKeyChart(doc: string, chart = keyChart()): string {
  const start = doc.indexOf(keyChartMarkers.start);
  const end = doc.indexOf(keyChartMarkers.end, start);
  if (start < 0 || end < 0) throw new Error(`The key chart's markers are missing: ${keyChartMarkers.start}`);
  return `${doc.slice(0, start + keyChartMarkers.start.length)}\n${chart}\n${doc.slice(end)}`;
}
