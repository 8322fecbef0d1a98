import { isIPv4 } from "node:net";
import { ADJUSTMENT_SOLO_DAILY_MAX_KES, ADJUSTMENT_SOLO_MAX_KES } from "@jengafund/shared";
import { Token } from "aws-cdk-lib";
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import type { Node } from "constructs";
import { tableKeySchema } from "../../functions/src/kernel/dynamo/table-schema.js";

/** `-c stage=`: each stage is its own set of stacks (`JengaFund-<Stage>-…`), normally in its own account. */
export const STAGES = ["dev", "staging", "prod"] as const;
export type Stage = (typeof STAGES)[number];

/** Cape Town: the AWS region nearest to Kenya (design.md §10). */
export const DEFAULT_REGION = "af-south-1";
/** CloudFront reads its web ACLs (and certificates) only from here. */
export const EDGE_REGION = "us-east-1";

/**
 * Safaricom's callback source addresses as most integrations list them (mpesa.md §2.2). The authoritative list is on
 * Daraja's portal, so it is configuration: `-c mpesaCallbackIps=196.201.214.200,…` replaces it. The WAF IP set and
 * the callback function's own check both come from the one value, so they cannot disagree.
 */
export const SAFARICOM_CALLBACK_IPS = [
  "196.201.214.200",
  "196.201.214.206",
  "196.201.213.114",
  "196.201.214.207",
  "196.201.214.208",
  "196.201.213.44",
  "196.201.212.127",
  "196.201.212.138",
  "196.201.212.129",
  "196.201.212.136",
  "196.201.212.74",
  "196.201.212.69",
] as const;

/**
 * Daraja's public sandbox app, the defaults for every Daraja setting that is not a secret. A prod synth refuses them:
 * a production deploy with a sandbox value would take real money through test credentials or not at all.
 */
export const DARAJA_SANDBOX = {
  baseUrl: "https://sandbox.safaricom.co.ke",
  shortcode: "174379",
  b2cShortcode: "600984",
  /** The sandbox's C2B test short code: the business number customers type in Lipa na M-PESA → Pay Bill. */
  paybillShortcode: "600984",
  initiatorName: "testapi",
} as const;

/**
 * Africa's Talking's sandbox (mpesa.md §9.C), the defaults of the SMS settings: messages sent there reach only its
 * simulator. A prod synth refuses them, and a missing sender ID (a live account sends transactional alerts from a
 * registered one).
 */
export const SMS_SANDBOX = {
  baseUrl: "https://api.sandbox.africastalking.com",
  username: "sandbox",
} as const;

/** What each stage gets unless its context says otherwise. */
const STAGE_DEFAULTS: Record<
  Stage,
  { logRetentionDays: number; retainLogs: boolean; callbackIngestConcurrency?: number; settleConcurrency?: number }
> = {
  // A dev account is often new, and a new account's concurrency quota (as low as 10) leaves nothing to reserve.
  dev: { logRetentionDays: 14, retainLogs: false },
  staging: { logRetentionDays: 30, retainLogs: false, callbackIngestConcurrency: 20, settleConcurrency: 10 },
  prod: { logRetentionDays: 90, retainLogs: true, callbackIngestConcurrency: 20, settleConcurrency: 10 },
};

const LOG_LEVELS = ["DEBUG", "INFO", "WARN", "ERROR"] as const;

export interface DarajaSettings {
  readonly baseUrl: string;
  /** The STK push (M-Pesa Express) paybill or till. */
  readonly shortcode: string;
  /** The B2C shortcode payouts and Transaction Status queries go from. */
  readonly b2cShortcode: string;
  /** The Paybill (C2B) business number customers pay to, with their account number (design.md §12.3). */
  readonly paybillShortcode: string;
  readonly initiatorName: string;
}

/** Where money alerts go out by SMS (Africa's Talking); the API key is a secret of the Data stack. */
export interface SmsSettings {
  readonly baseUrl: string;
  /** The Africa's Talking application's user name (`sandbox` in its sandbox). */
  readonly username: string;
  /** The registered alphanumeric sender ID; unset, the account's shared short code sends. */
  readonly senderId?: string;
}

export interface CustomDomain {
  readonly domainName: string;
  readonly certificateArn: string;
}

