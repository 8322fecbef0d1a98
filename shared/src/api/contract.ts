/**
 * What every route of the route list takes and answers, keyed by handler name. Handlers are type-checked against
 * `RouteResponses` (functions/src/lib/middleware.ts) and the web client takes its return types from it
 * (web/src/lib/api-call.ts), so neither side declares a response shape of its own.
 */
import type * as z from "zod/mini";
import type { AuditAction } from "../records.js";
import type {
  AdminAdjustmentsQuerySchema,
  BalanceAdjustment,
  DecideAdjustmentInputSchema,
} from "../schemas/adjustments.js";
import type {
  BalanceAdjustmentInput,
  PackageInput,
  ProcessWithdrawalInputSchema,
  UserStatusInputSchema,
} from "../schemas/admin.js";
import type {
  AdminAuditQuerySchema,
  AdminTransactionsQuerySchema,
  AdminUsersQuerySchema,
  AdminWithdrawalsQuerySchema,
} from "../schemas/admin-queries.js";
import type {
  ConfirmTwoFactorInput,
  EnableTwoFactorInput,
  ForgotPasswordInput,
  LoginInput,
  PayoutNumbers,
  RecoveryCodes,
  ReferralCodeCheck,
  RegisterInput,
  ResetPasswordInput,
  TwoFactorCodeInput,
  TwoFactorSetup,
} from "../schemas/auth.js";
import type { AdminDailyStatsQuerySchema, PortfolioHistoryQuerySchema } from "../schemas/charts.js";
import type {
  BuyInvestmentInput,
  DepositInput,
  DepositStatusView,
  Investment,
  Package,
  PendingDepositsQuerySchema,
  Referral,
  Transaction,
  Withdrawal,
  WithdrawalRequestInput,
} from "../schemas/investor.js";
import type {
  DecideKycInput,
  KycExport,
  KycStartInput,
  KycSubmissionDetail,
  KycSubmissionSummary,
  KycSubmissionsQuerySchema,
  KycUploads,
  KycView,
} from "../schemas/kyc.js";
import type { NotificationPreferencesInput } from "../schemas/notifications.js";
import type {
  DecidePackageChangeInputSchema,
  PackageChange,
  PackageChangesQuerySchema,
} from "../schemas/package-changes.js";
import type { PaybillDetails, PaybillValidationAnswer } from "../schemas/paybill.js";
import type { BlockPayoutNumberQuerySchema } from "../schemas/payout-numbers.js";
import type { StatementQuerySchema } from "../schemas/statements.js";
import type {
  ResolveUnmatchedPaymentInput,
  UnmatchedPayment,
  UnmatchedPaymentsQuerySchema,
} from "../schemas/unmatched-payments.js";
import type { AuthResponse, User } from "../schemas/user.js";
import type { RouteHandlerName } from "./routes.js";

/** A JSON answer; `status` is the success code the route answers with. */
export interface JsonAnswer<Body, Status extends number = 200> {
  status: Status;
  body: Body;
}

/** An answer with no body (204): the session routes that only end something. */
export interface EmptyAnswer {
  status: 204;
}

/** A text answer (the CSV export): the body as the file's text. */
export interface TextAnswer {
  status: 200;
  text: string;
}

/** A binary answer (a statement's PDF): the file's bytes, sent base64-encoded with API Gateway's `isBase64Encoded`. */
export interface BinaryAnswer {
  status: 200;
  bytes: Uint8Array;
}

/**
 * One Nairobi day of the caller's portfolio (GET /portfolio/history, issue 23), KES at the day's end, replayed from
 * the ledger. `value` = `wallet` + `invested` (claimed rewards are already in the wallet, so they are not added
 * again); `rewards` = real rewards claimed that day; `demo` = trial wallet + trial money invested, kept apart;
 * `demoRewards` = trial rewards claimed that day (already inside `demo`).
 */
export interface PortfolioDay {
  day: string;
  wallet: number;
  invested: number;
  value: number;
  rewards: number;
  demo: number;
  demoRewards: number;
}

/** GET /portfolio/history?days=30|90: oldest day first, today last, one entry per day (days with no change too). */
export interface PortfolioHistory {
  days: PortfolioDay[];
}

/**
 * One Nairobi day of the platform (GET /admin/stats/daily, issue 23), from the daily counters the money transactions
 * keep: completed deposits and payouts (count and KES), new accounts, real rewards claimed (KES).
 */
