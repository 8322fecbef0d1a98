import { MAX_PAYOUT_KES, MIN_PAYOUT_KES } from "@jengafund/shared";
import * as z from "zod/mini";

/**
 * Configuration from the environment, parsed once and failing fast. Locally the JWT key comes from JWT_SECRET;
 * in AWS from Secrets Manager (JWT_SECRET_ARN), read once per container by `loadJwtSecret`. The schema is built by
 * the one parse that needs it, not when a handler's bundle loads.
 */
const envSchema = () =>
  z.object({
    TABLE_NAME: z._default(z.string().check(z.minLength(1)), "jengafund"),
    DYNAMODB_ENDPOINT: z.optional(z.string().check(z.url())),
    AWS_REGION: z._default(z.string(), "af-south-1"),
    JWT_SECRET: z.optional(z.string().check(z.minLength(32, "JWT_SECRET must be at least 32 characters (256 bits)"))),
    JWT_SECRET_ARN: z.optional(z.string()),
    JWT_TTL_SECONDS: z._default(z.coerce.number().check(z.int(), z.positive()), 8 * 3600),
    LOGIN_MAX_FAILURES_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 100),
    LOGIN_MAX_FAILURES_PER_IP_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 1000),
    /** Public referral code checks per caller address per clock hour (design.md §9); beyond it a 429. */
    REFERRAL_CODE_CHECKS_PER_IP_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 300),
    // Daraja (M-Pesa). Secrets come from the environment locally, from Secrets Manager (<NAME>_ARN) in AWS.
    MPESA_BASE_URL: z._default(z.string().check(z.url()), "https://sandbox.safaricom.co.ke"),
    MPESA_CONSUMER_KEY: z.optional(z.string()),
    MPESA_CONSUMER_KEY_ARN: z.optional(z.string()),
    MPESA_CONSUMER_SECRET: z.optional(z.string()),
    MPESA_CONSUMER_SECRET_ARN: z.optional(z.string()),
    MPESA_PASSKEY: z.optional(z.string()),
    MPESA_PASSKEY_ARN: z.optional(z.string()),
    MPESA_SECURITY_CREDENTIAL: z.optional(z.string()),
    MPESA_SECURITY_CREDENTIAL_ARN: z.optional(z.string()),
    MPESA_CALLBACK_TOKEN: z.optional(z.string()),
    MPESA_CALLBACK_TOKEN_ARN: z.optional(z.string()),
    MPESA_SHORTCODE: z._default(z.string().check(z.regex(/^\d{5,7}$/)), "174379"),
    MPESA_TRANSACTION_TYPE: z._default(
      z.enum(["CustomerPayBillOnline", "CustomerBuyGoodsOnline"]),
      "CustomerPayBillOnline",
    ),
    MPESA_B2C_SHORTCODE: z._default(z.string().check(z.regex(/^\d{5,7}$/)), "600984"),
    MPESA_INITIATOR_NAME: z._default(z.string(), "testapi"),
    /** Public base of the callback routes, e.g. https://app.example.co.ke/api (no trailing slash). */
    MPESA_CALLBACK_BASE_URL: z.optional(z.string().check(z.url())),
    /** Comma-separated source IPs allowed to deliver callbacks (mpesa.md §2.2); empty allows any, and logs. */
    MPESA_CALLBACK_ALLOWED_IPS: z._default(z.string(), ""),
    /** Deposits still pending after this long are checked with the STK query by reconciliation. */
    MPESA_RECONCILE_AFTER_SECONDS: z._default(z.coerce.number().check(z.int(), z.positive()), 180),
    /** STK push abuse limits (design.md §9): beyond them a deposit is refused with 429 and no prompt is sent. */
    MPESA_MAX_PENDING_DEPOSITS_PER_USER: z._default(z.coerce.number().check(z.int(), z.positive()), 3),
    MPESA_MAX_PROMPTS_PER_USER_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 10),
    MPESA_MAX_PROMPTS_PER_PHONE_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 5),
    /**
     * Confirm an STK success callback with the STK query before crediting it (callbacks are unsigned). On in AWS; off
     * locally unless set, so the simulator's answers settle without a second call.
     */
    MPESA_CONFIRM_STK: z._default(z.stringbool(), false),
    /**
     * The value CloudFront puts in the x-origin-verify header (design.md §9). When set (or ORIGIN_SECRET_ARN), every
     * request without it is refused: the API is reachable through CloudFront only. Unset locally.
     */
    ORIGIN_SECRET: z.optional(z.string().check(z.minLength(16))),
    ORIGIN_SECRET_ARN: z.optional(z.string()),
    EVENT_BUS_NAME: z._default(z.string(), "jengafund"),
    EVENTBRIDGE_ENDPOINT: z.optional(z.string().check(z.url())),
    /**
     * Where the web app is, for the links in emails (the reset link is `<WEB_ORIGIN>/reset-password?token=…`). The CDK
     * stack sets the site's https address.
     */
    WEB_ORIGIN: z._default(z.string().check(z.url()), "http://localhost:5173"),
    /** How mail leaves: `smtp` (MailDev locally, SMTP_HOST/SMTP_PORT) or `ses` (Amazon SES, in AWS). */
    MAILER: z._default(z.enum(["smtp", "ses"]), "ses"),
    SMTP_HOST: z._default(z.string(), "127.0.0.1"),
    SMTP_PORT: z._default(z.coerce.number().check(z.int(), z.positive()), 1025),
    /** The sender: locally any address; in AWS an SES-verified identity (`-c sesSender=`). */
    MAIL_FROM: z._default(z.string().check(z.minLength(3)), "JengaFund <no-reply@jengafund.local>"),
    /** Password reset emails asked for per email (known or not) and per address per clock hour; beyond, a 429. */
    PASSWORD_RESET_MAX_PER_EMAIL_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 5),
    PASSWORD_RESET_MAX_PER_IP_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 100),
    /**
     * Admins must sign in with two-factor codes: an admin without it gets 403 on every admin route until it is set up
     * (design.md §11). On in AWS (the CDK stack sets it); off locally unless set.
     */
    REQUIRE_ADMIN_2FA: z._default(z.stringbool(), false),
    /** M-Pesa's B2C limits; by default the shared ones, which the web form checks against. */
    MIN_PAYOUT_KES: z._default(z.coerce.number().check(z.int(), z.positive()), MIN_PAYOUT_KES),
    MAX_PAYOUT_KES: z._default(z.coerce.number().check(z.int(), z.positive()), MAX_PAYOUT_KES),
  });
export type Config = z.infer<ReturnType<typeof envSchema>>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = envSchema().safeParse(process.env);
    if (!parsed.success) {
      throw new Error(
        `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    }
    cached = parsed.data;
  }
  return cached;
}

type SecretName =
  | "JWT_SECRET"
  | "MPESA_CONSUMER_KEY"
  | "MPESA_CONSUMER_SECRET"
  | "MPESA_PASSKEY"
  | "MPESA_SECURITY_CREDENTIAL"
  | "MPESA_CALLBACK_TOKEN"
  | "ORIGIN_SECRET";

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

let jwtKey: Promise<Uint8Array> | undefined;

/** The HS256 key, decoded once per container (it is needed on every authenticated request). */
export function loadJwtSecret(): Promise<Uint8Array> {
  jwtKey ??= loadSecret("JWT_SECRET").then((secret) => {
    if (secret.length < 32) throw new Error("Invalid configuration: the JWT secret must be at least 32 characters");
    return new TextEncoder().encode(secret);
  });
  jwtKey.catch(() => {
    jwtKey = undefined;
  });
  return jwtKey;
}

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
