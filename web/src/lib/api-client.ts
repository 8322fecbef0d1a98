/**
 * The only door to the API: adds the bearer token and this browser's id (lib/device-id), parses JSON (a text/* answer such as the CSV export stays text),
 * turns error responses into ApiError with the server's message, and ends the session on any 401 (spec §4, §8).
 * Feature code calls it by route through `apiCall` (api-call.ts), which types the request and the answer.
 */
import { type ErrorBody, isErrorBody } from "@jengafund/shared";
import type { get, post } from "aws-amplify/api";
import { paths } from "../config/paths";
import { DEVICE_ID_HEADER, deviceId } from "./device-id";
import { clearLastKnown } from "./last-known";
import { noteAnswer, noteNoAnswer } from "./network-answers";
import { sessionEnded } from "./session-ended";
import { tokenStorage } from "./token-storage";

/** Amplify (about 24 KB gzip) loads with the first request: a page that only shows a form never waits for it. */
const loadAmplify = () => import("./amplify-rest");

export class ApiError extends Error {
  /** status 0: no HTTP response at all (offline, DNS, aborted). */
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
    options?: ErrorOptions,
    /** The error body's fields besides `message`, e.g. a login's `twoFactorRequired`. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(serverMessage ?? (status === 0 ? "Network error" : `Request failed with status ${status}`), options);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PUT" | "DELETE";
type RequestOptions = NonNullable<Parameters<typeof post>[0]["options"]>;

export interface ApiRequest {
  /** JSON body; properties that are undefined are left out. */
  body?: object;
  query?: Record<string, string>;
  /** Makes a money request safe to repeat: the server does it once per key (see lib/keyed-action). */
  idempotencyKey?: string;
  /**
   * The request itself ends the session (logout): a 401 then only means it had ended already, so the page is left to
   * the caller instead of being sent to the login page.
   */
  endsSession?: boolean;
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  { body, query, idempotencyKey, endsSession = false }: ApiRequest = {},
): Promise<T> {
  const token = tokenStorage.get();
  const options: RequestOptions = {
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      [DEVICE_ID_HEADER]: deviceId(),
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    },
    // Our bodies are plain JSON objects; Amplify's DocumentType cannot express optional properties.
    body: body as RequestOptions["body"],
    queryParams: query,
  };
  let response: Awaited<ReturnType<typeof get>["response"]>;
  try {
    const { API_NAME, operations } = await loadAmplify();
    response = await operations[method]({ apiName: API_NAME, path, options }).response;
  } catch (error) {
    throw handleFailure(error, token !== null && !endsSession);
  }
  noteAnswer();
  // A file that is not text (a statement's PDF) is handed over as it came.
  if (isFile(response.headers)) return (await response.body.blob()) as T;
  const text = await response.body.text();
  if (text === "") return undefined as T;
  return (isText(response.headers) ? text : JSON.parse(text)) as T;
}

function isFile(headers: Record<string, string> | undefined): boolean {
  return headers?.["content-type"]?.startsWith("application/pdf") ?? false;
}

function isText(headers: Record<string, string> | undefined): boolean {
  return headers?.["content-type"]?.startsWith("text/") ?? false;
}

function handleFailure(error: unknown, leavePage: boolean): ApiError {
  const response = errorResponse(error);
  if (!response) {
    noteNoAnswer();
    return new ApiError(0, undefined, { cause: error });
  }
  noteAnswer();
  const { message, ...details } = errorBody(response.body) ?? {};
  if (response.statusCode === 401) endSession(leavePage, message);
  return new ApiError(response.statusCode, message, undefined, details);
}

/**
 * A 401 on a signed-in call means the session is over. A 401 from the login form is just a wrong password, and one
 * to a logout is the end that was asked for: neither leaves the page. What the ended session last saw is forgotten
 * on this device (lib/last-known.ts): without the token it could not be shown again anyway. The login page it goes
 * to says why, in the server's words (an admin idle for 30 minutes hears that).
 */
function endSession(leavePage: boolean, reason: string | undefined): void {
  tokenStorage.clear();
  void clearLastKnown();
  if (!leavePage || window.location.pathname === paths.login) return;
  if (reason) sessionEnded.note(reason);
  window.location.assign(paths.login);
}

interface ErrorResponse {
  statusCode: number;
  body?: string;
}

/** Amplify throws an ApiError whose `response` carries the status and the raw body text. */
function errorResponse(error: unknown): ErrorResponse | undefined {
  if (typeof error !== "object" || error === null || !("response" in error)) return undefined;
  const { response } = error as { response?: ErrorResponse };
  return typeof response?.statusCode === "number" ? response : undefined;
}

function errorBody(body: string | undefined): (ErrorBody & Record<string, unknown>) | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return isErrorBody(parsed) ? (parsed as ErrorBody & Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's message when there is one, else the screen's own fallback text (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** A login refused for want of an authenticator code (design.md §11): the form asks for the code. */
export function isTwoFactorRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.details.twoFactorRequired === true;
}

/** An admin route refused because the admin has not turned on two-factor sign-in while it is required. */
export function isTwoFactorSetupRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.details.twoFactorSetupRequired === true;
}

/**
 * An admin money action refused because the session's authenticator code is too old (design.md §12.1): nothing was
 * done; after POST /auth/step-up the same request may be sent again (lib/step-up.ts does).
 */
export function isStepUpRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.details.stepUpRequired === true;
}

/**
 * A withdrawal or deposit beyond an unverified account's limits (design.md §13.5): nothing was done; the form points
 * to Verify identity.
 */
export function isKycRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.details.kycRequired === true;
}
