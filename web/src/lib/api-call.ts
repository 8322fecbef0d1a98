/**
 * The API by route: `apiCall("buy-investment", { body, idempotencyKey })`. Method and path come from the shared
 * route list, the request and answer types from the shared route contract, so a web API module declares no
 * response shape of its own. `apiRequest` (api-client.ts) stays the one transport underneath; a request refused for
 * want of a recent second factor is asked about and sent again by lib/step-up.ts.
 */
import {
  type PathParams,
  type RouteHandlerName,
  type RouteRequest,
  type RouteResponse,
  routes,
} from "@jengafund/shared";
import { apiRequest } from "./api-client";
import { withStepUp } from "./step-up";

type RouteOf<K extends RouteHandlerName> = Extract<(typeof routes)[number], { handler: K }>;

/**
 * What a route answers on success: its JSON body, the text of a text answer (the CSV export), a file (a statement's
 * PDF, as a Blob, or its CSV as text), or nothing (204).
 */
export type ApiAnswer<K extends RouteHandlerName> = [RouteResponse<K>] extends [{ text: string }]
  ? string
  : [RouteResponse<K>] extends [{ text: string } | { bytes: Uint8Array }]
    ? Blob | string
    : RouteResponse<K> extends { body: infer Body }
      ? Body
      : RouteResponse<K> extends { status: 204 }
        ? undefined
        : never;

type PathPart<K extends RouteHandlerName> = keyof PathParams<RouteOf<K>["path"]> extends never
  ? { path?: never }
  : { path: PathParams<RouteOf<K>["path"]> };

/** A money route takes the Idempotency-Key of the user action it belongs to (lib/keyed-action). */
type KeyPart<K extends RouteHandlerName> =
  RouteOf<K> extends { idempotent: true } ? { idempotencyKey: string } : { idempotencyKey?: never };

/** A logout's own 401 (the session had ended already) leaves the page where it is: see ApiRequest.endsSession. */
type SessionPart = { endsSession?: boolean };

export type ApiCallOptions<K extends RouteHandlerName> = RouteRequest<K> & PathPart<K> & KeyPart<K> & SessionPart;

export function apiCall<K extends RouteHandlerName>(
  handler: K,
  ...[options]: Record<never, never> extends ApiCallOptions<K> ? [ApiCallOptions<K>?] : [ApiCallOptions<K>]
): Promise<ApiAnswer<K>> {
  const route = routes.find((candidate) => candidate.handler === handler);
  if (!route) throw new Error(`No route named ${handler}`);
  const { body, query, path, idempotencyKey, endsSession } = (options ?? {}) as {
    body?: object;
    query?: Record<string, string | undefined>;
    path?: Record<string, string>;
    idempotencyKey?: string;
    endsSession?: boolean;
  };
  const url = fillPath(route.path, path ?? {});
  const request = {
    ...(body ? { body } : {}),
    ...(query ? { query: definedOnly(query) } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...(endsSession ? { endsSession } : {}),
  };
  // An admin money action may be refused for want of a recent authenticator code: asked for, then sent again once.
  return withStepUp(() => apiRequest<ApiAnswer<K>>(route.method, url, request));
}

/** `/investments/claim/{id}` with `{ id }` → `/investments/claim/<id>`, each value encoded. */
function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

function definedOnly(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
