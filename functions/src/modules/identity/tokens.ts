import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Role } from "@jengafund/shared";
import { KID_PATTERN, type SigningKeyReader, type SigningKeys } from "../../kernel/signing-keys.js";

export interface TokenClaims {
  userId: string;
  role: Role;
  tokenVersion: number;
  /**
   * The session's id (`sid`): the user item keeps a map of the live ones, so a session can end on the server (logout,
   * logout-all, a password reset, 2FA turned on or off) before its token expires (design.md §12.2).
   */
  sessionId: string;
  /**
   * When an authenticator code was last entered for this session (epoch seconds): at a login with a code, or a step-up
   * (design.md §12.1). Absent when the session began with a password alone. Its own claim, `sfa`, rather than OIDC's
   * `auth_time`, which a password-only login would have to carry too.
   */
  secondFactorAt?: number;
}

/** A new session's token, with its id and end as the user item's session map keeps them. */
export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAtEpochSeconds: number;
}

export interface TokenIssuer {
  /** A new session: a fresh random id and the full lifetime. */
  issue(claims: Omit<TokenClaims, "sessionId">): Promise<IssuedSession>;
  /** Returns the claims of a valid token, or null for anything else (bad signature, expired, other algorithm). */
  verify(token: string): Promise<TokenClaims | null>;
  /**
   * The same session with a code entered at `secondFactorAt` recorded in it: subject, role, version, session id and
   * expiry as they were, so a step-up never lengthens a session. Null for a token `verify` refuses.
   */
  withSecondFactor(token: string, secondFactorAt: number): Promise<string | null>;
}

const ISSUER = "jengafund";
const AUDIENCE = "jengafund-web";
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * Session tokens are JWTs signed with HMAC-SHA256 (RFC 7519), made and checked with Node's own crypto: every
 * authenticated handler verifies one per request, and a JWT library was the largest part of their bundles after the
 * SDK. HS256 only: a token whose header names any other algorithm (`none`, HS512, RS256) or asks for extensions
 * (`crit`) is refused before its signature is looked at, and the signature is compared in constant time.
 *
 * Each token names its key in the header (`kid`) and is checked with that key only; a `kid` not known here has the
 * keys read again (a rotation may have begun elsewhere) before it is refused. A token without a `kid` (signed before
 * keys had ids) is checked against each live key.
 */
export function createJwtIssuer(readKeys: SigningKeyReader, ttlSeconds: number): TokenIssuer {
  async function signed(payload: Record<string, unknown>): Promise<string> {
    const { current } = await readKeys();
    const signingInput = `${encodeSegment({ alg: "HS256", typ: "JWT", kid: current.kid })}.${encodeSegment(payload)}`;
    return `${signingInput}.${sign(signingInput, current.key).toString("base64url")}`;
  }

  /** The keys a token may have been signed with, by its header's `kid`: none when it names one we do not have. */
  async function keysFor(token: string): Promise<Uint8Array[]> {
    const header = decodeSegment(token.split(".")[0] ?? "");
    const kid = header?.kid;
    if (kid !== undefined && (typeof kid !== "string" || !KID_PATTERN.test(kid))) return [];
    const live = (keys: SigningKeys) => [keys.current, ...(keys.previous ? [keys.previous] : [])];
    if (kid === undefined) return live(await readKeys()).map(({ key }) => key);
    const named = live(await readKeys()).find((key) => key.kid === kid);
    if (named) return [named.key];
    const fresh = live(await readKeys({ refresh: true })).find((key) => key.kid === kid);
    return fresh ? [fresh.key] : [];
  }

  async function verified(token: string): Promise<Record<string, unknown> | null> {
    for (const key of await keysFor(token)) {
      const claims = readVerified(token, key);
      if (claims !== null) return claims;
    }
    return null;
  }

  /** The session's claims from a verified payload, or null when one of them is missing or of another type. */
  function sessionOf(claims: Record<string, unknown>): TokenClaims | null {
    const { sub, role, ver, sid, sfa } = claims;
    if (
      typeof sub !== "string" ||
      (role !== "admin" && role !== "investor") ||
      typeof ver !== "number" ||
      typeof sid !== "string" ||
      sid === ""
    ) {
      return null;
    }
    return {
      userId: sub,
      role,
      tokenVersion: ver,
      sessionId: sid,
      ...(typeof sfa === "number" ? { secondFactorAt: sfa } : {}),
    };
  }

  function payloadOf(
    { userId, role, tokenVersion, sessionId, secondFactorAt }: TokenClaims,
    now: number,
    expiresAt: number,
  ) {
    return {
      role,
      ver: tokenVersion,
      sid: sessionId,
      ...(secondFactorAt === undefined ? {} : { sfa: secondFactorAt }),
      sub: userId,
      iss: ISSUER,
      aud: AUDIENCE,
      iat: now,
      exp: expiresAt,
    };
  }

  return {
    async issue(claims) {
      const now = Math.floor(Date.now() / 1000);
      const session = { sessionId: newSessionId(), expiresAtEpochSeconds: now + ttlSeconds };
      const token = await signed(
        payloadOf({ ...claims, sessionId: session.sessionId }, now, session.expiresAtEpochSeconds),
      );
      return { token, ...session };
    },
    async verify(token) {
      const claims = await verified(token);
      return claims === null ? null : sessionOf(claims);
    },
    async withSecondFactor(token, secondFactorAt) {
      const claims = await verified(token);
      const session = claims === null ? null : sessionOf(claims);
      // readVerified has checked `exp`; read again here for its type.
      if (session === null || typeof claims?.exp !== "number") return null;
      return signed(payloadOf({ ...session, secondFactorAt }, Math.floor(Date.now() / 1000), claims.exp));
    },
  };
}

/** 16 random bytes: a session id nobody can guess, short enough to be a key of the user item's session map. */
function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}

/** The payload of a token signed with this key, issued by us for the web app and in its validity window. */
function readVerified(token: string, key: Uint8Array): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return null;
  const protectedHeader = decodeSegment(header);
  if (protectedHeader?.alg !== "HS256" || "crit" in protectedHeader) return null;
  // Compared as text, so only the one canonical encoding of the signature is accepted.
  const given = Buffer.from(signature);
  const expected = Buffer.from(sign(`${header}.${payload}`, key).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = decodeSegment(payload);
  if (claims === null) return null;
  const now = Math.floor(Date.now() / 1000);
  const { iss, aud, exp, nbf } = claims;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (iss !== ISSUER || !audiences.includes(AUDIENCE)) return null;
  if (typeof exp !== "number" || exp <= now) return null;
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > now)) return null;
  return claims;
}

function sign(signingInput: string, key: Uint8Array): Buffer {
  return createHmac("sha256", key).update(signingInput).digest();
}

function encodeSegment(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** A segment's JSON object, or null when it is not one. */
function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
