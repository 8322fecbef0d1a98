import type {
  AuditAction,
  BALANCE_KINDS,
  DEPOSIT_STATUSES,
  PACKAGE_CATEGORIES,
  RISK_LEVELS,
  Role,
  StoredNotificationPreferences,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  WITHDRAWAL_STATUSES,
} from "@jengafund/shared";
import type { FirstPayoutNumberProof, PayoutNumberRecord } from "./payout-numbers-port.js";
import type { PaidAfterRefund } from "./payout-recovery-port.js";
import type { SessionMap } from "./sessions-port.js";

/** Domain records as the services see them. Amounts are integer cents. */
export interface UserSummary {
  firstName: string;
  lastName: string;
  email: string;
}

export const summaryOf = (user: UserSummary): UserSummary => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
  role: Role;
  isTrialAccount: boolean;
  trialBalanceCents: number;
  walletBalanceCents: number;
  totalReferralEarningsCents: number;
  referralCode: string;
  /** Who referred this user, copied from the referral code's marker at registration. */
  referrer?: UserSummary & { id: string };
  /** True until the referrer's bonus is paid (on this user's first real-money investment). */
  referralRewardPending?: boolean;
  isActive: boolean;
  /** Bumped to revoke every token issued before (deactivation, password change). */
  tokenVersion: number;
  createdAt: string;
  /** When a reset link last set the password: links issued before then no longer work. */
  passwordChangedAt?: string;
  /** Two-factor sign-in (TOTP); absent until the user starts setting it up. */
  twoFactor?: TwoFactorState;
  /** When two-factor sign-in was last turned on or off (a signal on the admin's withdrawal screens). */
  twoFactorChangedAt?: string;
  /** The live sessions: session id (`sid`) → its end in epoch seconds (sessions-port.ts). */
  sessions?: SessionMap;
  /** The kinds the account turned off (or on again), per channel; absent = every kind on (design.md §12.6). */
  notifications?: StoredNotificationPreferences;
}

/**
 * Two-factor sign-in of a user: a secret being set up (shown once, not yet confirmed with a code), or the confirmed
 * secret and the last RFC 6238 time step a code was accepted for, so that no code is accepted twice.
 */
export interface TwoFactorState {
  enabled: boolean;
  /** Set up but not yet confirmed: becomes `secret` when the first code is right. */
  pendingSecret?: string;
  secret?: string;
  lastUsedStep?: number;
  /** The unused recovery codes, hashed (recovery-codes.ts); a string set, so one is used by deleting it. */
  recoveryCodeHashes?: Set<string>;
  /** The second factor's own budget (second-factor-port.ts): codes counted in a row without a right one. */
  failures?: number;
  /** Epoch seconds: while in the future, no code is checked. */
  lockedUntil?: number;
  /** Epoch seconds of the last code counted. */
  countedAt?: number;
}

export type LedgerType = (typeof TRANSACTION_TYPES)[number];
export type LedgerStatus = (typeof TRANSACTION_STATUSES)[number];
/** Which balance a ledger line moves: trial money and real money never mix. */
export type BalanceKind = (typeof BALANCE_KINDS)[number];

export interface LedgerLine {
  id: string;
  userId: string;
  type: LedgerType;
  balance: BalanceKind;
  /** Signed: credits positive, debits negative. */
  amountCents: number;
  status: LedgerStatus;
  description: string;
  reference: string;
  createdAt: string;
  mpesaTransactionId?: string;
  phoneNumber?: string;
  /** The request that wrote it, where the line is its operation's idempotency marker. */
  requestId?: string;
}

export interface NewAccount {
  user: UserRecord;
  /** The trial balance's opening ledger line, so trialBalance always equals the sum of its ledger. */
  openingLine?: LedgerLine;
  referral?: { referrer: UserSummary & { id: string }; rewardCents: number };
  /** Africa/Nairobi day of the registration, for the "new users today" counter. */
  day: string;
}

export type UniqueField = "email" | "phoneNumber" | "referralCode";

/** What an email logs in with: its user and password hash. */
export interface LoginCredential {
  userId: string;
  passwordHash: string;
}

/** One login attempt as the throttle counts it: on the account's and the address's counter of its hour. */
export interface LoginAttempt {
  email: string;
  sourceIp: string;
  /** The UTC hour, `yyyy-mm-ddThh`: the counters' window. */
  hour: string;
  expiresAtEpochSeconds: number;
  /** The Nairobi day, `yyyy-mm-dd`: the window of the account's daily count of failures (design.md §13.4). */
  day: string;
  dayExpiresAtEpochSeconds: number;
}

