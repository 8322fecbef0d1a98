import { isIPv4 } from "node:net";
import { Token } from "aws-cdk-lib";
import type { Node } from "constructs";

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
  readonly region: string;
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
}

/**
 * Reads and checks the context. `region` is explicit because the web ACL lives in us-east-1 and CloudFront needs a
 * cross-region reference to it, which CDK builds only between stacks with concrete regions; the account may stay
 * unresolved, so `npm run synth` still works offline without credentials.
 */
export function readDeploySettings(node: Node, defaultRegion: string | undefined): DeploySettings {
  const siteDomain = domainPair(node, "domainName", "certificateArn");
  if (siteDomain && !Token.isUnresolved(siteDomain.certificateArn)) {
    if (!siteDomain.certificateArn.includes(`:acm:${EDGE_REGION}:`)) {
      throw new Error(`certificateArn must be an ACM certificate in ${EDGE_REGION}: CloudFront reads no other region`);
    }
  }
  const region = stringContext(node, "region") ?? defaultRegion ?? DEFAULT_REGION;
  const apiDomain = domainPair(node, "apiDomainName", "apiCertificateArn");
  if (apiDomain && !Token.isUnresolved(apiDomain.certificateArn)) {
    if (!apiDomain.certificateArn.includes(`:acm:${region}:`)) {
      throw new Error(`apiCertificateArn must be an ACM certificate in ${region}, the API's region`);
    }
  }
  const callbackBase =
    stringContext(node, "mpesaCallbackBaseUrl") ?? (siteDomain ? `https://${siteDomain.domainName}/api` : undefined);
  if (callbackBase && apiDomain && hostOf(callbackBase) === apiDomain.domainName.toLowerCase()) {
    throw new Error(
      "mpesaCallbackBaseUrl must be the site's address (CloudFront), not apiDomainName: a callback that skips " +
        "CloudFront carries no origin secret and is refused",
    );
  }

  return {
    region,
    mpesaCallbackIps: callbackIps(node),
    siteDomain,
    apiDomain,
    mpesaCallbackBaseUrl: callbackBase,
    apiThrottle: {
      rateLimit: positiveNumber(node, "apiRateLimit", 100),
      burstLimit: positiveNumber(node, "apiBurstLimit", 200),
    },
    apiSensitiveThrottle: {
      rateLimit: positiveNumber(node, "apiSensitiveRateLimit", 10),
      burstLimit: positiveNumber(node, "apiSensitiveBurstLimit", 20),
    },
    // Kenyan mobile networks put many subscribers behind one carrier-grade NAT address, so per-IP limits at the edge
    // are flood guards set well above one person's use; the functions hold the exact per-account and per-phone limits.
    // WAF accepts 10 or more.
    wafAuthRateLimit: positiveNumber(node, "wafAuthRateLimit", 300, 10),
    wafDepositRateLimit: positiveNumber(node, "wafDepositRateLimit", 60, 10),
    originSecretVersionId: stringContext(node, "originSecretVersionId"),
  };
}

/** `/32` per address: the form a WAF IP set takes. */
export function toCidrs(ips: readonly string[]): string[] {
  return ips.map((ip) => `${ip}/32`);
}

function callbackIps(node: Node): string[] {
  const configured: unknown = node.tryGetContext("mpesaCallbackIps");
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

function domainPair(node: Node, nameKey: string, certificateKey: string): CustomDomain | undefined {
  const domainName = stringContext(node, nameKey);
  const certificateArn = stringContext(node, certificateKey);
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

function stringContext(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === "") return undefined;
  return String(value);
}

/** `-c key=50` arrives as a string, cdk.json or a test may give a number. */
function positiveNumber(node: Node, key: string, fallback: number, minimum = 1): number {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum) {
    throw new Error(`${key} must be a whole number of at least ${minimum}, got ${String(value)}`);
  }
  return parsed;
}
