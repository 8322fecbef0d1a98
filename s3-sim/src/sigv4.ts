import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { accessDenied, S3Error, signatureDoesNotMatch } from "./errors.js";

/**
 * Signature Version 4 as S3 checks it: the signing key is an HMAC chain from the secret over the scope's date, region
 * and service; a request is signed over its canonical form (header auth, presigned URL) and a browser form over its
 * base64 policy (POST). Every signature is recomputed here with the configured secret and compared.
 */
export const ALGORITHM = "AWS4-HMAC-SHA256";
/** How far a header-signed request's time may be from ours (S3: 15 minutes). */
const MAX_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may live (7 days). */
const MAX_EXPIRES_SECONDS = 604_800;

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Scope {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

export const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

export function signingKey(secret: string, scope: Pick<Scope, "date" | "region" | "service">): Buffer {
  const dateKey = hmac(`AWS4${secret}`, scope.date);
  return hmac(hmac(hmac(dateKey, scope.region), scope.service), "aws4_request");
}

export function sign(secret: string, scope: Scope, stringToSign: string): string {
  return createHmac("sha256", signingKey(secret, scope)).update(stringToSign, "utf8").digest("hex");
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, `/` kept when asked. */
export function uriEncode(text: string, keepSlash = false): string {
  const encoded = encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

/** `YYYYMMDDTHHMMSSZ` → a Date, or undefined when it is not that shape. */
export function parseAmzDate(text: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? "");
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
  return Number.isNaN(date.valueOf()) ? undefined : date;
}

export interface Verifier {
  region: string;
  credentials: Credentials[];
  now: () => Date;
}

/**
 * `AKID/20250101/af-south-1/s3/aws4_request` checked against the request's date, our region and S3; the secret of a
 * known key. `malformed` is the code S3 answers a malformed scope with (header or query auth).
 */
export function resolveScope(
  verifier: Verifier,
  credential: string,
  amzDate: string,
  malformed: string,
): { scope: Scope; secret: string } {
  const parts = credential.split("/");
  if (parts.length !== 5 || parts[4] !== "aws4_request") {
    throw new S3Error(400, malformed, `The credential '${credential}' is not well-formed.`);
  }
  const [accessKeyId, date, region, service] = parts as [string, string, string, string];
  const known = verifier.credentials.find((candidate) => candidate.accessKeyId === accessKeyId);
  if (!known) {
    throw new S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.", {
      AWSAccessKeyId: accessKeyId,
    });
  }
  if (date !== amzDate.slice(0, 8)) {
    throw new S3Error(400, malformed, `Invalid credential date "${date}". This date is not the same as X-Amz-Date.`);
  }
  if (region !== verifier.region) {
    throw new S3Error(
      400,
      malformed,
      `The authorization header is malformed; the region '${region}' is wrong; expecting '${verifier.region}'`,
      { Region: verifier.region },
    );
  }
  if (service !== "s3") throw new S3Error(400, malformed, `The service '${service}' is not s3.`);
  return { scope: { accessKeyId, date, region, service }, secret: known.secretAccessKey };
}

export interface SignedRequest {
  method: string;
  /** The path as sent, still percent-encoded. */
  rawPath: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  /** Header lines as sent (Node's rawHeaders: name, value, name, value…). */
  rawHeaders: string[];
}

/** The decoded query parameters, in order (a name may repeat). */
export function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery.split("&").map((part) => {
    const eq = part.indexOf("=");
    const name = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? "" : part.slice(eq + 1);
    return [decodeQueryPart(name), decodeQueryPart(value)];
  });
}

function decodeQueryPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error(400, "InvalidArgument", "The query string is not well-formed.");
  }
}

function canonicalPath(rawPath: string): string {
  return rawPath
    .split("/")
    .map((segment) => {
      try {
        return uriEncode(decodeURIComponent(segment));
      } catch {
        throw new S3Error(400, "InvalidURI", "Couldn't parse the specified URI.");
      }
    })
    .join("/");
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

function headerValues(rawHeaders: string[]): Map<string, string> {
  const values = new Map<string, string[]>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] as string).toLowerCase();
    const list = values.get(name) ?? [];
    list.push((rawHeaders[i + 1] as string).trim().replace(/\s+/g, " "));
    values.set(name, list);
  }
  return new Map([...values].map(([name, list]) => [name, list.join(",")]));
}

function canonicalRequest(
  request: SignedRequest,
  pairs: [string, string][],
  signedHeaders: string[],
  payloadHash: string,
): string {
  const headers = headerValues(request.rawHeaders);
  const lines = signedHeaders.map((name) => `${name}:${headers.get(name) ?? ""}\n`).join("");
  return [
    request.method,
    canonicalPath(request.rawPath),
    canonicalQuery(pairs),
    lines,
    signedHeaders.join(";"),
    payloadHash,
  ].join("\n");
}

function checkSignature(
  secret: string,
  scope: Scope,
  amzDate: string,
  canonical: string,
  given: string,
  accessKeyId: string,
): void {
  const stringToSign = [
    ALGORITHM,
    amzDate,
    `${scope.date}/${scope.region}/${scope.service}/aws4_request`,
    sha256Hex(canonical),
  ].join("\n");
  if (!sameSignature(sign(secret, scope, stringToSign), given)) {
    throw signatureDoesNotMatch({
      AWSAccessKeyId: accessKeyId,
      StringToSign: stringToSign,
      SignatureProvided: given,
      CanonicalRequest: canonical,
    });
  }
}