/** One public referral code check, counted against the caller's address in the UTC hour it is made. */
export interface ReferralCodeCheckAttempt {
  sourceIp: string;
  /** The UTC hour, `yyyy-mm-ddThh`: the counter's window. */
  hour: string;
  expiresAtEpochSeconds: number;
}

export interface LoginLimits {
  perAccountPerHour: number;
  perIpPerHour: number;
}

export interface AccountRepository {
  /** The owner of a referral code, or null. */
  findReferrer(code: string): Promise<(UserSummary & { id: string }) | null>;
  /** Writes the user, its uniqueness markers, opening ledger line, referral and counters in one transaction. */
  createAccount(account: NewAccount): Promise<void>;
  getUser(userId: string): Promise<UserRecord | null>;
  /** The user and, in the same round trip, the records a request is about (a package, one of their investments). */
  getUserWith(userId: string, refs: CallerRefs): Promise<CallerContext | null>;
  /** The user id and password hash of an email, from its uniqueness marker (one read); null when unknown. */
  findLoginCredential(email: string): Promise<LoginCredential | null>;
  /**
   * Counts the attempt on both counters in one write whose conditions carry the limits, so the limits hold however
   * many attempts run at once. False (and nothing counted) when either counter has reached its limit.
   */
  reserveLoginAttempt(attempt: LoginAttempt, limits: LoginLimits): Promise<boolean>;
  /** Gives a counted attempt back: a right password does not use up the budget. */
  releaseLoginAttempt(attempt: LoginAttempt): Promise<void>;
  /**
   * Counts a referral code check against its address by one write whose condition carries the limit. False (and
   * nothing counted) when the address has used up its checks for the hour.
   */
  reserveReferralCodeCheck(attempt: ReferralCodeCheckAttempt, limitPerHour: number): Promise<boolean>;
}

/** An unused password reset link; only the SHA-256 of its token is kept. */
export interface PasswordResetRecord {
  tokenHash: string;
  userId: string;
  email: string;
  createdAt: string;
  /** Epoch seconds: the link's end, and the item's TTL. */
  expiresAtEpochSeconds: number;
}

/** A new password from a reset link: the link, the user and their login marker change together. */
export interface PasswordChange {
  reset: PasswordResetRecord;
  passwordHash: string;
  now: Date;
}

/** Password reset links and two-factor sign-in: what protects an account besides its password. */
export interface AccountSecurityRepository {
  savePasswordReset(reset: PasswordResetRecord): Promise<void>;
  findPasswordReset(tokenHash: string): Promise<PasswordResetRecord | null>;
  /**
   * Uses the link once: deletes it (unexpired), sets the password on the user and on the email marker login reads,
   * and bumps the token version (every session ends), in one transaction. Refused ("reset-link-invalid") when the
   * link is gone or expired, or the password was set since it was issued.
   */
  resetPassword(change: PasswordChange): Promise<void>;
  /** Keeps a new secret to be confirmed; refused ("two-factor-changed") when two-factor sign-in is already on. */
  startTwoFactorSetup(userId: string, pendingSecret: string): Promise<void>;
  // Turning it on and off, and every use of a code, are in second-factor-port.ts.
}

export type PackageCategory = (typeof PACKAGE_CATEGORIES)[number];
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface PackageRecord {
  id: string;
  name: string;
  company: string;
  description: string;
  priceCents: number;
  image: string;
  category: PackageCategory;
  riskLevel: RiskLevel;
  /** Percent, e.g. 40 for 40% a month. */
  monthlyReturnRate: number;
  /** Percent, e.g. 1.3 for 1.3% a day. */
  dailyReturnRate: number;
  maturityDate: string;
  createdAt: string;
}

export interface CallerRefs {
  packageId?: string;
  investmentId?: string;
  /** Another user the (admin) caller acts on. */
  subjectUserId?: string;
  withdrawalId?: string;
  /** A number the caller asks to be paid to: its proof (a completed STK deposit from it), if any (design.md §12.2). */
  payoutNumber?: string;
}

export interface CallerContext {
  user: UserRecord;
  package?: PackageRecord | null;
  investment?: InvestmentRecord | null;
  subject?: UserRecord | null;
  withdrawal?: WithdrawalRecord | null;
  payoutNumber?: PayoutNumberRecord | null;
}

