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
