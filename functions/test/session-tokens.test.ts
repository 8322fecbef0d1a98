import { jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { INITIAL_KID, type SigningKeyReader, type SigningKeys, signingKeysOf } from "../src/kernel/signing-keys.js";
import { createJwtIssuer } from "../src/modules/identity/tokens.js";

/**
 * Session tokens are made and checked with Node's crypto (src/lib/tokens.ts). A second, independent JWT
 * implementation (jose, a test-only dependency here) signs and verifies beside it, so the tokens are standard HS256
 * JWTs and every way of forging one is refused.
 */
const key = new TextEncoder().encode("k".repeat(64));
const otherKey = new TextEncoder().encode("o".repeat(64));
const issuer = createJwtIssuer(async () => ({ current: { kid: "k1", key } }), 3600);
const claims = { userId: "01JENGAFUNDINVESTOR0000000", role: "investor", tokenVersion: 3 } as const;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const validPayload = () => ({
  sub: claims.userId,
  role: "admin",
  ver: 1,
  sid: "a-session-id",
  iss: "jengafund",
  aud: "jengafund-web",
  exp: Math.floor(Date.now() / 1000) + 600,
});

function forge(options: { alg?: string; signWith?: Uint8Array; exp?: string; issuer?: string; audience?: string }) {
  return new SignJWT({ role: "admin", ver: 1, sid: "a-session-id" })
    .setProtectedHeader({ alg: options.alg ?? "HS256" })
    .setSubject(claims.userId)
    .setIssuer(options.issuer ?? "jengafund")
    .setAudience(options.audience ?? "jengafund-web")
    .setIssuedAt()
    .setExpirationTime(options.exp ?? "1h")
    .sign(options.signWith ?? key);
}

/** Re-signs a header and payload of our choosing with the right key: only the header's or the claims' content is wrong. */
async function signedWithRightKey(header: object, payload: object): Promise<string> {
  const { createHmac } = await import("node:crypto");
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
}

describe("session tokens", () => {
  it("issues a standard HS256 JWT that another implementation verifies, and reads its claims back", async () => {
    const { token, sessionId, expiresAtEpochSeconds } = await issuer.issue(claims);
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: "jengafund",
      audience: "jengafund-web",
    });
    expect(protectedHeader).toEqual({ alg: "HS256", typ: "JWT", kid: "k1" });
    expect(payload).toMatchObject({ sub: claims.userId, role: "investor", ver: 3, sid: sessionId });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(payload.exp).toBe(expiresAtEpochSeconds);
    expect(await issuer.verify(token)).toEqual({ ...claims, sessionId });
  });

  it("gives every session an id of its own: 16 random bytes, base64url", async () => {
    const ids = new Set(
      await Promise.all(Array.from({ length: 50 }, async () => (await issuer.issue(claims)).sessionId)),
    );
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("verifies a token another implementation signed with the key", async () => {
    expect(await issuer.verify(await forge({}))).toEqual({
      userId: claims.userId,
      role: "admin",
      tokenVersion: 1,
      sessionId: "a-session-id",
    });
  });

  it.each([
    ["another key", () => forge({ signWith: otherKey })],
    ["HS512 with the right key", () => forge({ alg: "HS512" })],
    ["an expired token", () => forge({ exp: "-1m" })],
    ["another issuer", () => forge({ issuer: "someone-else" })],
    ["another audience", () => forge({ audience: "another-app" })],
    ["alg none without a signature", async () => `${b64({ alg: "none", typ: "JWT" })}.${b64(validPayload())}.`],
    [
      "a header that asks for an extension",
      () => signedWithRightKey({ alg: "HS256", crit: ["b64"], b64: false }, validPayload()),
    ],
    [
      "a token valid only from tomorrow",
      () => signedWithRightKey({ alg: "HS256" }, { ...validPayload(), nbf: 9_999_999_999 }),
    ],
    ["no expiry", () => signedWithRightKey({ alg: "HS256" }, { ...validPayload(), exp: undefined })],
    ["an unknown role", () => signedWithRightKey({ alg: "HS256" }, { ...validPayload(), role: "superuser" })],
    [
      "no session id (a token from before sessions ended on the server)",
      () => signedWithRightKey({ alg: "HS256" }, { ...validPayload(), sid: undefined }),
    ],
    ["an empty session id", () => signedWithRightKey({ alg: "HS256" }, { ...validPayload(), sid: "" })],
    ["a payload that is not an object", () => signedWithRightKey({ alg: "HS256" }, ["admin"])],
    ["two segments", async () => "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0"],
    ["garbage", async () => "not.a.token"],
  ])("refuses %s", async (_, make) => {
    expect(await issuer.verify(await make())).toBeNull();
  });

  it("refuses a token whose payload was changed after signing, and one whose signature is written another way", async () => {
    const { token } = await issuer.issue(claims);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const elevated = b64({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), role: "admin" });
    expect(await issuer.verify(`${header}.${elevated}.${signature}`)).toBeNull();
    // The last of 43 base64url characters carries 4 bits: another character with the same 4 bits decodes to the same
    // bytes, but is not the signature as written.
    const last = signature.at(-1) ?? "A";
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 1] ?? "A";
    const variant = `${signature.slice(0, -1)}${sameBytes}`;
    expect(Buffer.from(variant, "base64url")).toEqual(Buffer.from(signature, "base64url"));
    expect(await issuer.verify(`${header}.${payload}.${variant}`)).toBeNull();
  });
});

