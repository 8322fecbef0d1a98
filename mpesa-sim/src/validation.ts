import { invalidField } from "./errors.js";

/**
 * Field readers for Daraja request bodies. Daraja's own samples send numeric fields as strings while its tables say
 * "Numeric" (mpesa.md §1.3), so numeric fields accept a JSON number or a string of digits. Each reader throws the
 * field's `400.002.02 Bad Request - Invalid <Field>` error, which keeps the handlers' validation order readable.
 */
export type Body = Record<string, unknown>;

/** 12-digit Safaricom MSISDN, `2547…` or `2541…` (mpesa.md §1.9). */
export const MSISDN_PATTERN = /^254[17]\d{8}$/;

/** A non-negative whole number as a digit string, or undefined. Leading/trailing spaces are not tolerated. */
export function digitString(value: unknown): string | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
  if (typeof value === "string" && /^\d+$/.test(value)) return value;
  return undefined;
}

export function requireShortcode(body: Body, field: string): string {
  const value = digitString(body[field]);
  if (value === undefined || !/^\d{5,7}$/.test(value)) throw invalidField(field);
  return value;
}

export function requireMsisdn(body: Body, field: string): string {
  const value = digitString(body[field]);
  if (value === undefined || !MSISDN_PATTERN.test(value)) throw invalidField(field);
  return value;
}

/** Whole shillings only: decimals, zero and negatives are "Invalid Amount" (mpesa.md §1.3). */
export function requireWholeAmount(body: Body, field = "Amount"): number {
  const value = digitString(body[field]);
  const amount = value === undefined ? 0 : Number(value);
  if (!Number.isSafeInteger(amount) || amount < 1) throw invalidField(field);
  return amount;
}

export function requireText(body: Body, field: string, { min = 1, max = Number.POSITIVE_INFINITY } = {}): string {
  const value = body[field];
  if (typeof value !== "string" || value.trim().length < min || value.length > max) throw invalidField(field);
  return value;
}

export function optionalText(body: Body, field: string, max: number): string {
  const value = body[field];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string" || value.length > max) throw invalidField(field);
  return value;
}

/**
 * A well-formed absolute http(s) URL. Stray whitespace anywhere is rejected, as Daraja does
 * (mpesa.md §1.1: "Invalid CallBackURL" from a trailing space).
 */
export function requireUrl(body: Body, field: string, value: unknown = body[field]): string {
  if (typeof value !== "string" || value === "" || /\s/.test(value)) throw invalidField(field);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidField(field);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) throw invalidField(field);
  return value;
}

/** Words that make Daraja drop a callback silently (mpesa.md §1.1), checked in any case. */
const BLOCKED_URL_WORDS = ["m-pesa", "mpesa", "safaricom", "exec", "exe", "cmd", "sql", "query"] as const;

export function blockedUrlWord(url: string): string | undefined {
  const lower = url.toLowerCase();
  return BLOCKED_URL_WORDS.find((word) => lower.includes(word));
}
