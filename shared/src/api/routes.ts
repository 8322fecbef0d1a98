/**
 * The single list of HTTP routes. The CDK API stack creates one Lambda per entry and the local API server mounts
 * the same handlers from it, so the two cannot drift apart. `handler` names the file
 * functions/src/handlers/http/<handler>.ts, which exports `handler`.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
export type RouteAccess = "public" | "user" | "admin";
/**
 * What the route's function may do to the table: `read` routes get read-only access when deployed, `write` routes
 * read and write, `none` touches no table at all (the callback ingest only puts events on the bus).
 */
export type RouteData = "read" | "write" | "none";

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway syntax, relative to /api: `/investments/claim/{id}` */
  readonly path: string;
  readonly handler: string;
  readonly access: RouteAccess;
  readonly data: RouteData;
  /**
   * A money route: it accepts an `Idempotency-Key` header (design.md §11), so a retried or doubled request is done
   * once and answered the same.
   */
  readonly idempotent?: boolean;
  /**
   * An admin money action (design.md §12.1): while REQUIRE_ADMIN_2FA is on it needs a session whose authenticator code
   * was entered in the last 15 minutes, else 403 `{ message, stepUpRequired: true }`; POST /auth/step-up renews that.
   */
  readonly stepUp?: boolean;
  /**
   * The route sends mail (the reset link, security notices: design.md §12.2): deployed, its function gets the mail
   * settings and may send through SES as the stage's sender; no other route's bundle carries a mail client.
   */
  readonly mail?: boolean;
  /**
   * A function that needs more than the default 512 MB and 10 s (a statement renders a year of lines): deployed, its
   * memory and timeout; the local API server gives it the same time.
   */
  readonly sizing?: { readonly memoryMb: number; readonly timeoutSeconds: number };
  /**
   * Deployed in a nested stack of its own rather than the API stack (which nears CloudFormation's resource cap): the
   * area's functions, roles and log groups live there; the route itself is still on the one HTTP API.
   */
  readonly area?: RouteArea;
  /**
   * The route's use of the identity-documents bucket (design.md §13.5): `upload` presigns POSTs that write new
   * documents, `read` checks they exist and presigns 5-minute links to them. Deployed, the function gets the bucket's
   * name and exactly those rights on it and its key; no other function has any.
   */
  readonly documents?: "upload" | "read";
  /**
   * The route reads or writes the account's credentials, its password hash and second factor (docs/adr/0016): it
   * registers, signs in, resets the password, changes the second factor, steps up with a code, or asks for the password
   * again. Deployed, only these functions may touch the credential items; IAM denies them to every other.
   */
  readonly credentials?: true;
}

/**
 * The nested stacks routes can be deployed in (see RouteDefinition.area): `alerts` (statements, notifications,
 * charts, and the browsers' CSP reports), `console` (the admin console's approvals and audit), `identity` (verification, and where and what the account withdraws).
 */
export type RouteArea = "alerts" | "console" | "identity";

export const API_BASE_PATH = "/api";

