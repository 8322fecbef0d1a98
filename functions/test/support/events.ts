import { randomUUID } from "node:crypto";
import { API_BASE_PATH, type RouteHandlerName, routes } from "@jengafund/shared";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";

/** Builds the API Gateway HTTP API (payload v2) event a route's Lambda receives. */
export function gatewayEvent(
  handlerName: RouteHandlerName,
  options: {
    body?: unknown;
    rawBody?: string;
    token?: string;
    headers?: Record<string, string>;
    pathParameters?: Record<string, string>;
    query?: Record<string, string>;
    sourceIp?: string;
  } = {},
): APIGatewayProxyEventV2 {
  const route = routes.find((r) => r.handler === handlerName);
  if (!route) throw new Error(`Unknown handler ${handlerName}`);
  let path = `${API_BASE_PATH}${route.path}`;
  for (const [name, value] of Object.entries(options.pathParameters ?? {})) path = path.replace(`{${name}}`, value);
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const routeKey = `${route.method} ${API_BASE_PATH}${route.path}`;
  return {
    version: "2.0",
    routeKey,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers,
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    requestContext: {
      accountId: "000000000000",
      apiId: "test",
      domainName: "test.local",
      domainPrefix: "test",
      http: {
        method: route.method,
        path,
        protocol: "HTTP/1.1",
        sourceIp: options.sourceIp ?? "198.51.100.7",
        userAgent: "vitest",
      },
      requestId: randomUUID(),
      routeKey,
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
  };
}

export const testContext = { awsRequestId: "test", functionName: "test" } as Context;

export interface CallResult<T = Record<string, unknown>> {
  statusCode: number;
  body: T;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Invokes a handler with a real event and returns its status and parsed JSON body. */
export async function call<T = Record<string, unknown>>(
  handler: Handler,
  event: APIGatewayProxyEventV2,
): Promise<CallResult<T>> {
  const result = await handler(event, testContext);
  const isJson = String(result.headers?.["content-type"] ?? "application/json").includes("json");
  return {
    statusCode: result.statusCode ?? 200,
    body: (isJson ? JSON.parse(result.body ?? "null") : result.body) as T,
  };
}
