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
  /** Injected clock, so tests can pin the timestamps inside IDs and receipts. */
  now?: () => Date;
}

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
  };
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
  };
}
