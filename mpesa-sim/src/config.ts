/**
 * Simulator configuration: options for in-process use (tests) and the same knobs from the environment for the
 * process `npm start` forks. Defaults are Safaricom's sandbox values (mpesa.md §1.1) so a client configured for the
 * sandbox works unchanged against the simulator.
 */
export interface SimulatorOptions {
  /** Delay before an outcome is decided and its callback POSTed (design.md §7: MPESA_SIM_DELAY_MS, default 1500). */
  callbackDelayMs?: number;
  consumerKey?: string;
  consumerSecret?: string;
  /** Access-token lifetime; Daraja answers `expires_in: "3599"` (mpesa.md §1.2). */
  tokenTtlSeconds?: number;
  /** The M-Pesa Express (PayBill) shortcode and its passkey. */
  stkShortcode?: string | number;
  passkey?: string;
  /** The B2C shortcode and the API operator allowed to initiate from it. */
  b2cShortcode?: string | number;
  initiatorName?: string;
  /** Opening balance of the B2C Utility account, the one payouts are debited from (mpesa.md §0.7). */
  b2cUtilityBalanceKes?: number;
  /** Per-transaction limits (mpesa.md §1.9); they have changed before, so they are knobs. */
  stkMaxAmountKes?: number;
  b2cMinAmountKes?: number;
  b2cMaxAmountKes?: number;
  /**
   * Drop callbacks whose URL contains a word Daraja filters (`mpesa`, `safaricom`, `query`, …; mpesa.md §1.1),
   * as the real platform does, silently. On by default so such a URL fails here rather than in production.
   */
  enforceCallbackUrlRules?: boolean;
  /**
   * Sent as `X-Forwarded-For` on callbacks so a local ingest handler can exercise its source-IP allow-list
   * (mpesa.md §2.2). Default: the first address of the commonly listed Safaricom range; `null` sends no header.
   */
  callbackSourceIp?: string | null;
  /** How long a callback POST may take before it is recorded as failed. */
  callbackTimeoutMs?: number;
  /**
   * Which Daraja C2B rules URL registration follows (mpesa.md §9.A B.2): the sandbox lets a short code re-register
   * (each registration replaces the last) and takes http URLs; production registers once ("Urls are already
   * registered.") and takes only https URLs that are not localhost. Default: the sandbox.
   */
  c2bEnvironment?: C2bEnvironment;
  /**
   * The C2B API product of the Daraja app: calling the other version's paths is refused with 401.003.01 (mpesa.md
   * §9.A B.1). Unset (the default): both v1 and v2 paths are served.
   */
  c2bApiVersion?: C2bApiVersion;
  /**
   * Whether Safaricom has enabled external validation for the short codes (mpesa.md §9.A B.5). When off, a
   * registered ValidationURL is never called and every payment goes straight to its confirmation. Default on.
   */
  c2bExternalValidation?: boolean;
  /** How the payer's number appears in C2B payloads (mpesa.md §9.A B.8 #5): SHA-256 hex (default), masked or plain. */
  c2bMsisdnFormat?: C2bMsisdnFormat;
  /** How long M-PESA waits for the validation answer before ResponseType decides (mpesa.md §9.A B.5: ~8 s). */
  c2bValidationTimeoutMs?: number;
  /** The largest amount a customer can pay to a short code (mpesa.md §0.8). */
  c2bMaxAmountKes?: number;
  /** Injected clock, so tests can pin the timestamps inside IDs and receipts. */
  now?: () => Date;
}

export type C2bEnvironment = "sandbox" | "production";
export type C2bApiVersion = "v1" | "v2";
export type C2bMsisdnFormat = "hashed" | "masked" | "plain";

export interface SimulatorConfig {
  callbackDelayMs: number;
  consumerKey: string;
  consumerSecret: string;
  tokenTtlSeconds: number;
  stkShortcode: string;
  passkey: string;
  b2cShortcode: string;
  initiatorName: string;
  b2cUtilityBalanceKes: number;
  stkMaxAmountKes: number;
  b2cMinAmountKes: number;
  b2cMaxAmountKes: number;
  enforceCallbackUrlRules: boolean;
  callbackSourceIp: string | null;
  callbackTimeoutMs: number;
  c2bEnvironment: C2bEnvironment;
  c2bApiVersion: C2bApiVersion | undefined;
  c2bExternalValidation: boolean;
  c2bMsisdnFormat: C2bMsisdnFormat;
  c2bValidationTimeoutMs: number;
  c2bMaxAmountKes: number;
  now: () => Date;
}

export const SANDBOX_PASSKEY = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";

export const DEFAULT_CONFIG: Readonly<SimulatorConfig> = {
  callbackDelayMs: 1500,
  consumerKey: "local-consumer-key",
  consumerSecret: "local-consumer-secret",
  tokenTtlSeconds: 3599,
  stkShortcode: "174379",
  passkey: SANDBOX_PASSKEY,
  b2cShortcode: "600984",
  initiatorName: "testapi",
  b2cUtilityBalanceKes: 10_000_000,
  stkMaxAmountKes: 250_000,
  b2cMinAmountKes: 10,
  b2cMaxAmountKes: 250_000,
  enforceCallbackUrlRules: true,
  callbackSourceIp: "196.201.214.200",
  callbackTimeoutMs: 10_000,
  c2bEnvironment: "sandbox",
  c2bApiVersion: undefined,
  c2bExternalValidation: true,
  c2bMsisdnFormat: "hashed",
  c2bValidationTimeoutMs: 8000,
  c2bMaxAmountKes: 250_000,
  now: () => new Date(),
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new ConfigError(`${name} must be a non-negative number`);
  return value;
}