export interface InvestmentRecord {
  id: string;
  userId: string;
  /** A snapshot: the card keeps its name, company and image even if the package is later edited or deleted. */
  package: { id: string; name: string; company: string; image: string };
  amountCents: number;
  dailyReturnRate: number;
  /** The balance it was bought with; its rewards are paid into the same one. */
  balance: BalanceKind;
  totalRewardsClaimedCents: number;
  purchaseDate: string;
  maturityDate: string;
  lastClaimDate?: string;
  /** The request that created it: the purchase's idempotency marker is the investment item itself. */
  requestId: string;
}

export interface ReferralRecord {
  referrerId: string;
  referredId: string;
  referred: UserSummary;
  rewardCents: number;
  rewardPaid: boolean;
  createdAt: string;
  paidAt?: string;
}

export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface WithdrawalRecord {
  id: string;
  userId: string;
  user: UserSummary;
  amountCents: number;
  phoneNumber: string;
  transactionReference: string;
  status: WithdrawalStatus;
  requestDate: string;
  processedBy?: { id: string; firstName: string; lastName: string };
  processedAt?: string;
  reason?: string;
  mpesaTransactionId?: string;
  /** When the payout was last sent to M-Pesa (reconciliation may send it again). */
  payoutStartedAt?: string;
  /** Daraja's ConversationID once the payout was accepted: a result must name it to settle the payout. */
  conversationId?: string;
  /** Daraja's ConversationID of the latest Transaction Status query about the payout: its answer must name it. */
  statusConversationId?: string;
  /** M-Pesa paid it after it was refunded: money an admin must recover (payout-recovery-port.ts). */
  paidAfterRefund?: PaidAfterRefund;
  /** The pending `withdrawal` ledger line holding the amount. */
  ledgerLineId: string;
  requestId: string;
}

/**
 * Why a conditional write was refused: the condition that failed, in domain terms. Each item of a transaction names
 * the refusal its condition stands for, so the answer never depends on the item's position.
 */
export type RefusalReason =
  | "insufficient-balance"
  | "account-changed"
  | "package-changed"
  | "referral-already-paid"
  | "already-claimed"
  | "investment-changed"
  /** A withdrawal or deposit was no longer pending (already settled or decided, or changed since it was read). */
  | "not-pending"
  /** A payout was no longer approved and waiting for M-Pesa. */
  | "not-approved"
  /** The M-Pesa receipt already credited another deposit. */
  | "duplicate-receipt"
  | "package-exists"
  | "package-missing"
  /** The user to (de)activate is an admin, or no longer exists. */
  | "admin-account"
  /** A uniqueness marker exists already. */
  | "email-taken"
  | "phone-taken"
  | "referral-code-taken"
  /** A login throttle counter reached its limit. */
  | "login-limit"
  /** An account's (or email's) hourly counter reached the limit past which a proof of work is asked for. */
  | "proof-needed"
  /** A solved proof-of-work challenge was spent before. */
  | "proof-spent"
  /** An account's daily count of failed passwords reached the limit past which a sign-in link is needed (§13.4). */
  | "sign-in-link"
  /** A password reset link was used, expired, or outdated by a later password change. */
  | "reset-link-invalid"
  /** Two-factor sign-in is not in the state the request was decided on (already on, off, another secret). */
  | "two-factor-changed"
  /** The authenticator code's time step was accepted before. */
  | "code-used"
  /** Another run moved the counter over these days already. */
  | "already-covered"
  /** An admin's solo adjustments of the day would pass their ceiling: the adjustment needs a second admin. */
  | "solo-limit"
  /** The payout number was proven by another deposit meanwhile: this one settles as a later deposit from it. */
  | "payout-number-proven"
  /** A block link (design.md §13.2) was used before, has expired, or names nothing. */
  | "block-link-invalid"
  | PromptLimit;

/** The one refusal of the repositories: a condition that failed, which no retry would change. */
export class MoveRefusedError extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`Refused: ${reason}`);
    this.name = "MoveRefusedError";
  }
}

export interface PurchasePlan {
  /** The answer to keep with the purchase, when the request carries an Idempotency-Key. */
  answer?: KeptAnswer;
  /** The buyer as read for this request; the transaction's conditions ensure it is still true. */
  buyer: UserRecord;
  investment: InvestmentRecord;
  line: LedgerLine;
  package: PackageRecord;
  now: string;
  /** Present on the buyer's first real-money investment while a referral bonus is pending. */
  referralBonus?: { referrerId: string; rewardCents: number; line: LedgerLine; referrer: UserSummary };
}

