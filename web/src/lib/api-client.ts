/**
 * The only door to the API: adds the bearer token, parses JSON (a text/* answer such as the CSV export stays text),
 * turns error responses into ApiError with the server's message, and ends the session on any 401 (spec §4, §8).
 * Feature code calls it by route through `apiCall` (api-call.ts), which types the request and the answer.
 */
import { API_BASE_PATH, isErrorBody } from "@jengafund/shared";
import { Amplify } from "aws-amplify";
import { del, get, post, put } from "aws-amplify/api";
import { paths } from "../config/paths";
import { tokenStorage } from "./token-storage";

const API_NAME = "jengafund";

Amplify.configure(
  // Same origin in every environment: CloudFront forwards /api in AWS, Vite proxies it locally.
  { API: { REST: { [API_NAME]: { endpoint: `${window.location.origin}${API_BASE_PATH}` } } } },
  {
    API: {
      REST: {
        // Our own JWT travels in the Authorization header; there is no Cognito session or IAM signing to resolve.
        defaultAuthMode: "none",
        // Amplify retries 429 and 5xx by default: a retried purchase or deposit could apply twice, and a retried
        // login would defeat the throttling. Callers decide whether to try again.
        retryStrategy: { strategy: "no-retry" },
      },
    },
  },
);

export class ApiError extends Error {
  /** status 0: no HTTP response at all (offline, DNS, aborted). */
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
    options?: ErrorOptions,
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
}

const operations = { GET: get, POST: post, PUT: put, DELETE: del } as const;

export async function apiRequest<T>(
  method: Method,
  path: string,
  { body, query, idempotencyKey }: ApiRequest = {},
): Promise<T> {
  const token = tokenStorage.get();
  const options: RequestOptions = {
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    },
    // Our bodies are plain JSON objects; Amplify's DocumentType cannot express optional properties.
    body: body as RequestOptions["body"],
    queryParams: query,
  };
  let response: Awaited<ReturnType<typeof get>["response"]>;
  try {
    response = await operations[method]({ apiName: API_NAME, path, options }).response;
  } catch (error) {
    throw handleFailure(error, token !== null);
  }
  const text = await response.body.text();
  if (text === "") return undefined as T;
  return (isText(response.headers) ? text : JSON.parse(text)) as T;
}

function isText(headers: Record<string, string> | undefined): boolean {
  return headers?.["content-type"]?.startsWith("text/") ?? false;
}

function handleFailure(error: unknown, sentToken: boolean): ApiError {
  const response = errorResponse(error);
  if (!response) return new ApiError(0, undefined, { cause: error });
  if (response.statusCode === 401) endSession(sentToken);
  return new ApiError(response.statusCode, serverMessage(response.body));
}

/** A 401 on a signed-in call means the session is over. A 401 from the login form is just a wrong password. */
function endSession(sentToken: boolean): void {
  tokenStorage.clear();
  if (sentToken && window.location.pathname !== paths.login) window.location.assign(paths.login);
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

function serverMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return isErrorBody(parsed) ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** The server's message when there is one, else the screen's own fallback text (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
