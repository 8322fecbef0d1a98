import type {
  AuditAction,
  AuditEntry,
  AuditTarget,
  BALANCE_KINDS,
  DEPOSIT_STATUSES,
  KycState,
  PACKAGE_CATEGORIES,
  RISK_LEVELS,
  Role,
  StoredNotificationPreferences,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  WITHDRAWAL_STATUSES,
} from "@jengafund/shared";

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
  /**
   * Two-factor sign-in is on (the middleware's admin rule and the profile read it). Its secret and codes are on the
   * account's credential item, which only the sign-in functions may read (docs/adr/0016-credentials-apart.md).
   */
  twoFactorEnabled?: boolean;
  /** When two-factor sign-in was last turned on or off (a signal on the admin's withdrawal screens). */
  twoFactorChangedAt?: string;
  /** The live sessions: session id (`sid`) → its end in epoch seconds (sessions-port.ts). */
  sessions?: SessionMap;
  /** The kinds the account turned off (or on again), per channel; absent = every kind on (design.md §12.6). */
  notifications?: StoredNotificationPreferences;
  /**
   * The account's identity verification as its limits need it (design.md §13.5), written with the verification's own
   * item in one transaction; absent = never submitted.
   */
  kyc?: KycState;
  /**
   * Deposits counted against the unverified limit (design.md §13.5): every one credited, STK and Paybill, and STK
   * prompts still awaiting the customer; absent = none since the count began (`npm run migrate` backfills it).
   */
  depositsCents?: number;
}

/**
 * What an account signs in with, kept on an item of its own (`CREDENTIAL#<userId>`, docs/adr/0016-credentials-apart.md)
 * that only the functions of sign-in, password reset and the second factor may read or write: the password hash and
 * the second factor's state.
 */
export interface CredentialRecord {
  userId: string;
  passwordHash: string;
  /** Two-factor sign-in (TOTP); absent until the user starts setting it up. */
  twoFactor?: TwoFactorState;
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
  /** When its capital came back to `balance` (design.md §13.6); absent while it is active. */
  maturedAt?: string;
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
  /** An investment's capital came back already (design.md §13.6): another run of the maturities job returned it. */
  | "already-matured"
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
  /** An unverified account's withdrawals of the day, or deposits in all, would pass its limit (design.md §13.5). */
  | "kyc-withdrawal-limit"
  | "kyc-deposit-limit"
  /** The ID number is verified on another account already (design.md §13.5). */
  | "id-taken"
  /** The account's verification changed since it was read (submitted, decided, started again). */
  | "kyc-changed"
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

/**
 * One admin action, written in the same transaction as the change it records and never changed after (design.md §11).
 * `details` is in the units people read (KES, not cents).
 */
export interface AuditRecord {
  id: string;
  action: AuditAction;
  actor: UserSummary & { id: string };
  target: { type: AuditTarget["type"]; id: string; label: string };
  /** As the console shows them (shared contract): before and after, reason, a search's query and rows, the address. */
  details: AuditEntry["details"];
  createdAt: string;
}

/** What an admin edits: everything but the identity and the creation time. */
export type PackageFields = Omit<PackageRecord, "id" | "createdAt">;

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

export type PromptLimit = "pending-deposits" | "prompts-per-user" | "prompts-per-phone";

export const PROMPT_LIMITS: readonly PromptLimit[] = ["pending-deposits", "prompts-per-user", "prompts-per-phone"];

export const isPromptLimit = (reason: RefusalReason): reason is PromptLimit =>
  (PROMPT_LIMITS as readonly string[]).includes(reason);

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

/**
 * Sessions that end on the server (design.md §12.2): the user item keeps a map of its live sessions, session id →
 * end (epoch seconds), read with the user by every authenticated request; a token whose session is not in it is
 * refused. Browsers seen signing in are kept beside the user, for the "new browser" notice.
 */

/** session id (the token's `sid`) → its end, in epoch seconds. */
export type SessionMap = Record<string, number>;

/**
 * What the payouts record when M-Pesa pays a payout we had already refunded (design.md §12.1): the user then holds
 * the money twice, and an admin must recover it. Apart from the payout repository, as the one thing this concern writes.
 */
export interface PaidAfterRefund {
  /** What M-Pesa paid, in cents. */
  amountCents: number;
  receipt?: string;
  /** When we learned of it. */
  at: string;
}

/**
 * Payout numbers (design.md §12.2): a withdrawal pays only to the account's registered number or to a number the
 * account completed an STK deposit from, and admins deciding a withdrawal see the account's signals beside it.
 */

/** A number proven by a completed STK deposit from it: its owner entered the M-Pesa PIN on that phone. */
export interface PayoutNumberRecord {
  userId: string;
  /** 2547XXXXXXXX / 2541XXXXXXXX */
  phoneNumber: string;
  firstDepositAt: string;
  lastDepositAt: string;
  /** When its owner blocked it from the notice's link (design.md §13.2): no payout goes there again. */
  blockedAt?: string;
}

export interface WithdrawalPlan {
  answer?: KeptAnswer;
  user: UserRecord;
  withdrawal: WithdrawalRecord;
  line: LedgerLine;
  /** The caller's address, for the owner's notice (its outbox event). */
  sourceIp?: string;
  /** An unverified account's room for the day before this withdrawal (design.md §13.5); absent once verified. */
  unverifiedRoomCents?: number;
}

/** Reads an account by id: all that the notices and alerts need of the accounts (identity owns the rest). */
export interface UserReader {
  getUser(userId: string): Promise<UserRecord | null>;
}