export interface ClaimPlan {
  answer?: KeptAnswer;
  claimant: UserRecord;
  investment: InvestmentRecord;
  rewardCents: number;
  day: string;
  now: string;
  line: LedgerLine;
  requestId: string;
}

export interface WithdrawalPlan {
  answer?: KeptAnswer;
  user: UserRecord;
  withdrawal: WithdrawalRecord;
  line: LedgerLine;
  /** The caller's address, for the owner's notice (its outbox event). */
  sourceIp?: string;
}

export interface BalanceAdjustmentPlan {
  answer?: KeptAnswer;
  subject: UserRecord;
  line: LedgerLine & { requestId: string };
}

/** Raised when an admin account would be activated or deactivated. */
export class AdminAccountError extends Error {
  constructor() {
    super("Admin accounts cannot be toggled");
    this.name = "AdminAccountError";
  }
}

export interface Page<T> {
  items: T[];
  /** Opaque position after the last item, when there is more. */
  nextCursor?: string;
  /** How many items match the filter in all, from the counters (or from the search results). */
  total: number;
}

export interface PageRequest {
  limit: number;
  /** 1-based. Without a cursor the adapter walks to it, one query a page: the schemas allow the first 50 that way. */
  page: number;
  cursor?: string;
}

export interface StatsRepository {
  /**
   * Takes investments that matured on days up to `throughDay` (YYYY-MM-DD, inclusive) out of the active count, once
   * each: the counter remembers the last day it covered. Returns how many were retired.
   */
  retireMatured(throughDay: string): Promise<number>;
}

export interface AdminStats {
  totalUsers: number;
  totalPackages: number;
  totalInvestments: number;
  activeInvestments: number;
  totalTransactions: number;
  pendingWithdrawals: number;
  totalRevenueCents: number;
  newUsersToday: number;
}

/**
 * One admin action, written in the same transaction as the change it records and never changed after (design.md §11).
 * `details` is in the units people read (KES, not cents).
 */
export interface AuditRecord {
  id: string;
  action: AuditAction;
  actor: UserSummary & { id: string };
  target: { type: "user" | "package" | "withdrawal" | "payment"; id: string; label: string };
  details: {
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    reason?: string;
    /** On a decision about a pending adjustment: the admin who asked for it. */
    requestedBy?: { id: string; email: string };
    ip: string;
  };
  createdAt: string;
}

export interface AdminQueries {
  stats(day: string): Promise<AdminStats>;
  listAudit(request: PageRequest & { action?: AuditAction; search?: string }): Promise<Page<AuditRecord>>;
  listUsers(request: PageRequest & { search?: string }): Promise<Page<UserRecord>>;
  listLedger(
    request: PageRequest & { type?: LedgerType; status?: LedgerStatus; search?: string },
  ): Promise<Page<LedgerLine & { user: UserSummary }>>;
  listWithdrawals(request: PageRequest & { status?: WithdrawalStatus }): Promise<Page<WithdrawalRecord>>;
}

export type WithdrawalDecision = {
  processedBy: WithdrawalRecord["processedBy"] & {};
  at: string;
  requestId: string;
} & ({ status: "approved"; reason?: string } | { status: "rejected"; reason: string });

export interface AdminRepository {
  /**
   * Activates or deactivates a non-admin user; deactivation also revokes every token issued so far. Throws
   * AdminAccountError for an admin (or a user that does not exist).
   */
  setActive(subject: UserRecord, isActive: boolean, audit: AuditRecord): Promise<UserRecord>;
  /**
   * Moves a pending withdrawal to approved, or to rejected with the held amount refunded and its ledger line
   * cancelled. Throws MoveRefusedError("not-pending") when it was already processed.
   */
  decideWithdrawal(
    withdrawal: WithdrawalRecord,
    decision: WithdrawalDecision,
    audit: AuditRecord,
  ): Promise<WithdrawalRecord>;
}

export interface InvestorRepository {
  getPackage(packageId: string): Promise<PackageRecord | null>;
  listPackages(): Promise<PackageRecord[]>;
  purchase(plan: PurchasePlan): Promise<void>;
  claim(plan: ClaimPlan): Promise<void>;
  requestWithdrawal(plan: WithdrawalPlan): Promise<void>;
  listInvestments(userId: string): Promise<InvestmentRecord[]>;
  listReferrals(userId: string): Promise<ReferralRecord[]>;
  listLedger(userId: string, limit: number): Promise<(LedgerLine & { user: UserSummary })[]>;
  listWithdrawals(userId: string, limit: number): Promise<WithdrawalRecord[]>;
}

