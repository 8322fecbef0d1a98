/**
 * The session signing keys as the JWT secret holds them (design.md §12.2; docs/runbook.md, "Rotating the session
 * signing key"). Apart from the identity module, which signs and checks with them, because configuration reads them.
 */

/** One HS256 key and the id (`kid`) tokens signed with it name in their header. */
export interface SigningKey {
  kid: string;
  key: Uint8Array;
}

/**
 * The keys sessions are signed with: `current` signs, and `previous` (during a rotation) is still accepted, so tokens
 * signed before the rotation work until they expire (docs/runbook.md, "Rotating the session signing key").
 */
export interface SigningKeys {
  current: SigningKey;
  previous?: SigningKey;
}

/**
 * Reads the keys; `refresh` asks for a fresh read (a token names a key not known here: a rotation may have begun),
 * which the reader may answer from its copy when it read one very recently.
 */
export type SigningKeyReader = (options?: { refresh?: boolean }) => Promise<SigningKeys>;

/** The `kid` of a key given as a plain string (the secret's first form, before keys had ids). */
export const INITIAL_KID = "initial";

/** What a `kid` may look like: short, and safe in a header and a log line. */
export const KID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** A key in the secret must be at least this long (256 bits as text). */
export const MIN_KEY_LENGTH = 32;

/**
 * The keys from the secret's text: either JSON, `{"current":{"kid":"…","key":"…"},"previous":{"kid":"…","key":"…"}}`
 * (`previous` optional), or a plain string, the one key, whose `kid` is INITIAL_KID. Throws on anything else.
 */
export function signingKeysOf(secret: string): SigningKeys {
  const encode = (text: string) => new TextEncoder().encode(text);
  if (!secret.trimStart().startsWith("{")) {
    if (secret.length < MIN_KEY_LENGTH) throw new Error("the JWT secret must be at least 32 characters");
    return { current: { kid: INITIAL_KID, key: encode(secret) } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    throw new Error("the JWT secret starts with { but is not valid JSON");
  }
  const keyOf = (value: unknown, name: string): SigningKey => {
    const { kid, key } = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
    if (typeof kid !== "string" || !KID_PATTERN.test(kid)) {
      throw new Error(`the JWT secret's ${name}.kid must be 1 to 64 letters, digits, '.', '_' or '-'`);
    }
    if (typeof key !== "string" || key.length < MIN_KEY_LENGTH) {
      throw new Error(`the JWT secret's ${name}.key must be at least 32 characters`);
    }
    return { kid, key: encode(key) };
  };
  const { current, previous } = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  const keys: SigningKeys = { current: keyOf(current, "current") };
  if (previous === undefined) return keys;
  keys.previous = keyOf(previous, "previous");
  if (keys.previous.kid === keys.current.kid) throw new Error("the JWT secret's two keys must have different kids");
  return keys;
}