export interface Throttle {
  /** Steady requests per second. */
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** Every deploy-time choice the stacks make, read from CDK context in one place and checked before anything is built. */
export interface DeploySettings {
  readonly stage: Stage;
  /** `JengaFund-Prod`: the start of every stack, alarm and dashboard name of the stage. */
  readonly namePrefix: string;
  /** `-c account=`, else the CLI's; pinning it makes a deploy with another account's credentials fail. */
  readonly account?: string;
  readonly region: string;
  readonly daraja: DarajaSettings;
  /** The SMS provider's address, user name and sender ID (`smsBaseUrl`, `smsUsername`, `smsSenderId`). */
  readonly sms: SmsSettings;
  /** Single IPv4 addresses: the callback function compares addresses exactly, so ranges would not mean the same there. */
  readonly mpesaCallbackIps: readonly string[];
  /** The site on CloudFront (`domainName` + `certificateArn`, an ACM certificate in us-east-1). */
  readonly siteDomain?: CustomDomain;
  /** The API's own custom domain (`apiDomainName` + `apiCertificateArn`, a regional certificate in `region`). */
  readonly apiDomain?: CustomDomain;
  /** Public base of the callback routes: `mpesaCallbackBaseUrl`, else the site domain's /api. */
  readonly mpesaCallbackBaseUrl?: string;
  /** The HTTP API stage's default route throttle. */
  readonly apiThrottle: Throttle;
  /** Login, registration and deposit routes: each is a password hash or an STK prompt on someone's phone. */
  readonly apiSensitiveThrottle: Throttle;
  /** WAF: POSTs to /api/auth/ allowed per viewer IP in any five minutes. */
  readonly wafAuthRateLimit: number;
  /** WAF: POSTs to /api/mpesa/deposit allowed per viewer IP in any five minutes. */
  readonly wafDepositRateLimit: number;
  /** Pins the origin secret version CloudFront sends; set it to roll a rotated value out (README, "Deploying"). */
  readonly originSecretVersionId?: string;
  /** Lambda, access-log and CloudFront-log retention (`logRetentionDays`). */
  readonly logRetention: RetentionDays;
  /** Whether log groups and the CloudFront log bucket outlive their stack (prod). */
  readonly retainLogs: boolean;
  /** Powertools `LOG_LEVEL` of every function (`logLevel`, default INFO). */
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** Where alarms are e-mailed (`alarmEmail`); required in prod. */
  readonly alarmEmail?: string;
  /** Reserved concurrency of the callback ingest; undefined leaves it in the account's shared pool. */
  readonly callbackIngestConcurrency?: number;
  /** Reserved concurrency of the settle function (it also caps how fast a replay settles). */
  readonly settleConcurrency?: number;
  /** Callbacks refused in five minutes that raise the CallbacksRejected alarm (`callbacksRejectedAlarmThreshold`). */
  readonly callbacksRejectedAlarmThreshold: number;
  /**
   * Partition key values each growing index list is spread over (`indexShards`, default the table schema's, as
   * locally); the functions get it as INDEX_SHARDS. Changing it on a live table needs `npm run migrate` (runbook).
   */
  readonly indexShards: number;
  /** The web app's https origin, where emailed links lead (`webOrigin`, else https://<domainName>). */
  readonly webOrigin?: string;
  /** The SES-verified address password reset emails come from (`sesSender`); required in prod. */
  readonly sesSender?: string;
  /**
   * The hosts package images may come from besides the site itself (`packageImageHosts`, comma-separated host names):
   * the site's CSP names each in img-src, so an admin's https image URL on another host shows only if it is listed.
   */
  readonly packageImageHosts: readonly string[];
  /** Admin routes only for admins who sign in with two-factor codes (`requireAdmin2fa`, default true). */
  readonly requireAdminTwoFactor: boolean;
  /**
   * Four eyes on admin balance adjustments (design.md §12.1), in KES: what one admin may adjust alone at a time
   * (`adjustmentSoloMaxKes`) and in a Nairobi day (`adjustmentSoloDailyMaxKes`), and the solo credits in an hour
   * that raise the SoloCredits alarm (`soloCreditsAlarmKes`); and by how much the daily rewards paid in an hour may
   * exceed that hour's deposits before the RewardsOutpaceDeposits alarm (`rewardsOverDepositsAlarmKes`, design.md
   * §13.1).
   */
  readonly adjustments: {
    soloMaxKes: number;
    soloDailyMaxKes: number;
    soloCreditsAlarmKes: number;
    rewardsOverDepositsAlarmKes: number;
  };
}

/**
 * Reads and checks the context. `region` is explicit because the web ACL lives in us-east-1 and CloudFront needs a
 * cross-region reference to it, which CDK builds only between stacks with concrete regions; the account may stay
 * unresolved, so `npm run synth` still works offline without credentials.
 *
 * A value comes from `-c name=value` (or the top level of cdk.json's `context`), else from the stage's own block,
 * `context.stages.<stage>` in cdk.json, where the values one stage always deploys with are kept.
 */
export function readDeploySettings(node: Node, defaults: { account?: string } = {}): DeploySettings {
  const stage = readStage(node);
  const context = stageContext(node, stage);
  const stageDefaults = STAGE_DEFAULTS[stage];

  const siteDomain = domainPair(context, "domainName", "certificateArn");
  if (siteDomain && !Token.isUnresolved(siteDomain.certificateArn)) {
    if (!siteDomain.certificateArn.includes(`:acm:${EDGE_REGION}:`)) {
      throw new Error(`certificateArn must be an ACM certificate in ${EDGE_REGION}: CloudFront reads no other region`);
    }
  }
  // Never the CLI's region (us-east-1 when nothing is configured): where a stage lives is the context's to say.
  const region = stringContext(context, "region") ?? DEFAULT_REGION;
  const apiDomain = domainPair(context, "apiDomainName", "apiCertificateArn");
  if (apiDomain && !Token.isUnresolved(apiDomain.certificateArn)) {
    if (!apiDomain.certificateArn.includes(`:acm:${region}:`)) {
      throw new Error(`apiCertificateArn must be an ACM certificate in ${region}, the API's region`);
    }
  }
  const callbackBase =
    stringContext(context, "mpesaCallbackBaseUrl") ?? (siteDomain ? `https://${siteDomain.domainName}/api` : undefined);
  if (callbackBase && apiDomain && hostOf(callbackBase) === apiDomain.domainName.toLowerCase()) {
    throw new Error(
      "mpesaCallbackBaseUrl must be the site's address (CloudFront), not apiDomainName: a callback that skips " +
        "CloudFront carries no origin secret and is refused",
    );
  }

  const settings: DeploySettings = {
    stage,
    namePrefix: `JengaFund-${stage.charAt(0).toUpperCase()}${stage.slice(1)}`,
    account: accountContext(context) ?? defaults.account,
    region,
    daraja: {
      baseUrl: stringContext(context, "mpesaBaseUrl") ?? DARAJA_SANDBOX.baseUrl,
      shortcode: digitsContext(context, "mpesaShortcode") ?? DARAJA_SANDBOX.shortcode,
      b2cShortcode: digitsContext(context, "mpesaB2cShortcode") ?? DARAJA_SANDBOX.b2cShortcode,
      paybillShortcode: digitsContext(context, "mpesaPaybillShortcode") ?? DARAJA_SANDBOX.paybillShortcode,
      initiatorName: stringContext(context, "mpesaInitiatorName") ?? DARAJA_SANDBOX.initiatorName,
    },
    sms: {
      baseUrl: stringContext(context, "smsBaseUrl") ?? SMS_SANDBOX.baseUrl,
      username: stringContext(context, "smsUsername") ?? SMS_SANDBOX.username,
      senderId: senderIdContext(context, "smsSenderId"),
    },
    mpesaCallbackIps: callbackIps(context),
    packageImageHosts: imageHosts(context),
    siteDomain,
    apiDomain,
    mpesaCallbackBaseUrl: callbackBase,
    apiThrottle: {
      rateLimit: positiveNumber(context, "apiRateLimit", 100),
      burstLimit: positiveNumber(context, "apiBurstLimit", 200),
    },
    apiSensitiveThrottle: {
      rateLimit: positiveNumber(context, "apiSensitiveRateLimit", 10),
      burstLimit: positiveNumber(context, "apiSensitiveBurstLimit", 20),
    },
    // Kenyan mobile networks put many subscribers behind one carrier-grade NAT address, so per-IP limits at the edge
    // are flood guards set well above one person's use; the functions hold the exact per-account and per-phone limits.
    // WAF accepts 10 or more.
    wafAuthRateLimit: positiveNumber(context, "wafAuthRateLimit", 300, 10),
    wafDepositRateLimit: positiveNumber(context, "wafDepositRateLimit", 60, 10),
    originSecretVersionId: stringContext(context, "originSecretVersionId"),
    logRetention: retentionContext(context, stageDefaults.logRetentionDays),
    retainLogs: stageDefaults.retainLogs,
    logLevel: logLevelContext(context),
    alarmEmail: emailContext(context, "alarmEmail"),
    callbackIngestConcurrency: concurrencyContext(
      context,
      "callbackIngestConcurrency",
      stageDefaults.callbackIngestConcurrency,
    ),
    settleConcurrency: concurrencyContext(context, "settleConcurrency", stageDefaults.settleConcurrency),
    callbacksRejectedAlarmThreshold: positiveNumber(context, "callbacksRejectedAlarmThreshold", 10),
    indexShards: positiveNumber(context, "indexShards", tableKeySchema.indexShards),
    webOrigin: originContext(context, "webOrigin") ?? (siteDomain ? `https://${siteDomain.domainName}` : undefined),
    sesSender: emailContext(context, "sesSender"),
    requireAdminTwoFactor: booleanContext(context, "requireAdmin2fa", true),
    adjustments: {
      soloMaxKes: positiveNumber(context, "adjustmentSoloMaxKes", ADJUSTMENT_SOLO_MAX_KES),
      soloDailyMaxKes: positiveNumber(context, "adjustmentSoloDailyMaxKes", ADJUSTMENT_SOLO_DAILY_MAX_KES),
      soloCreditsAlarmKes: positiveNumber(context, "soloCreditsAlarmKes", 50_000),
      rewardsOverDepositsAlarmKes: positiveNumber(context, "rewardsOverDepositsAlarmKes", 50_000),
    },
  };
  if (stage === "prod") refuseNonProductionSettings(settings);
  return settings;
}

/**
 * Prod takes real money: every Daraja value must be the go-live one, callbacks need a public https address, and
 * alarms need someone to go to. All problems are reported at once, so one failed synth lists everything to set.
 */
function refuseNonProductionSettings(settings: DeploySettings): void {
  const { daraja } = settings;
  const problems: string[] = [];
  if (daraja.baseUrl === DARAJA_SANDBOX.baseUrl || hostOf(daraja.baseUrl)?.startsWith("sandbox.")) {
    problems.push(`mpesaBaseUrl is Daraja's sandbox (${daraja.baseUrl}); production is https://api.safaricom.co.ke`);
  } else if (!daraja.baseUrl.startsWith("https://")) {
    problems.push(`mpesaBaseUrl must be an https:// address, got ${daraja.baseUrl}`);
  }
  const sandboxValue = (key: string, value: string, sandbox: string, what: string) => {
    if (value === sandbox) problems.push(`${key} is the sandbox's ${sandbox}; set your ${what}`);
  };
  sandboxValue("mpesaShortcode", daraja.shortcode, DARAJA_SANDBOX.shortcode, "paybill or till number for STK push");
  sandboxValue("mpesaB2cShortcode", daraja.b2cShortcode, DARAJA_SANDBOX.b2cShortcode, "B2C shortcode");
  sandboxValue("mpesaPaybillShortcode", daraja.paybillShortcode, DARAJA_SANDBOX.paybillShortcode, "Paybill number");
  sandboxValue("mpesaInitiatorName", daraja.initiatorName, DARAJA_SANDBOX.initiatorName, "B2C initiator's user name");
  problems.push(...smsProblems(settings.sms));
  if (!settings.mpesaCallbackBaseUrl) {
    problems.push(
      "mpesaCallbackBaseUrl is missing: set it to the site's https address + /api, or set domainName and certificateArn",
    );
  } else if (!settings.mpesaCallbackBaseUrl.startsWith("https://")) {
    problems.push(`mpesaCallbackBaseUrl must be an https:// address, got ${settings.mpesaCallbackBaseUrl}`);
  }
  if (!settings.apiDomain) {
    problems.push(
      "apiDomainName and apiCertificateArn are missing: without the API's own name its execute-api address stays " +
        "open, where requests that skip CloudFront and its WAF are refused only after a function has run, and still " +
        "spend the routes' shared throttles (README, Context values)",
    );
  }
  if (!settings.alarmEmail) problems.push("alarmEmail is missing: alarms would reach no one");
  if (!settings.requireAdminTwoFactor) {
    problems.push("requireAdmin2fa is false: admins who move money must sign in with a second factor in prod");
  }
  if (!settings.sesSender) {
    problems.push("sesSender is missing: password reset emails need an SES-verified sender address");
  }
  if (!settings.webOrigin) {
    problems.push("webOrigin is missing: set it to the site's https address, or set domainName and certificateArn");
  } else if (!settings.webOrigin.startsWith("https://")) {
    problems.push(`webOrigin must be an https:// address, got ${settings.webOrigin}`);
  }
  if (problems.length > 0) {
    throw new Error(
      `Refusing to synthesize stage prod with non-production settings (set them with -c name=value or in the ` +
        `stages.prod block of infra/cdk.json's context):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
}

/** What keeps prod's SMS settings from reaching real phones: the sandbox, plain http, no registered sender. */
function smsProblems(sms: SmsSettings): string[] {
  const problems: string[] = [];
  if (sms.baseUrl === SMS_SANDBOX.baseUrl || hostOf(sms.baseUrl)?.includes(".sandbox.")) {
    problems.push(
      `smsBaseUrl is Africa's Talking's sandbox (${sms.baseUrl}); production is https://api.africastalking.com`,
    );
  } else if (!sms.baseUrl.startsWith("https://")) {
    problems.push(`smsBaseUrl must be an https:// address, got ${sms.baseUrl}`);
  }
  if (sms.username === SMS_SANDBOX.username) {
    problems.push("smsUsername is the sandbox's; set your Africa's Talking application's user name");
  }
  if (!sms.senderId) {
    problems.push(
      "smsSenderId is missing: money alerts need a transactional sender ID registered through Africa's Talking",
    );
  }
  return problems;
}

/** `/32` per address: the form a WAF IP set takes. */
export function toCidrs(ips: readonly string[]): string[] {
  return ips.map((ip) => `${ip}/32`);
}

function callbackIps(context: Lookup): string[] {
  const configured = context("mpesaCallbackIps");
  if (configured === undefined) return [...SAFARICOM_CALLBACK_IPS];
  const list = (Array.isArray(configured) ? configured.map(String) : String(configured).split(","))
    .map((ip) => ip.trim())
    .filter((ip) => ip !== "");
  const invalid = list.filter((ip) => !isIPv4(ip));
  if (list.length === 0 || invalid.length > 0) {
    throw new Error(
      `mpesaCallbackIps must be comma-separated IPv4 addresses (no ranges: the callback function compares exact ` +
        `addresses); not valid: ${invalid.join(", ") || "(empty list)"}`,
    );
  }
  return list;
}

function imageHosts(context: Lookup): string[] {
  const configured = context("packageImageHosts");
  if (configured === undefined || configured === "") return [];
  const list = (Array.isArray(configured) ? configured.map(String) : String(configured).split(","))
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== "");
  const invalid = list.filter((host) => !/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/.test(host));
  if (invalid.length > 0) {
    throw new Error(
      `packageImageHosts must be comma-separated host names (no scheme, path or wildcard): ${invalid.join(", ")}`,
    );
  }
  return list;
}