export const routes = [
  {
    method: "POST",
    path: "/auth/register",
    handler: "register-user",
    access: "public",
    data: "write",
    credentials: true,
  },
  {
    method: "POST",
    path: "/auth/login",
    handler: "login-user",
    access: "public",
    data: "write",
    mail: true,
    credentials: true,
  },
  { method: "GET", path: "/auth/me", handler: "get-current-user", access: "user", data: "read" },
  // What the account is told about, per channel and kind (design.md §12.6); security notices cannot be turned off.
  {
    method: "PUT",
    path: "/auth/me/notifications",
    handler: "update-notification-preferences",
    access: "user",
    data: "write",
    area: "alerts",
    credentials: true,
  },
  // Account recovery (design.md §11): always 202, whether or not the account exists; counted per email and address.
  {
    method: "POST",
    path: "/auth/forgot-password",
    handler: "request-password-reset",
    access: "public",
    // Its email is an outbox event, sent by the notifications sender: the route itself never mails.
    data: "write",
  },
  {
    method: "POST",
    path: "/auth/reset-password",
    handler: "reset-password",
    access: "public",
    data: "write",
    mail: true,
    credentials: true,
  },
  // Two-factor sign-in: open to every signed-in user, and to an admin who has yet to set it up.
  {
    method: "POST",
    path: "/auth/2fa/setup",
    handler: "start-two-factor-setup",
    access: "user",
    data: "write",
    credentials: true,
  },
  {
    method: "POST",
    path: "/auth/2fa/enable",
    handler: "enable-two-factor",
    access: "user",
    data: "write",
    mail: true,
    credentials: true,
  },
  {
    method: "POST",
    path: "/auth/2fa/disable",
    handler: "disable-two-factor",
    access: "user",
    data: "write",
    mail: true,
    credentials: true,
  },
  // The link in the notice of a new payout number (design.md §13.2): removes the number and ends every session. A
  // GET, as the owner opens it from an SMS or email; the token (single use, 7 days) is all it needs.
  {
    method: "GET",
    path: "/auth/payout-numbers/block",
    handler: "block-payout-number",
    access: "public",
    data: "write",
    area: "alerts",
  },
  // A stolen password cannot keep a session (design.md §12.2): sessions end on the server, one or all of them.
  { method: "POST", path: "/auth/logout", handler: "logout-user", access: "user", data: "write" },
  { method: "POST", path: "/auth/logout-all", handler: "logout-all-sessions", access: "user", data: "write" },
  // Ten new one-time recovery codes (password and a code); the old ones stop working.
  {
    method: "POST",
    path: "/auth/2fa/recovery-codes",
    handler: "regenerate-recovery-codes",
    access: "user",
    data: "write",
    mail: true,
    credentials: true,
  },
  // A fresh authenticator code for the `stepUp` routes: the same session back, with the code's moment in it. Admins
  // only, as only admin routes ask for it; `write`: the code's step is used up and a wrong code counted, as at login.
  { method: "POST", path: "/auth/step-up", handler: "step-up", access: "admin", data: "write", credentials: true },
  // A lookup, yet `write`: every check is counted against the caller's address (per-IP hourly budget).
  {
    method: "GET",
    path: "/auth/referral-codes/{code}",
    handler: "check-referral-code",
    access: "public",
    data: "write",
  },
  { method: "POST", path: "/mpesa/deposit", handler: "start-deposit", access: "user", data: "write", idempotent: true },
  { method: "GET", path: "/mpesa/deposit/{checkoutRequestId}", handler: "get-deposit", access: "user", data: "read" },
  // The caller's deposits still awaiting M-Pesa (`?status=pending`), so a reloaded page watches them again.
  {
    method: "GET",
    path: "/mpesa/deposits",
    handler: "list-pending-deposits",
    access: "user",
    data: "read",
  },
  // The numbers to pay by Paybill (design.md §12.3): the business number and the caller's account number.
  { method: "GET", path: "/mpesa/paybill", handler: "get-paybill-details", access: "user", data: "read" },
  // Daraja's C2B validation, answered synchronously (a lookup, within 2 s): the same token and source checks as the
  // ingest below. Listed before it: its literal segment wins over `{kind}` here as in API Gateway.
  {
    method: "POST",
    path: "/hooks/daraja/c2b-validation/{token}",
    handler: "validate-paybill-payment",
    access: "public",
    data: "read",
  },
  // Daraja's callbacks: a secret token in the path, checked by the handler (no user session).
  {
    method: "POST",
    path: "/hooks/daraja/{kind}/{token}",
    handler: "receive-daraja-callback",
    access: "public",
    data: "none",
  },
  // Where browsers report what the site's Content-Security-Policy blocked (design.md §9): counted by directive, never
  // stored; public, as a browser sends reports without the session. In the alerts area, beside the other routes that
  // report rather than move money, to keep the API stack under its cap.
  {
    method: "POST",
    path: "/csp-reports",
    handler: "record-csp-report",
    access: "public",
    data: "none",
    area: "alerts",
  },
  { method: "GET", path: "/packages", handler: "list-packages", access: "user", data: "read" },
  {
    method: "POST",
    path: "/investments/buy",
    handler: "buy-investment",
    access: "user",
    data: "write",
    idempotent: true,
  },
  { method: "GET", path: "/investments", handler: "list-investments", access: "user", data: "read" },
  {
    method: "POST",
    path: "/investments/claim/{id}",
    handler: "claim-investment-reward",
    access: "user",
    data: "write",
    idempotent: true,
  },
  { method: "GET", path: "/referrals", handler: "list-referrals", access: "user", data: "read" },
  {
    method: "POST",
    path: "/withdrawals",
    handler: "request-withdrawal",
    access: "user",
    data: "write",
    idempotent: true,
  },
  { method: "GET", path: "/withdrawals", handler: "list-withdrawals", access: "user", data: "read", area: "identity" },
  // The numbers a withdrawal may pay to (design.md §12.2): the registered one and those this account deposited from.
  {
    method: "GET",
    path: "/withdrawals/payout-numbers",
    handler: "list-payout-numbers",
    access: "user",
    data: "read",
    area: "identity",
  },
  { method: "GET", path: "/transactions", handler: "list-transactions", access: "user", data: "read" },
  // The caller's statement for a period (design.md §12.6): a PDF or CSV built from the ledger; it counts itself
  // against the caller's hourly budget and keeps a closed month's PDF.
  {
    method: "GET",
    path: "/statements",
    handler: "get-statement",
    access: "user",
    data: "write",
    area: "alerts",
    sizing: { memoryMb: 1024, timeoutSeconds: 29 },
  },
  // The caller's portfolio per Nairobi day (issue 23's chart), replayed from their ledger: one read, and its count
  // against the caller's hourly budget.
  {
    method: "GET",
    path: "/portfolio/history",
    handler: "get-portfolio-history",
    access: "user",
    data: "write",
    area: "alerts",
  },
  { method: "GET", path: "/admin/stats", handler: "get-admin-stats", access: "admin", data: "read" },
  // The platform per Nairobi day (the admin Overview's charts), from the daily counters the money moves keep.
  {
    method: "GET",
    path: "/admin/stats/daily",
    handler: "get-admin-daily-stats",
    access: "admin",
    data: "read",
    area: "alerts",
  },
  // A search of the users or the transactions, and their export, write their audit entry (design.md §11).
  { method: "GET", path: "/admin/users", handler: "list-admin-users", access: "admin", data: "write" },
  { method: "PUT", path: "/admin/users/{id}/status", handler: "set-user-status", access: "admin", data: "write" },
  {
    method: "PUT",
    path: "/admin/users/{id}/balance",
    handler: "adjust-user-balance",
    access: "admin",
    data: "write",
    idempotent: true,
    stepUp: true,
  },
  {
    method: "POST",
    path: "/admin/packages",
    handler: "create-package",
    access: "admin",
    data: "write",
    idempotent: true,
    stepUp: true,
  },
  {
    method: "PUT",
    path: "/admin/packages/{id}",
    handler: "update-package",
    access: "admin",
    data: "write",
    idempotent: true,
    stepUp: true,
  },
  { method: "DELETE", path: "/admin/packages/{id}", handler: "delete-package", access: "admin", data: "write" },
  { method: "GET", path: "/admin/transactions", handler: "list-admin-transactions", access: "admin", data: "write" },
  {
    method: "GET",
    path: "/admin/transactions/export",
    handler: "export-admin-transactions",
    access: "admin",
    data: "write",
  },
  { method: "GET", path: "/admin/withdrawals", handler: "list-admin-withdrawals", access: "admin", data: "read" },
  // Every admin action, newest first (design.md §11); written inside the transactions of the actions themselves, and
  // by the searches and exports above.
  { method: "GET", path: "/admin/audit", handler: "list-admin-audit", access: "admin", data: "read", area: "console" },
  {
    method: "PUT",
    path: "/admin/withdrawals/{id}",
    handler: "process-withdrawal",
    access: "admin",
    data: "write",
    idempotent: true,
    stepUp: true,
  },
  // Adjustments above the solo limits, waiting for a second admin (design.md §12.1).
  {
    method: "GET",
    path: "/admin/adjustments",
    handler: "list-admin-adjustments",
    access: "admin",
    data: "read",
    area: "console",
  },
  {
    method: "PUT",
    path: "/admin/adjustments/{id}",
    handler: "decide-adjustment",
    access: "admin",
    data: "write",
    idempotent: true,
    stepUp: true,
  },
  // New packages and changes to a package's money terms, waiting for a second admin (design.md §13.1).
  {
    method: "GET",
    path: "/admin/package-changes",
    handler: "list-package-changes",
    access: "admin",
    data: "read",
    area: "console",
  },
  {
    method: "PUT",
    path: "/admin/package-changes/{id}",
    handler: "decide-package-change",
    access: "admin",
    data: "write",
    idempotent: true,
    stepUp: true,
    area: "console",
  },
  // Paybill payments for no account (design.md §12.3): credited to a user (four eyes above the solo limits) or returned.
  {
    method: "GET",
    path: "/admin/unmatched-payments",
    handler: "list-unmatched-payments",
    access: "admin",
    data: "read",
  },
  {
    method: "PUT",
    path: "/admin/unmatched-payments/{id}",
    handler: "resolve-unmatched-payment",
    access: "admin",
    data: "write",
    idempotent: true,
    stepUp: true,
  },
  // Know your customer (design.md §13.5): the account's own verification, then an admin's review.
  { method: "GET", path: "/kyc", handler: "get-kyc", area: "identity", access: "user", data: "read" },
  {
    method: "POST",
    path: "/kyc",
    handler: "start-kyc",
    area: "identity",
    access: "user",
    data: "write",
    documents: "upload",
  },
  {
    method: "POST",
    path: "/kyc/submit",
    handler: "submit-kyc",
    area: "identity",
    access: "user",
    data: "write",
    documents: "read",
  },
  {
    method: "GET",
    path: "/kyc/export",
    handler: "export-kyc",
    area: "identity",
    access: "user",
    data: "read",
    documents: "read",
  },
  {
    method: "GET",
    path: "/admin/kyc",
    handler: "list-kyc-submissions",
    area: "identity",
    access: "admin",
    data: "read",
  },
  {
    method: "GET",
    path: "/admin/kyc/{userId}",
    handler: "get-kyc-submission",
    area: "identity",
    access: "admin",
    data: "read",
    documents: "read",
  },
  {
    method: "PUT",
    path: "/admin/kyc/{userId}",
    handler: "decide-kyc",
    area: "identity",
    access: "admin",
    data: "write",
  },
] as const satisfies readonly RouteDefinition[];

export type RouteHandlerName = (typeof routes)[number]["handler"];

/** Whether a route may touch the account's credentials (its `credentials` flag), read through the literal types. */
export const touchesCredentials = (route: RouteDefinition): boolean => route.credentials === true;

/** Whether a route sends mail (its `mail` flag), for code that reads the list's entries through their literal types. */
export const sendsMail = (route: RouteDefinition): boolean => route.mail === true;

/** The header a money route's caller sets to make a retry safe, and the keys it accepts. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** `/investments/claim/{id}` → RegExp with named groups, for the local server. */
export function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
}
