import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";

const JSON_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
};

export function jsonResponse(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

export function errorResponse(
  statusCode: number,
  message: string,
  details?: Record<string, unknown>,
): APIGatewayProxyStructuredResultV2 {
  return jsonResponse(statusCode, { message, ...details });
}

/**
 * A file answer (a statement's PDF): API Gateway's HTTP API takes a binary body as base64 with `isBase64Encoded` and
 * sends the client the bytes.
 */
export function binaryResponse(
  statusCode: number,
  bytes: Uint8Array,
  headers: Record<string, string>,
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { "cache-control": "no-store", ...headers },
    body: Buffer.from(bytes).toString("base64"),
    isBase64Encoded: true,
  };
}
