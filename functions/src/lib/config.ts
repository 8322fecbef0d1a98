import * as z from "zod/mini";

/**
 * Configuration from the environment, parsed once and failing fast. Locally the JWT key comes from JWT_SECRET;
 * in AWS from Secrets Manager (JWT_SECRET_ARN), read once per container by `loadJwtSecret`.
 */
const EnvSchema = z.object({
  TABLE_NAME: z._default(z.string().check(z.minLength(1)), "jengafund"),
  DYNAMODB_ENDPOINT: z.optional(z.string().check(z.url())),
  AWS_REGION: z._default(z.string(), "af-south-1"),
  JWT_SECRET: z.optional(z.string().check(z.minLength(32, "JWT_SECRET must be at least 32 characters (256 bits)"))),
  JWT_SECRET_ARN: z.optional(z.string()),
  JWT_TTL_SECONDS: z._default(z.coerce.number().check(z.int(), z.positive()), 8 * 3600),
  LOGIN_MAX_FAILURES_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 100),
  LOGIN_MAX_FAILURES_PER_IP_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 1000),
  MIN_PAYOUT_KES: z._default(z.coerce.number().check(z.int(), z.positive()), 10),
  MAX_PAYOUT_KES: z._default(z.coerce.number().check(z.int(), z.positive()), 250_000),
});
export type Config = z.infer<typeof EnvSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(
        `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    }
    cached = parsed.data;
  }
  return cached;
}

let jwtSecret: Promise<Uint8Array> | undefined;

export function loadJwtSecret(): Promise<Uint8Array> {
  jwtSecret ??= (async () => {
    const { JWT_SECRET, JWT_SECRET_ARN } = config();
    if (JWT_SECRET) return new TextEncoder().encode(JWT_SECRET);
    if (!JWT_SECRET_ARN) throw new Error("Invalid configuration: set JWT_SECRET or JWT_SECRET_ARN");
    const { readSecret } = await import("./secrets.js");
    const secret = await readSecret(JWT_SECRET_ARN);
    if (secret.length < 32) throw new Error("Invalid configuration: the JWT secret must be at least 32 characters");
    return new TextEncoder().encode(secret);
  })();
  return jwtSecret;
}