export interface AdminDailyStatsDay {
  day: string;
  deposits: number;
  depositsAmount: number;
  payouts: number;
  payoutsAmount: number;
  newUsers: number;
  rewards: number;
}

/** GET /admin/stats/daily?days=30 (7–90): oldest day first, today last, days with nothing as zeros. */
export interface AdminDailyStats {
  days: AdminDailyStatsDay[];
}

/** Platform figures (spec §3); totalRevenue is in KES. */
export interface AdminStats {
  totalUsers: number;
  totalPackages: number;
  totalInvestments: number;
  activeInvestments: number;
  totalTransactions: number;
  pendingWithdrawals: number;
  totalRevenue: number;
  newUsersToday: number;
  /** Completed deposits by how they came (issue 21): STK prompts and Paybill payments; `amount` in KES. */
  depositsByChannel: { stk: { count: number; amount: number }; paybill: { count: number; amount: number } };
  /** Paybill payments waiting for an admin: unmatched, or pending a second admin's approval. */
  unmatchedPayments: number;
}

/**
 * What an audit entry is about: a user, a package, a withdrawal or an unmatched Paybill payment, with a label for
 * people (email, name, amount, receipt).
 */
export interface AuditTarget {
  /** `list`: an admin list searched or exported (its id `USERS` or `TRANSACTIONS`). */
  type: "user" | "package" | "withdrawal" | "payment" | "list";
  _id: string;
  label: string;
}

/**
 * One admin action, as it was done (design.md §11). `details`: `before` and `after` of what changed where it applies,
 * the admin's `reason`, and `ip`, the address the request came from.
 */
export interface AuditEntry {
  _id: string;
  action: AuditAction;
  actor: { _id: string; firstName: string; lastName: string; email: string };
  target: AuditTarget;
  details: {
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    reason?: string;
    /** On a decision about a pending adjustment: the admin who asked for it. */
    requestedBy?: { id: string; email: string };
    /** A search or export: what was asked for (the search text, the filters) and how many rows it gave. */
    query?: Record<string, string>;
    rows?: number;
    ip: string;
  };
  createdAt: string;
}

/**
 * A sign-in's answer: the session, and `recoveryCodesLeft` only when a recovery code stood in for the authenticator
 * code (design.md §12.2): how many unused codes the account has after that one, so the app can say so and ask for new
 * ones while a few are left.
 */
export type LoginAnswer = AuthResponse & { recoveryCodesLeft?: number };

/** One page of an admin list: `{ <name>: [...], page, totalPages, total, nextCursor? }`. */
export type AdminPage<Name extends string, Item> = { [K in Name]: Item[] } & {
  page: number;
  totalPages: number;
  total: number;
  /** Opens the next page beyond the first pages a page number alone reaches. */
  nextCursor?: string;
};

