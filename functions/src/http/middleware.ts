import { createHash, randomUUID } from "node:crypto";
import {
  type BinaryAnswer,
  type EmptyAnswer,
  FOUR_EYES_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type JsonAnswer,
  type RouteAccess,
  type RouteDefinition,
  type RouteHandlerName,
  type RouteResponse,
  routes,
  type TextAnswer,
} from "@jengafund/shared";
import middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type * as z from "zod/mini";
import { decideCaller } from "../kernel/caller.js";
import { idempotencyStore } from "../kernel/compose.js";
import { config, loadOriginSecret } from "../kernel/config.js";
import {
  AdminTwoFactorRequiredError,
  AlreadyClaimedError,
  AlreadyExistsError,
  BusyError,
  DomainError,
  InProgressError,
  InsufficientBalanceError,
  InvalidInputError,
  KeyReusedError,
  NotAuthenticatedError,
  NotFoundError,
  NotPendingError,
  NotPermittedError,
  RuleViolationError,
  StepUpRequiredError,
  TooLargeError,
  TooManyAttemptsError,
  UpstreamError,
} from "../kernel/errors.js";
import { observeInvocation } from "../kernel/invocation.js";
import { appendLogKeys, log } from "../kernel/log.js";
import type {
  CallerContext,
  CallerRefs,
  IdempotencyClaim,
  KeepAnswer,
  KeptAnswer,
  UserRecord,
} from "../kernel/records.js";
import type { TokenClaims } from "../modules/identity/index.js";
import { ACCOUNT_MESSAGES, authenticator } from "../modules/identity/index.js";
import { binaryResponse, errorResponse, jsonResponse } from "./responses.js";

/** REQUIRE_ADMIN_2FA: admin routes answer only admins who sign in with two-factor codes. */
const requireAdminTwoFactor = () => config().REQUIRE_ADMIN_2FA;

/** The one place a domain error becomes an HTTP status (design.md §6). */
const STATUS_OF: [abstract new (...args: never[]) => DomainError, number][] = [
  [InvalidInputError, 400],
  [RuleViolationError, 400],
  [InsufficientBalanceError, 400],
  [NotAuthenticatedError, 401],
  [NotPermittedError, 403],
  [NotFoundError, 404],
  [AlreadyExistsError, 409],
  [AlreadyClaimedError, 409],
  [NotPendingError, 409],
  [InProgressError, 409],
  [TooLargeError, 413],
  [KeyReusedError, 422],
  [TooManyAttemptsError, 429],
  [UpstreamError, 502],
  [BusyError, 503],
];

export function statusOf(error: DomainError): number {
  return STATUS_OF.find(([kind]) => error instanceof kind)?.[1] ?? 500;
}

/** Bodies this API accepts are small forms; anything larger is refused before parsing. */
export const MAX_BODY_BYTES = 16 * 1024;

type AnySchema = z.ZodMiniType;
type Output<S> = S extends AnySchema ? z.output<S> : undefined;

type MaybeSchema = AnySchema | undefined;

interface HandlerOptions<B extends MaybeSchema, P extends MaybeSchema, Q extends MaybeSchema> {
  body?: B;
  path?: P;
  query?: Q;
  /** Records the request is about, read together with the caller in one round trip. */
  load?: (input: { body: Output<B>; path: Output<P> }) => CallerRefs;
}

export interface HttpRequest<
  B extends MaybeSchema,
  P extends MaybeSchema,
  Q extends MaybeSchema,
  A extends RouteAccess,
  Kept extends AnyJsonAnswer = AnyJsonAnswer,
> {
  body: Output<B>;
  path: Output<P>;
  query: Output<Q>;
  /** The signed-in caller; present on every route that is not public. */
  caller: A extends "public" ? undefined : UserRecord;
  /** The caller's session (the token's `sid` and claims); present on every route that is not public. */
  session: A extends "public" ? undefined : { id: string; claims: TokenClaims };
  /** What `load` asked for, read with the caller (null when it does not exist or is not the caller's). */
  loaded: Omit<CallerContext, "user">;
  /** The caller's address as `decideCaller` established it (the viewer's, behind CloudFront). */
  sourceIp: string;
  /**
   * On a money route called with an Idempotency-Key: `answer(status, present)` gives the service what turns its
   * result into the answer kept in the move's own transaction. The handler returns that same status and body.
   */
  idempotency?: IdempotencyScope<Kept>;
  event: APIGatewayProxyEventV2;
}