function domainPair(context: Lookup, nameKey: string, certificateKey: string): CustomDomain | undefined {
  const domainName = stringContext(context, nameKey);
  const certificateArn = stringContext(context, certificateKey);
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn)
    throw new Error(`${nameKey} and ${certificateKey} go together: set both or neither`);
  return { domainName, certificateArn };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function stringContext(context: Lookup, key: string): string | undefined {
  const value = context(key);
  if (value === undefined || value === null || value === "") return undefined;
  return String(value);
}

/** `-c key=50` arrives as a string, cdk.json or a test may give a number. */
function positiveNumber(context: Lookup, key: string, fallback: number, minimum = 1): number {
  const value = context(key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum) {
    throw new Error(`${key} must be a whole number of at least ${minimum}, got ${String(value)}`);
  }
  return parsed;
}

/** A context value by name: the value given directly, else the one in the stage's block. */
type Lookup = (key: string) => unknown;

function readStage(node: Node): Stage {
  const value: unknown = node.tryGetContext("stage") ?? "dev";
  const stage = STAGES.find((s) => s === value);
  if (!stage) throw new Error(`stage must be one of ${STAGES.join(", ")}; got ${String(value)}`);
  return stage;
}

function stageContext(node: Node, stage: Stage): Lookup {
  const blocks: unknown = node.tryGetContext("stages") ?? {};
  if (typeof blocks !== "object" || blocks === null || Array.isArray(blocks)) {
    throw new Error('the stages context value must be an object of per-stage blocks, e.g. { "prod": { … } }');
  }
  const block: unknown = (blocks as Record<string, unknown>)[stage] ?? {};
  if (typeof block !== "object" || block === null || Array.isArray(block)) {
    throw new Error(`stages.${stage} must be an object of context values`);
  }
  return (key) => node.tryGetContext(key) ?? (block as Record<string, unknown>)[key];
}