describe("session signing keys and their rotation", () => {
  const oldKey = { kid: "2026-06", key: new TextEncoder().encode("a".repeat(64)) };
  const newKey = { kid: "2026-12", key: new TextEncoder().encode("b".repeat(64)) };

  /** A reader whose secret the test replaces, as an operator's put-secret-value does; it notes each fresh read. */
  function rotatable(initial: SigningKeys) {
    let secret = initial;
    let copy = initial;
    const refreshes: number[] = [];
    const read: SigningKeyReader = async (options) => {
      if (options?.refresh) {
        refreshes.push(Date.now());
        copy = secret;
      }
      return copy;
    };
    return { read, put: (keys: SigningKeys) => (secret = keys), refreshes };
  }

  const headerOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString());

  it("signs with the current key and names it; a token of the previous key works until that key is dropped", async () => {
    const before = createJwtIssuer(async () => ({ current: oldKey }), 3600);
    const { token: oldToken } = await before.issue(claims);
    expect(headerOf(oldToken).kid).toBe("2026-06");

    const during = createJwtIssuer(async () => ({ current: newKey, previous: oldKey }), 3600);
    const { token: newToken, sessionId } = await during.issue(claims);
    expect(headerOf(newToken).kid).toBe("2026-12");
    expect(await during.verify(oldToken)).toMatchObject({ userId: claims.userId });
    expect(await during.verify(newToken)).toEqual({ ...claims, sessionId });

    const after = createJwtIssuer(async () => ({ current: newKey }), 3600);
    expect(await after.verify(newToken)).toEqual({ ...claims, sessionId });
    expect(await after.verify(oldToken)).toBeNull();
  });

  it("checks a token with the key it names only: the other live key's signature under that name is refused", async () => {
    const during = createJwtIssuer(async () => ({ current: newKey, previous: oldKey }), 3600);
    const { token } = await during.issue(claims);
    const [, payload] = token.split(".") as [string, string, string];
    const header = b64({ alg: "HS256", typ: "JWT", kid: oldKey.kid });
    const { createHmac } = await import("node:crypto");
    const signedWithNew = createHmac("sha256", newKey.key).update(`${header}.${payload}`).digest("base64url");
    expect(await during.verify(`${header}.${payload}.${signedWithNew}`)).toBeNull();
  });

  it("reads the keys again when a token names one not known here, and accepts it once the new read has it", async () => {
    const secret = rotatable({ current: oldKey });
    const stale = createJwtIssuer(secret.read, 3600);
    // Another container already signs with the new key.
    const { token } = await createJwtIssuer(async () => ({ current: newKey, previous: oldKey }), 3600).issue(claims);
    expect(await stale.verify(token)).toBeNull();
    expect(secret.refreshes).toHaveLength(1);
    secret.put({ current: newKey, previous: oldKey });
    expect(await stale.verify(token)).toMatchObject({ userId: claims.userId });
    expect(secret.refreshes).toHaveLength(2);
    // A known kid asks for no fresh read.
    await stale.verify(token);
    expect(secret.refreshes).toHaveLength(2);
  });

  it("accepts a token from before keys had ids (no kid) if a live key signed it, and refuses a kid of another shape", async () => {
    const { current } = signingKeysOf("k".repeat(64));
    const during = createJwtIssuer(async () => ({ current: newKey, previous: current }), 3600);
    expect(await during.verify(await forge({}))).toMatchObject({ userId: claims.userId });
    expect(await during.verify(await forge({ signWith: otherKey }))).toBeNull();
    const odd = await signedWithRightKey({ alg: "HS256", kid: "../../etc/passwd" }, validPayload());
    expect(await createJwtIssuer(async () => ({ current }), 3600).verify(odd)).toBeNull();
  });

  it("reads the secret as JSON with a current and an optional previous key, or as one plain key", () => {
    expect(signingKeysOf("p".repeat(32)).current.kid).toBe(INITIAL_KID);
    const both = signingKeysOf(
      JSON.stringify({ current: { kid: "b", key: "b".repeat(40) }, previous: { kid: "a", key: "a".repeat(40) } }),
    );
    expect([both.current.kid, both.previous?.kid]).toEqual(["b", "a"]);
    expect(Buffer.from(both.current.key).toString()).toBe("b".repeat(40));
    for (const [secret, problem] of [
      ["short", "at least 32 characters"],
      ["{not json", "not valid JSON"],
      [JSON.stringify({ current: { kid: "b", key: "short" } }), "current.key must be at least 32"],
      [JSON.stringify({ current: { kid: "", key: "b".repeat(40) } }), "current.kid must be"],
      [
        JSON.stringify({ current: { kid: "b", key: "b".repeat(40) }, previous: { kid: "b", key: "a".repeat(40) } }),
        "different kids",
      ],
    ] as const) {
      expect(() => signingKeysOf(secret), secret).toThrow(problem);
    }
  });
});
