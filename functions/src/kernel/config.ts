import {
  ADJUSTMENT_SOLO_DAILY_MAX_KES,
  ADJUSTMENT_SOLO_MAX_KES,
  MAX_PAYOUT_KES,
  MIN_PAYOUT_KES,
} from "@jengafund/shared";
import { type SigningKeys, signingKeysOf } from "./signing-keys.js";

/**
 * Configuration from the environment, parsed once and failing fast. Locally the JWT key comes from JWT_SECRET;
 * in AWS from Secrets Manager (JWT_SECRET_ARN), read once per container by `loadJwtSecret`. Each variable is read by
 * a small function of this module (below), not a schema library: every handler loads this module, and most read
 * routes have no other input to validate, so a validation library would be code their cold start compiles for nothing.
 */
const fields = {
  TABLE_NAME: text("jengafund", minLength(1)),
  DYNAMODB_ENDPOINT: optional(url),
  AWS_REGION: text("af-south-1"),
  JWT_SECRET: optional(minLength(32, "JWT_SECRET must be at least 32 characters (256 bits)")),
  JWT_SECRET_ARN: optional(),
  JWT_TTL_SECONDS: count(8 * 3600),
  /**
   * Failed passwords per clock hour (design.md §12.2): for one account from one address (past it, a 429 for that pair
   * only), from one address across accounts (past it, a 429), and for one account from all addresses (past it, the
   * login asks for a solved proof-of-work challenge instead of refusing the owner).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP_PER_HOUR: count(10),
  LOGIN_MAX_FAILURES_PER_IP_PER_HOUR: count(1000),
  LOGIN_MAX_FAILURES_PER_HOUR: count(100),
  /** Failed passwords for one account in a Nairobi day: past it, the password signs in only with an emailed link. */
  LOGIN_MAX_FAILURES_PER_DAY: count(1000),
  /**
   * The ALTCHA challenge asked for past those limits: PBKDF2 iterations per guess, and the largest secret counter (the
   * solver tries ¾ of it on average: about 1.5 million iterations, a second or two in a phone's browser), and how
   * long a challenge may be solved and sent back. A login's cost is this base times 1, 2, 4… as the account's
   * failures of the hour pass 100, 200, 300…, at most 16 times (login-guard.ts).
   */
  PROOF_OF_WORK_COST: count(1000),
  PROOF_OF_WORK_MAX_COUNTER: count(2000),
  PROOF_OF_WORK_VALID_SECONDS: count(600),
  /** Public referral code checks per caller address per clock hour (design.md §9); beyond it a 429. */
  REFERRAL_CODE_CHECKS_PER_IP_PER_HOUR: count(300),
  // Daraja (M-Pesa). Secrets come from the environment locally, from Secrets Manager (<NAME>_ARN) in AWS.
  MPESA_BASE_URL: text("https://sandbox.safaricom.co.ke", url),
  MPESA_CONSUMER_KEY: optional(),
  MPESA_CONSUMER_KEY_ARN: optional(),
  MPESA_CONSUMER_SECRET: optional(),
  MPESA_CONSUMER_SECRET_ARN: optional(),
  MPESA_PASSKEY: optional(),
  MPESA_PASSKEY_ARN: optional(),
  MPESA_SECURITY_CREDENTIAL: optional(),
  MPESA_SECURITY_CREDENTIAL_ARN: optional(),
  MPESA_CALLBACK_TOKEN: optional(),
  MPESA_CALLBACK_TOKEN_ARN: optional(),
  MPESA_SHORTCODE: text("174379", matches(/^\d{5,7}$/)),
  MPESA_TRANSACTION_TYPE: oneOf(["CustomerPayBillOnline", "CustomerBuyGoodsOnline"], "CustomerPayBillOnline"),
  MPESA_B2C_SHORTCODE: text("600984", matches(/^\d{5,7}$/)),
  MPESA_INITIATOR_NAME: text("testapi"),
  /**
   * The Paybill customers pay with Lipa na M-PESA (design.md §12.3): its C2B URLs are registered on it, and
   * GET /mpesa/paybill shows it as the business number. The default is a sandbox C2B test short code (mpesa.md §9.A).
   */
  MPESA_PAYBILL_SHORTCODE: text("600984", matches(/^\d{5,7}$/)),
  /** Public base of the callback routes, e.g. https://app.example.co.ke/api (no trailing slash). */
  MPESA_CALLBACK_BASE_URL: optional(url),
  /** Comma-separated source IPs allowed to deliver callbacks (mpesa.md §2.2); empty allows any, and logs. */
  MPESA_CALLBACK_ALLOWED_IPS: text(""),
  /** Deposits still pending after this long are checked with the STK query by reconciliation. */
  MPESA_RECONCILE_AFTER_SECONDS: count(180),
  /** STK push abuse limits (design.md §9): beyond them a deposit is refused with 429 and no prompt is sent. */
  MPESA_MAX_PENDING_DEPOSITS_PER_USER: count(3),
  MPESA_MAX_PROMPTS_PER_USER_PER_HOUR: count(10),
  MPESA_MAX_PROMPTS_PER_PHONE_PER_HOUR: count(5),
  /**
   * Confirm an STK success callback with the STK query before crediting it (callbacks are unsigned). On in AWS; off
   * locally unless set, so the simulator's answers settle without a second call.
   */
  MPESA_CONFIRM_STK: flag(false),
  /**
   * The value CloudFront puts in the x-origin-verify header (design.md §9). When set (or ORIGIN_SECRET_ARN), every
   * request without it is refused: the API is reachable through CloudFront only. Unset locally.
   */
  ORIGIN_SECRET: optional(minLength(16)),
  ORIGIN_SECRET_ARN: optional(),
  /**
   * Identity documents (design.md §13.5): the private bucket they are uploaded to by presigned POST and read from by
   * short-lived links. Locally DOCUMENTS_S3_ENDPOINT is the S3-compatible server's URL (path-style), the same one the
   * browser posts to; in AWS it is unset and the region's S3 is used.
   */
  DOCUMENTS_BUCKET: optional(matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)),
  DOCUMENTS_S3_ENDPOINT: optional(url),
  EVENT_BUS_NAME: text("jengafund"),
  EVENTBRIDGE_ENDPOINT: optional(url),
  /**
   * Where the web app is, for the links in emails (the reset link is `<WEB_ORIGIN>/reset-password#token=…`). The CDK
   * stack sets the site's https address.
   */
  WEB_ORIGIN: text("http://localhost:5173", url),
  /** How mail leaves: `smtp` (MailDev locally, SMTP_HOST/SMTP_PORT) or `ses` (Amazon SES, in AWS). */
  MAILER: oneOf(["smtp", "ses"], "ses"),
  SMTP_HOST: text("127.0.0.1"),
  SMTP_PORT: count(1025),
  /** The sender: locally any address; in AWS an SES-verified identity (`-c sesSender=`). */
  MAIL_FROM: text("JengaFund <no-reply@jengafund.local>", minLength(3)),
  /**
   * SMS alerts through Africa's Talking (mpesa.md §9.C): the API's base (the stand-in locally, the sandbox or
   * https://api.africastalking.com in AWS), the account's username (`sandbox` for the sandbox), the registered
   * transactional sender ID (the shared one when absent), and the API key: SMS_API_KEY locally, from Secrets Manager
   * (SMS_API_KEY_ARN) in AWS. Without a base URL no SMS is sent (the channel is recorded as skipped).
   */
  SMS_BASE_URL: optional(url),
  SMS_USERNAME: text("sandbox", minLength(1)),
  SMS_SENDER_ID: optional(minLength(1)),
  SMS_API_KEY: optional(),
  SMS_API_KEY_ARN: optional(),
  /**
   * Password reset emails asked for per clock hour: per email, known or not (beyond, a solved proof-of-work challenge
   * is needed), and per address (beyond, a 429).
   */
  PASSWORD_RESET_MAX_PER_EMAIL_PER_HOUR: count(5),
  PASSWORD_RESET_MAX_PER_IP_PER_HOUR: count(100),
  /**
   * Admins must sign in with two-factor codes: an admin without it gets 403 on every admin route until it is set up
   * (design.md §11). On in AWS (the CDK stack sets it); off locally unless set.
   */
  REQUIRE_ADMIN_2FA: flag(false),
  /** M-Pesa's B2C limits; by default the shared ones, which the web form checks against. */
  MIN_PAYOUT_KES: count(MIN_PAYOUT_KES),
  MAX_PAYOUT_KES: count(MAX_PAYOUT_KES),
  /**
   * Four eyes (design.md §12.1): one admin alone adjusts a balance up to this much at a time, and up to the daily
   * figure in a Nairobi day (credits and debits as absolute amounts); above either, a second admin must approve.
   */
  ADJUSTMENT_SOLO_MAX_KES: count(ADJUSTMENT_SOLO_MAX_KES),
  ADJUSTMENT_SOLO_DAILY_MAX_KES: count(ADJUSTMENT_SOLO_DAILY_MAX_KES),
};
export type Config = { [Name in keyof typeof fields]: ReturnType<(typeof fields)[Name]> };

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    cached = parseConfig(process.env);
  }
  return cached;
}