function accountContext(context: Lookup): string | undefined {
  const account = stringContext(context, "account");
  if (account !== undefined && !/^\d{12}$/.test(account)) {
    throw new Error(`account must be a 12-digit AWS account id, got ${account}`);
  }
  return account;
}

/** Shortcodes are numbers Safaricom issues; a typo caught here is one Daraja would refuse at the first payment. */
function digitsContext(context: Lookup, key: string): string | undefined {
  const value = stringContext(context, key);
  if (value !== undefined && !/^\d+$/.test(value)) throw new Error(`${key} must be digits only, got ${value}`);
  return value;
}

function emailContext(context: Lookup, key: string): string | undefined {
  const value = stringContext(context, key);
  if (value !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) {
    throw new Error(`${key} must be an e-mail address, got ${value}`);
  }
  return value;
}

/** An alphanumeric sender ID as the networks register them: at most 11 letters, digits or spaces. */
function senderIdContext(context: Lookup, key: string): string | undefined {
  const value = stringContext(context, key);
  if (value !== undefined && !/^[A-Za-z0-9][A-Za-z0-9 ]{0,10}$/.test(value)) {
    throw new Error(`${key} must be at most 11 letters, digits or spaces, got ${value}`);
  }
  return value;
}

/** An origin (`https://host[:port]`), as the links in emails start; a path or trailing slash is refused. */
function originContext(context: Lookup, key: string): string | undefined {
  const value = stringContext(context, key);
  if (value === undefined) return undefined;
  let origin: string | undefined;
  try {
    origin = new URL(value).origin;
  } catch {
    origin = undefined;
  }
  if (origin !== value) throw new Error(`${key} must be an origin such as https://app.example.co.ke, got ${value}`);
  return value;
}