/** What an admin edits: everything but the identity and the creation time. */
export type PackageFields = Omit<PackageRecord, "id" | "createdAt">;

export interface PackageRepository {
  /** Creates the package and counts it in the statistics; false when the id already exists. */
  create(pkg: PackageRecord, answer?: KeptAnswer, audit?: AuditRecord): Promise<boolean>;
  /** Replaces an existing package's fields (keeping its creation time); null when it does not exist. */
  update(before: PackageRecord, fields: PackageFields, audit?: AuditRecord): Promise<PackageRecord | null>;
  /** Deletes the package (investments keep their snapshot of it); false when it does not exist. */
  remove(packageId: string, audit?: AuditRecord): Promise<boolean>;
}

export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** An M-Pesa deposit, keyed by the CheckoutRequestID Daraja gave its STK push. */
export interface DepositRecord {
  checkoutRequestId: string;
  merchantRequestId: string;
  userId: string;
  amountCents: number;
  phoneNumber: string;
  status: DepositStatus;
  /** The deposit's ledger line: pending (moving nothing) until it settles. */
  ledgerLineId: string;
  /** The account reference the STK push gave the payment (JF and ten characters), recorded with the deposit. */
  accountReference?: string;
  /** A Paybill payment held until M-Pesa's record confirms it (design.md §13.3): its id is `paybill-<TransID>`. */
  channel?: "paybill";
  createdAt: string;
  settledAt?: string;
  resultCode?: string;
  resultDesc?: string;
  receipt?: string;
}

/** What starting one deposit counts against the STK push limits (design.md §9). */
export interface PromptReservation {
  userId: string;
  phoneNumber: string;
  /** The UTC hour, `yyyy-mm-ddThh`: the hourly counters' window. */
  hour: string;
  expiresAtEpochSeconds: number;
}

export interface PromptLimits {
  maxPendingDepositsPerUser: number;
  maxPromptsPerUserPerHour: number;
  maxPromptsPerPhonePerHour: number;
}

export type PromptLimit = "pending-deposits" | "prompts-per-user" | "prompts-per-phone";

export const PROMPT_LIMITS: readonly PromptLimit[] = ["pending-deposits", "prompts-per-user", "prompts-per-phone"];

export const isPromptLimit = (reason: RefusalReason): reason is PromptLimit =>
  (PROMPT_LIMITS as readonly string[]).includes(reason);

export interface DepositRepository {
  /**
   * Before an STK push: takes one of the user's pending-deposit slots and counts the prompt for the user and for the
   * phone this hour, in one write whose conditions carry the limits, so they hold however many requests run at once.
   * Refuses with the limit's name (MoveRefusedError), counting nothing, when any is full; an hourly limit first.
   */
  reservePrompt(reservation: PromptReservation, limits: PromptLimits): Promise<void>;
  /**
   * Undoes a reservation whose deposit will never be recorded: always the pending slot (no settlement would free it);
   * the hourly counts only when no prompt can have reached the phone.
   */
  releasePrompt(reservation: PromptReservation, options: { promptSent: boolean }): Promise<void>;
  /** Records the started deposit and its pending ledger line; no balance moves. */
  create(deposit: DepositRecord, line: LedgerLine, user: UserSummary, answer?: KeptAnswer): Promise<void>;
  get(checkoutRequestId: string): Promise<DepositRecord | null>;
  /** The deposit and its owner as of one instant (a settlement is either in both or in neither). */
  getWithOwner(
    checkoutRequestId: string,
    userId: string,
  ): Promise<{ deposit: DepositRecord | null; user: UserRecord | null }>;
  /**
   * Credits the wallet (and ends the trial) with the deposit's amount, moving the deposit and its ledger line from
   * `from` to completed in the same transaction; from pending, it also gives the user's pending-deposit slot back.
   * Refusals: "not-pending" (already settled or changed since read), "duplicate-receipt" (the receipt already credited
   * another deposit), "payout-number-proven" (`firstProof` given, and another deposit proved the number meanwhile).
   * With `firstProof`, the number becomes a payout number in the same transaction, with its block link and the
   * owner's notice (design.md §13.2).
   */
  complete(
    deposit: DepositRecord,
    from: DepositStatus,
    receipt: string | undefined,
    at: string,
    firstProof?: FirstPayoutNumberProof,
  ): Promise<void>;
  /**
   * Whether the number a deposit was paid from is already a payout number of its account, and the account's
   * registered number: the settlement decides by it whether this deposit is the number's first proof.
   */
  payoutNumberStanding(userId: string, msisdn: string): Promise<{ registeredPhoneNumber?: string; proven: boolean }>;
  /**
   * Marks a pending deposit failed or cancelled, with Daraja's result, and gives the user's pending-deposit slot back.
   * Refusal: "not-pending".
   */
  fail(
    deposit: DepositRecord,
    to: "failed" | "cancelled",
    result: { code: string; desc: string },
    at: string,
  ): Promise<void>;
  /** Pending deposits created from `from` to `before` (ISO times, both included), oldest first, at most `limit`. */
  listPending(created: { from: string; before: string }, limit: number): Promise<DepositRecord[]>;
  /** How many pending deposits were created before `before`; counting stops at `max`. */
  countPending(before: string, max: number): Promise<number>;
}