/** Reads the environment; every variable in error is named in the one error thrown. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(fields)) {
    try {
      values[name] = read(env[name]);
    } catch (error) {
      if (!(error instanceof ConfigProblem)) throw error;
      problems.push(`${name}: ${error.message}`);
    }
  }
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  return values as Config;
}

class ConfigProblem extends Error {}

/** A check of a present value: the problem with it, or undefined when it is fine. */
type Check = (value: string) => string | undefined;

function minLength(length: number, message = `must be at least ${length} character${length === 1 ? "" : "s"}`): Check {
  return (value) => (value.length >= length ? undefined : message);
}

function url(value: string): string | undefined {
  return URL.canParse(value) ? undefined : "must be a URL";
}

function matches(pattern: RegExp): Check {
  return (value) => (pattern.test(value) ? undefined : `must match ${pattern}`);
}

function checked(value: string, check: Check | undefined): string {
  const problem = check?.(value);
  if (problem) throw new ConfigProblem(problem);
  return value;
}

/** Reads a variable: an absent one is `fallback`, a present one goes through `read`. */
function variable<T>(fallback: T, read: (raw: string) => T): (raw: string | undefined) => T {
  return (raw) => (raw === undefined ? fallback : read(raw));
}

/** A text that may be absent. */
function optional(check?: Check) {
  return variable<string | undefined>(undefined, (raw) => checked(raw, check));
}