type AnyJsonAnswer = JsonAnswer<unknown, number>;

/** The kept answer is the route's own: its success status and body (design.md §6). */
export interface IdempotencyScope<Kept extends AnyJsonAnswer = AnyJsonAnswer> {
  answer<R>(statusCode: Kept["status"], present: (result: R) => Kept["body"]): KeepAnswer<R>;
}

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: "Idempotency-Key must be 1 to 100 letters, digits, '-' or '_'",
  otherRequest: "This Idempotency-Key was already used for a different request",
  stillRunning: "A request with this Idempotency-Key is still being processed. Please try again in a moment.",
} as const;

/** What `run` returns for an answer of the route contract: a 200 may leave its status out, a 201 or 202 may not. */
type ResultOf<Answer> = Answer extends EmptyAnswer
  ? /** No body (204): the session routes that only end something. */
    { statusCode: 204 }
  : Answer extends TextAnswer
    ? /** A non-JSON answer (a CSV download): the body as text with its own headers. */
      { statusCode?: 200; text: string; headers: Record<string, string> }
    : Answer extends BinaryAnswer
      ? /** A file (a statement's PDF): its bytes, sent base64-encoded, with its own headers. */
        { statusCode?: 200; bytes: Uint8Array; headers: Record<string, string> }
      : Answer extends JsonAnswer<infer Body, infer Status>
        ? (200 extends Status ? { statusCode?: Status } : { statusCode: Status }) & { body: Body }
        : never;

/** The answer a handler's `run` must give: the one `RouteResponses` (shared/src/api/contract.ts) names for it. */
export type HttpResult<H extends RouteHandlerName> = ResultOf<RouteResponse<H>>;

type AnyResult =
  | { statusCode: 204 }
  | { statusCode?: number; body: unknown }
  | { statusCode?: number; text: string; headers: Record<string, string> }
  | { statusCode?: number; bytes: Uint8Array; headers: Record<string, string> };

type KeptOf<H extends RouteHandlerName> = Extract<RouteResponse<H>, AnyJsonAnswer>;

/** A keyed request's hold on its key, and the answer the service's transaction keeps (when it kept one). */
interface KeyedRequest {
  claim: IdempotencyClaim;
  kept?: KeptAnswer;
}

type ParsedEvent = APIGatewayProxyEventV2 & {
  parsed?: Omit<HttpRequest<MaybeSchema, MaybeSchema, MaybeSchema, RouteAccess>, "event">;
  keyed?: KeyedRequest;
  /** The kept answer of an earlier request with the same key, sent again instead of doing the work twice. */
  replay?: APIGatewayProxyStructuredResultV2;
};

type AccessOf<H extends RouteHandlerName> = Extract<(typeof routes)[number], { handler: H }>["access"];

function routeOf(handlerName: RouteHandlerName): RouteDefinition {
  const route = routes.find((r) => r.handler === handlerName);
  if (!route) throw new Error(`No route for handler ${handlerName}`);
  return route;
}

/** JSON with object keys sorted, so the same request always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The Idempotency-Key of a money request (design.md §11): a repeat of an answered request gets its kept answer, a
 * repeat of a running one a 409, the same key with another request a 422. Otherwise the key is held for this
 * invocation and the request goes on.
 */
async function claimKey(
  event: ParsedEvent,
  route: RouteDefinition,
  caller: UserRecord,
  request: { path: unknown; body: unknown },
): Promise<void> {
  const key = event.headers?.[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new InvalidInputError(IDEMPOTENCY_MESSAGES.invalidKey);
  const fingerprint = createHash("sha256")
    .update(canonicalJson({ route: route.handler, ...request }))
    .digest("base64url");
  const claim: IdempotencyClaim = { callerId: caller.id, key, fingerprint, token: randomUUID() };
  const outcome = await idempotencyStore().claim(claim, new Date());
  if (outcome.state === "claimed") {
    event.keyed = { claim };
    return;
  }
  if (outcome.fingerprint !== fingerprint) throw new KeyReusedError(IDEMPOTENCY_MESSAGES.otherRequest);
  if (outcome.state === "running") throw new InProgressError(IDEMPOTENCY_MESSAGES.stillRunning);
  const replay = jsonResponse(outcome.statusCode, outcome.body);
  event.replay = { ...replay, headers: { ...replay.headers, "idempotent-replayed": "true" } };
}

function idempotencyScope(keyed: KeyedRequest): IdempotencyScope {
  return {
    answer:
      <R>(statusCode: number, present: (result: R) => unknown) =>
      (result: R) => {
        keyed.kept = { claim: keyed.claim, statusCode, body: present(result) };
        return keyed.kept;
      },
  };
}

function firstIssueMessage(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? "Invalid request";
}

function parseWith<S extends AnySchema | undefined>(schema: S, input: unknown): Output<S> {
  if (!schema) return undefined as Output<S>;
  const result = schema.safeParse(input);
  if (!result.success) throw new InvalidInputError(firstIssueMessage(result.error));
  return result.data as Output<S>;
}

function readJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === "") return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "utf8");
  if (raw.byteLength > MAX_BODY_BYTES) throw new TooLargeError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new InvalidInputError("Request body must be valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new InvalidInputError("Request body must be a JSON object");
  }
  return parsed;
}

