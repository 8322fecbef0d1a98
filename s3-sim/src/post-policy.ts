import { accessDenied, S3Error, signatureDoesNotMatch } from "./errors.js";
import { ALGORITHM, parseAmzDate, resolveScope, sameSignature, sign, type Verifier } from "./sigv4.js";

/**
 * A browser form upload (POST Object) checked as S3 checks it: the form's SigV4 fields, the signature over the base64
 * policy, the policy's expiration, each of its conditions against the form's fields (names compared without case),
 * and no form field that no condition covers. The file's size against `content-length-range` is checked once it has
 * arrived (`checkSize`).
 */
export type Condition =
  | { kind: "eq" | "starts-with"; field: string; value: string; text: string }
  | { kind: "content-length-range"; min: number; max: number; text: string };

export interface CheckedPolicy {
  /** The size range the file must fall in, when the policy has one. */
  sizeRange?: { min: number; max: number };
}

/** Fields S3 does not ask a condition for. */
const EXEMPT = new Set(["x-amz-signature", "file", "policy"]);

const invalidPolicy = (message: string) => new S3Error(400, "InvalidPolicyDocument", `Invalid Policy: ${message}`);

const missingField = (name: string) =>
  new S3Error(
    400,
    "InvalidArgument",
    `Bucket POST must contain a field named '${name}'.  If it is specified, please check the order of the fields.`,
    {
      ArgumentName: name,
      ArgumentValue: "",
    },
  );

/**
 * `fields`: the form's fields before the file, by lower-case name. `bucket`: the bucket of the URL, which the
 * `bucket` condition is checked against.
 */
export function checkPostPolicy(verifier: Verifier, bucket: string, fields: Map<string, string>): CheckedPolicy {
  if (!fields.has("key")) throw missingField("key");
  const policy = fields.get("policy");
  const signature = fields.get("x-amz-signature");
  // The documents' buckets are private: a form without a policy and signature is an anonymous write.
  if (policy === undefined && signature === undefined) throw accessDenied();
  for (const name of ["policy", "x-amz-algorithm", "x-amz-credential", "x-amz-date", "x-amz-signature"]) {
    if (!fields.get(name)) throw missingField(name);
  }
  if (fields.get("x-amz-algorithm") !== ALGORITHM) {
    throw new S3Error(400, "InvalidArgument", "POST form algorithm must be AWS4-HMAC-SHA256", {
      ArgumentName: "x-amz-algorithm",
      ArgumentValue: fields.get("x-amz-algorithm") ?? "",
    });
  }
  const amzDate = fields.get("x-amz-date") as string;
  if (!parseAmzDate(amzDate)) {
    throw new S3Error(
      400,
      "InvalidArgument",
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"",
      {
        ArgumentName: "x-amz-date",
        ArgumentValue: amzDate,
      },
    );
  }
  const { scope, secret } = resolveScope(
    verifier,
    fields.get("x-amz-credential") as string,
    amzDate,
    "InvalidArgument",
  );
  if (!sameSignature(sign(secret, scope, policy as string), signature as string)) {
    throw signatureDoesNotMatch({ AWSAccessKeyId: scope.accessKeyId, StringToSign: policy as string });
  }

  const document = parsePolicy(policy as string);
  if (verifier.now().valueOf() > document.expiration.valueOf()) {
    throw accessDenied("Invalid according to Policy: Policy expired.");
  }
  const covered = new Set<string>();
  let sizeRange: CheckedPolicy["sizeRange"];
  for (const condition of document.conditions) {
    if (condition.kind === "content-length-range") {
      sizeRange = { min: condition.min, max: condition.max };
      continue;
    }
    covered.add(condition.field);
    const actual = condition.field === "bucket" ? bucket : (fields.get(condition.field) ?? "");
    if (!holds(condition, actual)) {
      throw accessDenied(`Invalid according to Policy: Policy Condition failed: ${condition.text}`);
    }
  }
  const extra = [...fields.keys()].filter(
    (name) => !EXEMPT.has(name) && !name.startsWith("x-ignore-") && !covered.has(name),
  );
  if (extra.length > 0) throw accessDenied(`Invalid according to Policy: Extra input fields: ${extra.join(", ")}`);
  return sizeRange ? { sizeRange } : {};
}

function holds(condition: Extract<Condition, { kind: "eq" | "starts-with" }>, actual: string): boolean {
  if (condition.kind === "eq") return actual === condition.value;
  // A Content-Type may list several types: each must start with the prefix.
  if (condition.field === "content-type") {
    return actual.split(",").every((part) => part.trim().startsWith(condition.value));
  }
  return actual.startsWith(condition.value);
}

/** The file's size against the policy's `content-length-range`, with S3's errors. */
export function checkSize(policy: CheckedPolicy, size: number): void {
  const range = policy.sizeRange;
  if (!range) return;
  if (size > range.max) {
    throw new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size", {
      ProposedSize: size,
      MaxSizeAllowed: range.max,
    });
  }
  if (size < range.min) {
    throw new S3Error(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size", {
      ProposedSize: size,
      MinSizeAllowed: range.min,
    });
  }
}

function parsePolicy(base64: string): { expiration: Date; conditions: Condition[] } {
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(base64, "base64").toString("utf8"));
  } catch {
    throw invalidPolicy("Invalid JSON.");
  }
  if (typeof document !== "object" || document === null) throw invalidPolicy("Invalid JSON.");
  const { expiration, conditions } = document as { expiration?: unknown; conditions?: unknown };
  if (expiration === undefined) throw invalidPolicy("Policy missing expiration.");
  const expires = typeof expiration === "string" ? new Date(expiration) : new Date(Number.NaN);
  if (Number.isNaN(expires.valueOf())) throw invalidPolicy(`Invalid 'expiration' value: '${String(expiration)}'`);
  if (conditions === undefined) throw invalidPolicy("Policy missing conditions.");
  if (!Array.isArray(conditions)) throw invalidPolicy("Policy conditions must be a list.");
  return { expiration: expires, conditions: conditions.map(parseCondition) };
}

function parseCondition(raw: unknown): Condition {
  const text = Array.isArray(raw) ? `[${raw.map((part) => JSON.stringify(part)).join(", ")}]` : JSON.stringify(raw);
  if (Array.isArray(raw)) {
    const [operator, first, second] = raw as unknown[];
    const op = typeof operator === "string" ? operator.toLowerCase() : "";
    if (op === "content-length-range" && raw.length === 3) {
      const min = Number(first);
      const max = Number(second);
      if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) {
        throw invalidPolicy(`Invalid content-length-range: ${text}`);
      }
      return { kind: "content-length-range", min, max, text };
    }
    if ((op === "eq" || op === "starts-with") && raw.length === 3) {
      if (typeof first !== "string" || !first.startsWith("$") || typeof second !== "string") {
        throw invalidPolicy(`Invalid Condition: ${text}`);
      }
      return { kind: op, field: first.slice(1).toLowerCase(), value: second, text };
    }
    throw invalidPolicy(`Invalid Condition: ${text}`);
  }
  if (typeof raw === "object" && raw !== null) {
    const entries = Object.entries(raw);
    const [entry] = entries;
    if (entries.length === 1 && entry && typeof entry[1] === "string") {
      return {
        kind: "eq",
        field: entry[0].toLowerCase(),
        value: entry[1],
        text: `["eq", "$${entry[0]}", ${JSON.stringify(entry[1])}]`,
      };
    }
  }
  throw invalidPolicy(`Invalid Simple-Condition: ${JSON.stringify(raw)}`);
}