/** Where the one Daraja access token lives between containers (generating a new token invalidates the old one). */
export interface TokenCache {
  get(): Promise<{ token: string; expiresAt: number } | null>;
  put(token: string, expiresAt: number): Promise<void>;
}

/** A Daraja callback as it travels on the payments bus from the ingest to the settle function. */
export type DarajaEventType =
  | "StkCallback"
  | "B2cResult"
  | "B2cTimeout"
  | "StatusResult"
  | "StatusTimeout"
  /** A Paybill payment's confirmation (design.md §12.3). */
  | "C2bConfirmation";

export interface DarajaEventDetail {
  kind: DarajaEventType;
  body: unknown;
  sourceIp: string;
  receivedAt: string;
}

export interface EventPublisher {
  publish(detail: DarajaEventDetail): Promise<void>;
}

export interface PayoutRepository {
  getWithdrawal(withdrawalId: string): Promise<WithdrawalRecord | null>;
  /** Remembers Daraja's ConversationID of the payout. */
  recordConversation(withdrawalId: string, conversationId: string, at: string): Promise<void>;
  /** Remembers Daraja's ConversationID of the latest status query about the payout. */
  recordStatusQuery(withdrawalId: string, conversationId: string, at: string): Promise<void>;
  /** approved → completed, the hold's ledger line completed with the receipt. Refusal: "not-approved". */
  complete(withdrawal: WithdrawalRecord, receipt: string | undefined, at: string): Promise<void>;
  /** approved → rejected with Daraja's reason, the hold refunded and its ledger line failed. Refusal: "not-approved". */
  fail(withdrawal: WithdrawalRecord, reason: string, at: string, audit?: AuditRecord): Promise<void>;
  /** Approved withdrawals decided (approved) before `before`, the earliest decided first, at most `limit`. */
  listApproved(before: string, limit: number): Promise<WithdrawalRecord[]>;
  /** How many approved withdrawals were decided before `before`. */
  countApproved(before: string): Promise<number>;
}

/** A money request made with an Idempotency-Key (design.md §11), held by one invocation while it runs. */
export interface IdempotencyClaim {
  callerId: string;
  key: string;
  /** What the request asked for (route, path and body); the same key with another fingerprint is refused. */
  fingerprint: string;
  /** This invocation's hold on the key: only it may answer or release it. */
  token: string;
}

/** The answer kept for a keyed request, written in the same transaction as its money move where it has one. */
export interface KeptAnswer {
  claim: IdempotencyClaim;
  statusCode: number;
  body: unknown;
}

/** Turns a money move's result, known before it commits, into the answer to keep with it. */
export type KeepAnswer<R> = (result: R) => KeptAnswer;

export type ClaimOutcome =
  | { state: "claimed" }
  | { state: "answered"; fingerprint: string; statusCode: number; body: unknown }
  | { state: "running"; fingerprint: string };

export interface IdempotencyRepository {
  /**
   * Takes the key for this invocation, unless an earlier request with it answered (within 24 h) or is still running
   * (its hold has not expired). One conditional write; what holds the key comes back with a refusal.
   */
  claim(claim: IdempotencyClaim, now: Date): Promise<ClaimOutcome>;
  /** Keeps the answer of a request whose money move could not carry it in its own transaction. */
  keep(answer: KeptAnswer): Promise<void>;
  /** Gives the key back after a request that changed nothing, so a retry does the work. */
  release(claim: IdempotencyClaim): Promise<void>;
}