/**
 * Who may be served at all, and from which address: behind CloudFront only requests carrying the origin secret.
 * A refused secret is read once more (at most once a minute) in case it has just been rotated.
 */
async function callerIp(event: APIGatewayProxyEventV2): Promise<string> {
  let decision = decideCaller(event, await loadOriginSecret());
  if (!decision.allowed) decision = decideCaller(event, await loadOriginSecret({ refresh: true }));
  if (!decision.allowed) throw new NotPermittedError("Forbidden");
  return decision.ip;
}

/** A path with broken percent-encoding (`/claim/%ZZ`) names nothing: a 400, before any lookup. */
function assertReadablePath(event: APIGatewayProxyEventV2): void {
  try {
    decodeURIComponent(event.rawPath ?? "");
    for (const value of Object.values(event.pathParameters ?? {})) decodeURIComponent(value ?? "");
  } catch {
    throw new InvalidInputError("The request path is not valid");
  }
}

/** What the stored account allows on top of the token's claims. */
function assertMayUse(access: RouteAccess, caller: UserRecord): void {
  if (access !== "admin") return;
  // The stored role, not only the token's, decides: a demoted admin's old token carries a stale claim.
  if (caller.role !== "admin") throw new NotPermittedError(ACCOUNT_MESSAGES.adminOnly);
  // The 2FA routes are user routes, so an admin held back here can still set it up.
  if (!caller.twoFactorEnabled && requireAdminTwoFactor()) {
    throw new AdminTwoFactorRequiredError(ACCOUNT_MESSAGES.adminTwoFactorRequired);
  }
}

/** How long an authenticator code counts as recent for the money actions marked `stepUp` (design.md §12.1). */
export const RECENT_SECOND_FACTOR_SECONDS = 15 * 60;

/**
 * A money action marked `stepUp`, while REQUIRE_ADMIN_2FA is on, needs a session whose code was entered within
 * RECENT_SECOND_FACTOR_SECONDS: a stolen session token alone moves no money, however long the session still runs.
 */
function assertRecentSecondFactor(route: RouteDefinition, claims: TokenClaims): void {
  if (!route.stepUp || !requireAdminTwoFactor()) return;
  const { secondFactorAt } = claims;
  const age = secondFactorAt === undefined ? Number.POSITIVE_INFINITY : Date.now() / 1000 - secondFactorAt;
  if (age > RECENT_SECOND_FACTOR_SECONDS) throw new StepUpRequiredError(FOUR_EYES_MESSAGES.stepUpRequired);
}

/** The session token of the request (POST /auth/step-up hands it back re-signed). */
export function bearerToken(event: APIGatewayProxyEventV2): string {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw new NotAuthenticatedError("Please log in to continue");
  return match[1];
}

/**
 * The one middy preset for HTTP handlers: body size limit, JSON parsing, zod validation of body, path and query
 * with the shared schemas, authentication and role check from the route list, and the error envelope; around it, the
 * invocation's log keys (request id as correlation id, route, the caller once verified), one line per request, and
 * the metrics published when it ends. The endpoint file supplies only its schemas and one service call.
 */
export function httpHandler<
  const H extends RouteHandlerName,
  B extends MaybeSchema = undefined,
  P extends MaybeSchema = undefined,
  Q extends MaybeSchema = undefined,
