/**
 * The single list of HTTP routes. The CDK API stack creates one Lambda per entry and the local API server mounts
 * the same handlers from it, so the two cannot drift apart. `handler` names the file
 * functions/src/handlers/http/<handler>.ts, which exports `handler`.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
export type RouteAccess = "public" | "user" | "admin";

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway syntax, relative to /api: `/investments/claim/{id}` */
  readonly path: string;
  readonly handler: string;
  readonly access: RouteAccess;
}

export const API_BASE_PATH = "/api";

export const routes = [
  { method: "POST", path: "/auth/register", handler: "register-user", access: "public" },
  { method: "POST", path: "/auth/login", handler: "login-user", access: "public" },
  { method: "GET", path: "/auth/me", handler: "get-current-user", access: "user" },
  { method: "POST", path: "/mpesa/deposit", handler: "start-deposit", access: "user" },
  { method: "GET", path: "/mpesa/deposit/{checkoutRequestId}", handler: "get-deposit", access: "user" },
  // Daraja's callbacks: a secret token in the path, checked by the handler (no user session).
  { method: "POST", path: "/hooks/daraja/{kind}/{token}", handler: "receive-daraja-callback", access: "public" },
  { method: "GET", path: "/packages", handler: "list-packages", access: "user" },
  { method: "POST", path: "/investments/buy", handler: "buy-investment", access: "user" },
  { method: "GET", path: "/investments", handler: "list-investments", access: "user" },
  { method: "POST", path: "/investments/claim/{id}", handler: "claim-investment-reward", access: "user" },
  { method: "GET", path: "/referrals", handler: "list-referrals", access: "user" },
  { method: "POST", path: "/withdrawals", handler: "request-withdrawal", access: "user" },
  { method: "GET", path: "/withdrawals", handler: "list-withdrawals", access: "user" },
  { method: "GET", path: "/transactions", handler: "list-transactions", access: "user" },
  { method: "GET", path: "/admin/stats", handler: "get-admin-stats", access: "admin" },
  { method: "GET", path: "/admin/users", handler: "list-admin-users", access: "admin" },
  { method: "PUT", path: "/admin/users/{id}/status", handler: "set-user-status", access: "admin" },
  { method: "PUT", path: "/admin/users/{id}/balance", handler: "adjust-user-balance", access: "admin" },
  { method: "POST", path: "/admin/packages", handler: "create-package", access: "admin" },
  { method: "PUT", path: "/admin/packages/{id}", handler: "update-package", access: "admin" },
  { method: "DELETE", path: "/admin/packages/{id}", handler: "delete-package", access: "admin" },
  { method: "GET", path: "/admin/transactions", handler: "list-admin-transactions", access: "admin" },
  { method: "GET", path: "/admin/transactions/export", handler: "export-admin-transactions", access: "admin" },
  { method: "GET", path: "/admin/withdrawals", handler: "list-admin-withdrawals", access: "admin" },
  { method: "PUT", path: "/admin/withdrawals/{id}", handler: "process-withdrawal", access: "admin" },
] as const satisfies readonly RouteDefinition[];

export type RouteHandlerName = (typeof routes)[number]["handler"];

/** `/investments/claim/{id}` → RegExp with named groups, for the local server. */
export function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
}