function shortcode(name: string, value: string | number): string {
  const text = String(value);
  if (!/^\d{5,7}$/.test(text)) throw new ConfigError(`${name} must be a 5–7 digit shortcode`);
  return text;
}

export function resolveConfig(options: SimulatorOptions = {}): SimulatorConfig {
  const merged = { ...DEFAULT_CONFIG, ...stripUndefined(options) };
  return {
    ...merged,
    callbackDelayMs: nonNegative("callbackDelayMs", merged.callbackDelayMs),
    tokenTtlSeconds: nonNegative("tokenTtlSeconds", merged.tokenTtlSeconds),
    stkShortcode: shortcode("stkShortcode", merged.stkShortcode),
    b2cShortcode: shortcode("b2cShortcode", merged.b2cShortcode),
    b2cUtilityBalanceKes: nonNegative("b2cUtilityBalanceKes", merged.b2cUtilityBalanceKes),
    stkMaxAmountKes: nonNegative("stkMaxAmountKes", merged.stkMaxAmountKes),
    b2cMinAmountKes: nonNegative("b2cMinAmountKes", merged.b2cMinAmountKes),
    b2cMaxAmountKes: nonNegative("b2cMaxAmountKes", merged.b2cMaxAmountKes),
    callbackTimeoutMs: nonNegative("callbackTimeoutMs", merged.callbackTimeoutMs),
    c2bEnvironment: oneOf("c2bEnvironment", merged.c2bEnvironment, ["sandbox", "production"] as const),
    c2bApiVersion:
      merged.c2bApiVersion === undefined
        ? undefined
        : oneOf("c2bApiVersion", merged.c2bApiVersion, ["v1", "v2"] as const),
    c2bMsisdnFormat: oneOf("c2bMsisdnFormat", merged.c2bMsisdnFormat, ["hashed", "masked", "plain"] as const),
    c2bValidationTimeoutMs: nonNegative("c2bValidationTimeoutMs", merged.c2bValidationTimeoutMs),
    c2bMaxAmountKes: nonNegative("c2bMaxAmountKes", merged.c2bMaxAmountKes),
  };
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(", ")}, got "${value}"`);
  }
  return value as T;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The environment variables `main.ts` reads, by option. */
export const ENV_NAMES = {
  callbackDelayMs: "MPESA_SIM_DELAY_MS",
  consumerKey: "MPESA_SIM_CONSUMER_KEY",
  consumerSecret: "MPESA_SIM_CONSUMER_SECRET",
  stkShortcode: "MPESA_SIM_STK_SHORTCODE",
  passkey: "MPESA_SIM_PASSKEY",
  b2cShortcode: "MPESA_SIM_B2C_SHORTCODE",
  initiatorName: "MPESA_SIM_INITIATOR_NAME",
  b2cUtilityBalanceKes: "MPESA_SIM_B2C_UTILITY_BALANCE",
  enforceCallbackUrlRules: "MPESA_SIM_ENFORCE_URL_RULES",
  callbackSourceIp: "MPESA_SIM_CALLBACK_SOURCE_IP",
  c2bEnvironment: "MPESA_SIM_C2B_ENVIRONMENT",
  c2bApiVersion: "MPESA_SIM_C2B_API_VERSION",
  c2bExternalValidation: "MPESA_SIM_C2B_EXTERNAL_VALIDATION",
  c2bMsisdnFormat: "MPESA_SIM_C2B_MSISDN_FORMAT",
  c2bValidationTimeoutMs: "MPESA_SIM_C2B_VALIDATION_TIMEOUT_MS",
} as const satisfies Partial<Record<keyof SimulatorOptions, string>>;

export function optionsFromEnv(env: NodeJS.ProcessEnv): SimulatorOptions {
  const text = (name: string) => (env[name] === undefined || env[name] === "" ? undefined : env[name]);
  const number = (name: string) => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new ConfigError(`${name} must be a number, got "${raw}"`);
    return value;
  };
  const flag = (name: string) => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return undefined;
    if (["1", "true", "yes", "on"].includes(raw)) return true;
    if (["0", "false", "no", "off"].includes(raw)) return false;
    throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  };
  const sourceIp = env[ENV_NAMES.callbackSourceIp];
  return {
    callbackDelayMs: number(ENV_NAMES.callbackDelayMs),
    consumerKey: text(ENV_NAMES.consumerKey),
    consumerSecret: text(ENV_NAMES.consumerSecret),
    stkShortcode: text(ENV_NAMES.stkShortcode),
    passkey: text(ENV_NAMES.passkey),
    b2cShortcode: text(ENV_NAMES.b2cShortcode),
    initiatorName: text(ENV_NAMES.initiatorName),
    b2cUtilityBalanceKes: number(ENV_NAMES.b2cUtilityBalanceKes),
    enforceCallbackUrlRules: flag(ENV_NAMES.enforceCallbackUrlRules),
    // Set but empty means "send no X-Forwarded-For"; unset keeps the default address.
    callbackSourceIp: sourceIp === undefined ? undefined : sourceIp === "" ? null : sourceIp,
    // Checked by resolveConfig, which names the allowed values.
    c2bEnvironment: text(ENV_NAMES.c2bEnvironment) as C2bEnvironment | undefined,
    c2bApiVersion: text(ENV_NAMES.c2bApiVersion) as C2bApiVersion | undefined,
    c2bExternalValidation: flag(ENV_NAMES.c2bExternalValidation),
    c2bMsisdnFormat: text(ENV_NAMES.c2bMsisdnFormat) as C2bMsisdnFormat | undefined,
    c2bValidationTimeoutMs: number(ENV_NAMES.c2bValidationTimeoutMs),
  };
}