export interface RouteResponses {
  "register-user": JsonAnswer<AuthResponse, 201>;
  "login-user": JsonAnswer<LoginAnswer>;
  "get-current-user": JsonAnswer<{ user: User }>;
  "update-notification-preferences": JsonAnswer<{ message: string; user: User }>;
  "check-referral-code": JsonAnswer<ReferralCodeCheck>;
  /** The same answer whether or not the email has an account (no enumeration). */
  "request-password-reset": JsonAnswer<{ message: string }, 202>;
  /** Every session of the account is ended; the user signs in with the new password. */
  "reset-password": JsonAnswer<{ message: string }>;
  "start-two-factor-setup": JsonAnswer<TwoFactorSetup>;
  /** This session's token stops working (design.md §12.2). */
  "logout-user": EmptyAnswer;
  /** Counted, nothing kept (design.md §9). */
  "record-csp-report": EmptyAnswer;
  /** Every session of the account ends, this one included. */
  "logout-all-sessions": EmptyAnswer;
  /** With the ten recovery codes, shown this once; the account's other sessions end. */
  "enable-two-factor": JsonAnswer<{ message: string; user: User } & RecoveryCodes>;
  /** The account's other sessions end. */
  "disable-two-factor": JsonAnswer<{ message: string; user: User }>;
  /** Ten new recovery codes; the old ones stop working. */
  "regenerate-recovery-codes": JsonAnswer<{ message: string } & RecoveryCodes>;
  /** A new session token for the same session (same account and expiry) that records the code's moment. */
  "step-up": JsonAnswer<{ token: string }>;
  "start-deposit": JsonAnswer<
    {
      message: string;
      /** M-Pesa's id for the prompt; the deposit is watched by it. */
      checkoutRequestId: string;
      amount: number;
      /** The pending ledger line; no money has moved yet. */
      transaction: Transaction;
    },
    202
  >;
  /** The depositor as the server sees them now, with the credit once the deposit has completed. */
  "get-deposit": JsonAnswer<{ deposit: DepositStatusView; user: User }>;
  /** The caller's deposits still pending, newest first. */
  "list-pending-deposits": JsonAnswer<{ deposits: DepositStatusView[] }>;
  /** Daraja documents no required answer; this is the one integrations conventionally send. */
  "receive-daraja-callback": JsonAnswer<{ ResultCode: number; ResultDesc: string }>;
  /** The numbers to pay with Lipa na M-PESA → Pay Bill (design.md §12.3). */
  "get-paybill-details": JsonAnswer<PaybillDetails>;
  /** Daraja's C2B validation: always 200, the decision is in ResultCode. */
  "validate-paybill-payment": JsonAnswer<PaybillValidationAnswer>;
  "list-packages": JsonAnswer<{ packages: Package[] }>;
  /** The buyer with the new balance, so the header can update without another round trip. */
  "buy-investment": JsonAnswer<{ investment: Investment; user: User }, 201>;
  "list-investments": JsonAnswer<{ investments: Investment[] }>;
  /** `reward`: KES credited by this claim. */
  "claim-investment-reward": JsonAnswer<{ reward: number; investment: Investment; user: User }>;
  "list-referrals": JsonAnswer<{ referrals: Referral[] }>;
  /** The requester with the amount already held out of the wallet. */
  "request-withdrawal": JsonAnswer<{ withdrawal: Withdrawal; user: User }, 201>;
  "list-withdrawals": JsonAnswer<{ withdrawals: Withdrawal[] }>;
  "list-payout-numbers": JsonAnswer<PayoutNumbers>;
  "block-payout-number": JsonAnswer<{ message: string }>;
  "list-transactions": JsonAnswer<{ transactions: Transaction[] }>;
  /** The caller's statement (design.md §12.6): a PDF, or CSV text. */
  "get-statement": BinaryAnswer | TextAnswer;
  /** The caller's last 30 or 90 Nairobi days, replayed from their ledger. */
  "get-portfolio-history": JsonAnswer<PortfolioHistory>;
  "get-admin-stats": JsonAnswer<{ stats: AdminStats }>;
  /** The platform's last 7–90 Nairobi days, from the daily counters. */
  "get-admin-daily-stats": JsonAnswer<AdminDailyStats>;
  "list-admin-users": JsonAnswer<AdminPage<"users", User>>;
  "set-user-status": JsonAnswer<{ user: User }>;
  /** Within the solo limits the money moves (200); above them it waits for a second admin (202, nothing moved). */
  "adjust-user-balance":
    | JsonAnswer<{ user: User; transaction: Transaction }>
    | JsonAnswer<{ message: string; adjustment: BalanceAdjustment }, 202>;
  /** A new package waits for a second admin (design.md §13.1): 202, nothing investors see. */
  "create-package": JsonAnswer<{ message: string; change: PackageChange }, 202>;
  /** Words alone change at once (200); a change of price, rates or maturity waits for a second admin (202). */
  "update-package": JsonAnswer<{ package: Package }> | JsonAnswer<{ message: string; change: PackageChange }, 202>;
  "delete-package": JsonAnswer<{ message: string }>;
  "list-admin-transactions": JsonAnswer<AdminPage<"transactions", Transaction>>;
  "export-admin-transactions": TextAnswer;
  "list-admin-withdrawals": JsonAnswer<AdminPage<"withdrawals", Withdrawal>>;
  "process-withdrawal": JsonAnswer<{ withdrawal: Withdrawal }>;
  "list-admin-audit": JsonAnswer<AdminPage<"entries", AuditEntry>>;
  "list-admin-adjustments": JsonAnswer<AdminPage<"adjustments", BalanceAdjustment>>;
  "decide-adjustment": JsonAnswer<{ adjustment: BalanceAdjustment }>;
  "list-package-changes": JsonAnswer<{ changes: PackageChange[] }>;
  "decide-package-change": JsonAnswer<{ message: string; change: PackageChange; package: Package | null }>;
  "list-unmatched-payments": JsonAnswer<AdminPage<"payments", UnmatchedPayment>>;
  /** Credited or returned (200); above the solo limits the credit waits for a second admin (202, nothing moved). */
  "resolve-unmatched-payment":
    | JsonAnswer<{ message: string; payment: UnmatchedPayment }>
    | JsonAnswer<{ message: string; adjustment: BalanceAdjustment; payment: UnmatchedPayment }, 202>;
  "get-kyc": JsonAnswer<{ kyc: KycView }>;
  /** The details are kept; each image goes straight to S3 by its presigned POST. */
  "start-kyc": JsonAnswer<{ kyc: KycView; uploads: KycUploads }, 201>;
  "submit-kyc": JsonAnswer<{ message: string; kyc: KycView }>;
  "export-kyc": JsonAnswer<{ kyc: KycExport }>;
  "list-kyc-submissions": JsonAnswer<{ submissions: KycSubmissionSummary[]; pendingCount: number }>;
  "get-kyc-submission": JsonAnswer<{ submission: KycSubmissionDetail }>;
  "decide-kyc": JsonAnswer<{ message: string; submission: KycSubmissionSummary }>;
}