>(
  handlerName: H,
  schemas: HandlerOptions<B, P, Q>,
  run: (request: HttpRequest<B, P, Q, AccessOf<H>, KeptOf<H>>) => Promise<HttpResult<H>>,
) {
  const route = routeOf(handlerName);
  const { access } = route;

  const parseRequest: middy.MiddlewareObj<ParsedEvent, APIGatewayProxyStructuredResultV2> = {
    before: async ({ event }) => {
      const sourceIp = await callerIp(event);
      assertReadablePath(event);
      // Who is asking comes first: an anonymous or wrong-role caller learns nothing from validation messages.
      const claims = access === "public" ? undefined : await authenticator().verify(bearerToken(event));
      if (claims) appendLogKeys({ userId: claims.userId });
      if (access === "admin" && claims?.role !== "admin") throw new NotPermittedError(ACCOUNT_MESSAGES.adminOnly);

      let body: Output<B>;
      let path: Output<P>;
      let query: Output<Q>;
      try {
        body = (schemas.body ? parseWith(schemas.body, readJsonBody(event)) : undefined) as Output<B>;
        path = parseWith(schemas.path, event.pathParameters ?? {}) as Output<P>;
        query = parseWith(schemas.query, event.queryStringParameters ?? {}) as Output<Q>;
      } catch (error) {
        // A revoked session hears "log in again", and an admin held back, why: not what was wrong with the input.
        if (claims) assertMayUse(access, (await authenticator().load(claims)).user);
        throw error;
      }
      let caller: UserRecord | undefined;
      let loaded: Omit<CallerContext, "user"> = {};
      if (claims) {
        const refs = schemas.load?.({ body: body as Output<B>, path: path as Output<P> }) ?? {};
        const { user, ...rest } = await authenticator().load(claims, refs);
        caller = user;
        loaded = rest;
        assertMayUse(access, caller);
        // Before the Idempotency-Key is claimed: the action is sent again with the same key after the step-up.
        assertRecentSecondFactor(route, claims);
        if (route.idempotent) await claimKey(event, route, caller, { path, body });
      }
      event.parsed = {
        body,
        path,
        query,
        caller,
        session: claims ? { id: claims.sessionId, claims } : undefined,
        loaded,
        sourceIp,
        ...(event.keyed ? { idempotency: idempotencyScope(event.keyed) } : {}),
      };
    },
  };

  const errorEnvelope: middy.MiddlewareObj<ParsedEvent, APIGatewayProxyStructuredResultV2> = {
    onError: async (request) => {
      const { error } = request;
      // Nothing was done, or what was done kept its answer in the same transaction: give the key back for a retry.
      const { keyed } = request.event;
      if (keyed) await idempotencyStore().release(keyed.claim);
      if (error instanceof DomainError) {
        request.response = errorResponse(statusOf(error), error.message, error.details);
        return;
      }
      // Internals go to the log only, under the request id the client can quote (the line's correlation_id).
      log("error", "Request failed", { error });
      request.response = errorResponse(500, "Something went wrong. Please try again.");
    },
  };

  const handler = middy<ParsedEvent, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(errorEnvelope)
    .use(parseRequest)
    .handler(async (event) => {
      if (event.replay) return event.replay;
      const parsed = event.parsed;
      if (!parsed) throw new Error("Request was not parsed");
      const result = (await run({ ...parsed, event } as never)) as AnyResult;
      const { keyed } = event;
      // A move that could not carry its answer in its own transaction (the payout start talks to M-Pesa after it)
      // keeps it now; until then a repeat hears "still being processed".
      if (keyed && !keyed.kept && "body" in result) {
        await idempotencyStore().keep({ claim: keyed.claim, statusCode: result.statusCode ?? 200, body: result.body });
      }
      if ("text" in result) {
        return {
          statusCode: result.statusCode ?? 200,
          headers: { "cache-control": "no-store", ...result.headers },
          body: result.text,
        };
      }
      if ("bytes" in result) return binaryResponse(result.statusCode ?? 200, result.bytes, result.headers);
      if (!("body" in result)) return { statusCode: 204, headers: { "cache-control": "no-store" } };
      return jsonResponse(result.statusCode ?? 200, result.body);
    });

  // The route key, never the raw path: the callback routes carry their secret token in it.
  return (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> =>
    observeInvocation(context, { correlation_id: event.requestContext?.requestId, route: event.routeKey }, async () => {
      const startedAt = performance.now();
      const response = await handler(event, context);
      log("info", "Request handled", {
        statusCode: response.statusCode,
        durationMs: Math.round(performance.now() - startedAt),
      });
      return response;
    });
}