/** `-c key=false` arrives as a string, cdk.json or a test may give a boolean. */
function booleanContext(context: Lookup, key: string, fallback: boolean): boolean {
  const value = context(key);
  if (value === undefined) return fallback;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw new Error(`${key} must be true or false, got ${String(value)}`);
}

function logLevelContext(context: Lookup): DeploySettings["logLevel"] {
  const value = (stringContext(context, "logLevel") ?? "INFO").toUpperCase();
  const level = LOG_LEVELS.find((l) => l === value);
  if (!level) throw new Error(`logLevel must be one of ${LOG_LEVELS.join(", ")}; got ${value}`);
  return level;
}

/** CloudWatch Logs keeps a group only for one of its fixed periods (1, 3, 5, 7, 14, 30, 60, 90, … days). */
function retentionContext(context: Lookup, fallback: number): RetentionDays {
  const days = positiveNumber(context, "logRetentionDays", fallback);
  const allowed = Object.values(RetentionDays).filter((v): v is number => typeof v === "number");
  const retention = allowed.find((v) => v === days);
  if (retention === undefined) {
    throw new Error(`logRetentionDays must be one of CloudWatch's periods (${allowed.join(", ")}); got ${days}`);
  }
  return retention;
}

/** A whole number of executions to reserve, or `none` to leave the function in the shared pool. */
function concurrencyContext(context: Lookup, key: string, fallback: number | undefined): number | undefined {
  if (context(key) === "none") return undefined;
  return context(key) === undefined ? fallback : positiveNumber(context, key, 1);
}