/** Query strings travel as text: each parameter the route's query schema reads, as a string. */
type QueryOf<S extends z.ZodMiniType> = { [K in keyof z.input<S>]?: string };

/** The JSON body or query a route reads, as its caller sends it; path parameters come from the route's path. */
export interface RouteRequests {
  "register-user": { body: RegisterInput };
  "login-user": { body: LoginInput };
  "request-password-reset": { body: ForgotPasswordInput };
  "reset-password": { body: ResetPasswordInput };
  "enable-two-factor": { body: EnableTwoFactorInput };
  "disable-two-factor": { body: ConfirmTwoFactorInput };
  "regenerate-recovery-codes": { body: ConfirmTwoFactorInput };
  "step-up": { body: TwoFactorCodeInput };
  "start-deposit": { body: DepositInput };
  "list-pending-deposits": { query: QueryOf<typeof PendingDepositsQuerySchema> };
  "buy-investment": { body: BuyInvestmentInput };
  "request-withdrawal": { body: WithdrawalRequestInput };
  "get-statement": { query: QueryOf<typeof StatementQuerySchema> };
  "update-notification-preferences": { body: NotificationPreferencesInput };
  "block-payout-number": { query: QueryOf<typeof BlockPayoutNumberQuerySchema> };
  "get-portfolio-history": { query: QueryOf<typeof PortfolioHistoryQuerySchema> };
  "get-admin-daily-stats": { query: QueryOf<typeof AdminDailyStatsQuerySchema> };
  "list-admin-users": { query: QueryOf<typeof AdminUsersQuerySchema> };
  "set-user-status": { body: z.input<typeof UserStatusInputSchema> };
  "adjust-user-balance": { body: BalanceAdjustmentInput };
  "create-package": { body: PackageInput };
  "update-package": { body: PackageInput };
  "list-admin-transactions": { query: QueryOf<typeof AdminTransactionsQuerySchema> };
  "export-admin-transactions": { query: QueryOf<typeof AdminTransactionsQuerySchema> };
  "list-admin-withdrawals": { query: QueryOf<typeof AdminWithdrawalsQuerySchema> };
  "process-withdrawal": { body: z.input<typeof ProcessWithdrawalInputSchema> };
  "list-admin-audit": { query: QueryOf<typeof AdminAuditQuerySchema> };
  "list-admin-adjustments": { query: QueryOf<typeof AdminAdjustmentsQuerySchema> };
  "decide-adjustment": { body: z.input<typeof DecideAdjustmentInputSchema> };
  "list-package-changes": { query: QueryOf<typeof PackageChangesQuerySchema> };
  "decide-package-change": { body: z.input<typeof DecidePackageChangeInputSchema> };
  "list-unmatched-payments": { query: QueryOf<typeof UnmatchedPaymentsQuerySchema> };
  "resolve-unmatched-payment": { body: ResolveUnmatchedPaymentInput };
  "start-kyc": { body: KycStartInput };
  "list-kyc-submissions": { query: QueryOf<typeof KycSubmissionsQuerySchema> };
  "decide-kyc": { body: DecideKycInput };
}

/** A route's answer; a route the map does not list yet answers `never`, so its handler cannot compile. */
export type RouteResponse<H extends RouteHandlerName> = H extends keyof RouteResponses ? RouteResponses[H] : never;

/** The body or query a route reads (empty for a route that reads neither). */
export type RouteRequest<H extends RouteHandlerName> = H extends keyof RouteRequests
  ? RouteRequests[H]
  : Record<never, never>;

type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** `/investments/claim/{id}` → `{ id: string }`. */
export type PathParams<Path extends string> = { [K in PathParamNames<Path>]: string };