/** A text, the fallback when absent. */
function text(fallback: string, check?: Check) {
  return variable(fallback, (raw) => checked(raw, check));
}

/** A whole number above zero (a limit, a port, a number of seconds), the fallback when absent. */
function count(fallback: number) {
  return variable(fallback, (raw) => {
    const value = raw.trim() === "" ? Number.NaN : Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new ConfigProblem("must be a whole number above 0");
    return value;
  });
}

/** One of a few words, the fallback when absent. */
function oneOf<const Word extends string>(words: readonly Word[], fallback: Word) {
  return variable(fallback, (raw) => {
    const word = words.find((candidate) => candidate === raw);
    if (word === undefined) throw new ConfigProblem(`must be one of ${words.join(", ")}`);
    return word;
  });
}

const TRUE_WORDS = new Set(["true", "1", "yes", "on", "y", "enabled"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off", "n", "disabled"]);

/** A switch (true/false, 1/0, yes/no, on/off), the fallback when absent. */
function flag(fallback: boolean) {
  return variable(fallback, (raw) => {
    const word = raw.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    throw new ConfigProblem("must be true or false");
  });
}

type SecretName =
  | "JWT_SECRET"
  | "MPESA_CONSUMER_KEY"
  | "MPESA_CONSUMER_SECRET"
  | "MPESA_PASSKEY"
  | "MPESA_SECURITY_CREDENTIAL"
  | "MPESA_CALLBACK_TOKEN"
  | "ORIGIN_SECRET"
  | "SMS_API_KEY";

const secrets = new Map<SecretName, Promise<string>>();

/** A secret from its environment variable, or else from the Secrets Manager secret named by `<NAME>_ARN`; once. */
export function loadSecret(name: SecretName): Promise<string> {
  let secret = secrets.get(name);
  if (!secret) {
    secret = (async () => {
      const env = config();
      const direct = env[name];
      if (direct) return direct;
      const arn = env[`${name}_ARN`];
      if (!arn) throw new Error(`Invalid configuration: set ${name} or ${name}_ARN`);
      const { readSecret } = await import("./secrets.js");
      return readSecret(arn);
    })();
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}

/** The session keys are read again this often, so a rotation reaches every container (docs/runbook.md). */
const JWT_KEYS_MAX_AGE_MS = 10 * 60_000;
/** A token naming an unknown key has them read again, at most this often (a forged `kid` costs one read a minute). */
const JWT_KEYS_REFRESH_MS = 60_000;
let jwtKeys: { value: Promise<SigningKeys>; readAt: number } | undefined;
/** The keys last read and parsed: kept in use should a later read fail (Secrets Manager down, a malformed value). */
let lastGoodJwtKeys: SigningKeys | undefined;

/**
 * The session signing keys (modules/identity/tokens.ts: the current one signs, a previous one is still accepted),
 * parsed once and kept for ten minutes; with `refresh`, a copy older than a minute is read again. A read that fails
 * once keys were known keeps those keys: only a container that never read them fails.
 */
export function loadJwtKeys(options: { refresh?: boolean } = {}): Promise<SigningKeys> {
  const now = Date.now();
  const age = jwtKeys ? now - jwtKeys.readAt : Number.POSITIVE_INFINITY;
  if (age > JWT_KEYS_MAX_AGE_MS || (options.refresh && age > JWT_KEYS_REFRESH_MS)) {
    if (jwtKeys) secrets.delete("JWT_SECRET");
    const value = loadSecret("JWT_SECRET").then(
      (secret) => {
        try {
          lastGoodJwtKeys = signingKeysOf(secret);
          return lastGoodJwtKeys;
        } catch (error) {
          if (lastGoodJwtKeys) return lastGoodJwtKeys;
          throw new Error(`Invalid configuration: ${(error as Error).message}`);
        }
      },
      (error: unknown) => {
        if (lastGoodJwtKeys) return lastGoodJwtKeys;
        throw error;
      },
    );
    const read = { value, readAt: now };
    jwtKeys = read;
    value.catch(() => {
      if (jwtKeys === read) jwtKeys = undefined;
    });
  }
  return (jwtKeys as { value: Promise<SigningKeys> }).value;
}

/** The current session key alone: what the proof-of-work challenges derive their keys from. */
export const loadJwtSecret = (): Promise<Uint8Array> => loadJwtKeys().then(({ current }) => current.key);

/** How long a read origin secret is trusted before a refused header makes us read it again (it can be rotated). */
const ORIGIN_SECRET_REFRESH_MS = 60_000;
let originSecret: { value: Promise<string | undefined>; readAt: number } | undefined;

/**
 * The origin secret, or undefined when none is configured (locally). Read once per container; with `refresh`, a
 * copy older than a minute is read again, so a rotated secret is followed without refusing CloudFront for long.
 */
export function loadOriginSecret(options: { refresh?: boolean } = {}): Promise<string | undefined> {
  const env = config();
  if (!env.ORIGIN_SECRET && !env.ORIGIN_SECRET_ARN) return Promise.resolve(undefined);
  const now = Date.now();
  if (!originSecret || (options.refresh && now - originSecret.readAt > ORIGIN_SECRET_REFRESH_MS)) {
    if (originSecret) secrets.delete("ORIGIN_SECRET");
    const value = loadSecret("ORIGIN_SECRET");
    originSecret = { value, readAt: now };
    value.catch(() => {
      originSecret = undefined;
    });
  }
  return originSecret.value;
}
