/**
 * The one way to log: Powertools Logger, one JSON line per event (CloudWatch Logs Insights reads the keys). Every line
 * carries the keys of the invocation it belongs to (correlation id, route, caller, cold start; see `invocation.ts`).
 * Phone numbers (also the nine digits Daraja ends a CheckoutRequestID with) are masked and anything named like a
 * secret is dropped here, whatever a caller passes; still, never pass passwords, tokens or secrets on purpose.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { Logger } from "@aws-lambda-powertools/logger";

export type LogLevel = "info" | "warn" | "error";
export type LogDetails = Record<string, unknown>;
/** The port services receive: they log through it and know nothing of Powertools. */
export type Log = (level: LogLevel, message: string, details?: LogDetails) => void;

/**
 * Keys whose values are never written, at any depth: secrets, and an identity's numbers and birth date (design.md
 * §13.5: they never reach logs).
 */
const SECRET_KEY =
  /token|password|secret|authorization|passkey|credential|cookie|^otp$|^idnumber$|^krapin$|^dateofbirth$/i;
/** A KRA PIN in any text: A or P, nine digits and a letter. */
const KRA_PIN = /(?<![A-Z0-9])[AP]\d{9}[A-Z](?![A-Z0-9])/g;
const PHONE_KEY = /phone|msisdn/i;
/** A Kenyan mobile number in any of its usual forms (2547…, +2547…, 07…, also 1… numbers). */
const PHONE = /(?<!\d)(\+?254|0)([17])\d{4}(\d{4})(?!\d)/g;
/**
 * A CheckoutRequestID in any text: `ws_CO_`, the time, then the payer's number without its 254 (nine digits). The last
 * nine digits are masked like a phone's.
 */
const CHECKOUT_REQUEST_ID = /(ws_CO_\d*?)\d{5}(\d{4})(?!\d)/g;
/** The callback routes carry their secret token as the last path segment (the route key's `{token}` is no secret). */
const CALLBACK_PATH = /(\/hooks\/daraja\/[^/\s"?]+\/)(?!\{token\})[^/\s"?]+/g;

/** 254708374149 → 2547****4149: enough to tell numbers apart in support, not enough to call one. */
export function maskPhone(value: string): string {
  const masked = value.replace(PHONE, "$1$2****$3");
  if (masked !== value) return masked;
  const digits = value.replace(/\D/g, "");
  return digits.length > 4 ? `****${digits.slice(-4)}` : "****";
}

function redact(key: string, value: unknown): unknown {
  if (SECRET_KEY.test(key)) return "[redacted]";
  if (PHONE_KEY.test(key) && (typeof value === "string" || typeof value === "number")) return maskPhone(String(value));
  if (typeof value === "string") {
    return value
      .replace(PHONE, "$1$2****$3")
      .replace(CHECKOUT_REQUEST_ID, "$1*****$2")
      .replace(CALLBACK_PATH, "$1[redacted]")
      .replace(KRA_PIN, "[KRA PIN]");
  }
  // A number given as a JSON number (an STK callback's PhoneNumber item is one, under the key "Value").
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    const masked = String(value).replace(PHONE, "$1$2****$3");
    return masked === String(value) ? value : masked;
  }
  return value;
}

let instance: Logger | undefined;

/** Built on first use, so the level set by the environment (LOG_LEVEL, POWERTOOLS_LOG_LEVEL) is the one read. */
function logger(): Logger {
  instance ??= new Logger({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? "jengafund",
    logLevel: (process.env.POWERTOOLS_LOG_LEVEL ?? process.env.LOG_LEVEL ?? "INFO").toUpperCase() as "INFO",
    jsonReplacerFn: redact,
  });
  return instance;
}

/**
 * The keys of the invocation being served. Held per asynchronous context rather than on the shared Logger: the local
 * server (and Lambda with several concurrent invocations per environment) runs many invocations in one process.
 */
const invocationKeys = new AsyncLocalStorage<LogDetails>();

/** Runs `work` with `keys` on every line it logs. */
export function withLogKeys<T>(keys: LogDetails, work: () => T): T {
  return invocationKeys.run({ ...keys }, work);
}

/** Adds keys to the rest of the current invocation's lines (the caller's id once the token is verified). */
export function appendLogKeys(keys: LogDetails): void {
  Object.assign(invocationKeys.getStore() ?? {}, keys);
}

export const log: Log = (level, message, details = {}) => {
  logger()[level](message, { ...invocationKeys.getStore(), ...details });
};