export interface Authenticated {
  accessKeyId: string;
  /** What the signer said about the body: a hex SHA-256, `UNSIGNED-PAYLOAD` or a `STREAMING-…` mode. */
  payloadHash: string;
}

/** `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`, verified. */
export function verifyHeaderAuth(verifier: Verifier, request: SignedRequest, authorization: string): Authenticated {
  if (!authorization.startsWith(`${ALGORITHM} `)) {
    throw new S3Error(400, "InvalidArgument", "Unsupported Authorization Type", {
      ArgumentName: "Authorization",
      ArgumentValue: authorization.split(" ")[0] ?? "",
    });
  }
  const parts = new Map(
    authorization
      .slice(ALGORITHM.length + 1)
      .split(",")
      .map((part) => {
        const eq = part.indexOf("=");
        return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
      }),
  );
  const credential = parts.get("Credential");
  const signedHeaders = parts.get("SignedHeaders");
  const signature = parts.get("Signature");
  if (!credential || !signedHeaders || !signature) {
    throw new S3Error(
      400,
      "AuthorizationHeaderMalformed",
      "The authorization header is malformed; it must name Credential, SignedHeaders and Signature.",
    );
  }
  const headers = headerValues(request.rawHeaders);
  const amzDate = headers.get("x-amz-date") ?? "";
  const date = parseAmzDate(amzDate);
  if (!date) throw accessDenied("AWS authentication requires a valid Date or x-amz-date header");
  const payloadHash = headers.get("x-amz-content-sha256");
  if (!payloadHash) {
    throw new S3Error(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
  }
  const { scope, secret } = resolveScope(verifier, credential, amzDate, "AuthorizationHeaderMalformed");
  const signed = signedHeaders.split(";");
  if (!signed.includes("host")) throw accessDenied("The host header must be signed");
  const unsigned = [...headers.keys()].filter((name) => name.startsWith("x-amz-") && !signed.includes(name));
  if (unsigned.length > 0) {
    throw new S3Error(403, "AccessDenied", "There were headers present in the request which were not signed", {
      HeadersNotSigned: unsigned.join(", "),
    });
  }
  const skew = Math.abs(verifier.now().valueOf() - date.valueOf());
  if (skew > MAX_SKEW_MS) {
    throw new S3Error(
      403,
      "RequestTimeTooSkewed",
      "The difference between the request time and the current time is too large.",
      {
        RequestTime: amzDate,
        ServerTime: verifier.now().toISOString(),
        MaxAllowedSkewMilliseconds: MAX_SKEW_MS,
      },
    );
  }
  const canonical = canonicalRequest(request, queryPairs(request.rawQuery), signed, payloadHash);
  checkSignature(secret, scope, amzDate, canonical, signature, scope.accessKeyId);
  return { accessKeyId: scope.accessKeyId, payloadHash };
}

/** A presigned URL's `X-Amz-*` query parameters, verified, and its lifetime checked. */
export function verifyQueryAuth(verifier: Verifier, request: SignedRequest): Authenticated {
  const pairs = queryPairs(request.rawQuery);
  const param = (name: string) => pairs.find(([key]) => key === name)?.[1];
  const malformed = (message: string) => new S3Error(400, "AuthorizationQueryParametersError", message);
  if (param("X-Amz-Algorithm") !== ALGORITHM) {
    throw malformed('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  }
  const credential = param("X-Amz-Credential");
  const amzDate = param("X-Amz-Date") ?? "";
  const expires = param("X-Amz-Expires");
  const signedHeaders = param("X-Amz-SignedHeaders");
  const signature = param("X-Amz-Signature");
  if (!credential || !expires || !signedHeaders || !signature || !amzDate) {
    throw malformed(
      "Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.",
    );
  }
  const date = parseAmzDate(amzDate);
  if (!date) throw malformed("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  const seconds = Number(expires);
  if (!Number.isInteger(seconds) || seconds < 0) throw malformed("X-Amz-Expires should be a number");
  if (seconds > MAX_EXPIRES_SECONDS)
    throw malformed("X-Amz-Expires must be less than a week (in seconds) that is 604800");
  const { scope, secret } = resolveScope(verifier, credential, amzDate, "AuthorizationQueryParametersError");
  const now = verifier.now().valueOf();
  if (date.valueOf() - now > MAX_SKEW_MS) throw accessDenied("Request is not valid yet");
  if (now > date.valueOf() + seconds * 1000) {
    throw new S3Error(403, "AccessDenied", "Request has expired", {
      "X-Amz-Expires": seconds,
      Expires: new Date(date.valueOf() + seconds * 1000).toISOString(),
      ServerTime: new Date(now).toISOString(),
    });
  }
  const signed = signedHeaders.split(";");
  if (!signed.includes("host")) throw accessDenied("The host header must be signed");
  const payloadHash = param("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD";
  const canonical = canonicalRequest(
    request,
    pairs.filter(([name]) => name !== "X-Amz-Signature"),
    signed,
    payloadHash,
  );
  checkSignature(secret, scope, amzDate, canonical, signature, scope.accessKeyId);
  return { accessKeyId: scope.accessKeyId, payloadHash };
}
