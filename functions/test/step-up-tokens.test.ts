import { describe, expect, it } from "vitest";
import { signingKeysOf } from "../src/kernel/signing-keys.js";
import { createJwtIssuer } from "../src/modules/identity/tokens.js";

/**
 * The session's record of a second factor (`sfa`, design.md §12.1): set by a login with a code, renewed by a step-up,
 * which re-signs the same session (same `sid`) and never lengthens it.
 */
const keys = signingKeysOf("k".repeat(64));
const issuer = createJwtIssuer(async () => keys, 3600);
const session = { userId: "01JENGAFUNDADMIN0000000000", role: "admin", tokenVersion: 2 } as const;
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));

describe("the second factor in a session token", () => {
  it("carries the moment of a code as `sfa` and reads it back; a password-only session has none", async () => {
    const withCode = await issuer.issue({ ...session, secondFactorAt: 1_700_000_000 });
    expect(payloadOf(withCode.token).sfa).toBe(1_700_000_000);
    expect(await issuer.verify(withCode.token)).toEqual({
      ...session,
      sessionId: withCode.sessionId,
      secondFactorAt: 1_700_000_000,
    });
    const passwordOnly = await issuer.issue(session);
    expect(payloadOf(passwordOnly.token)).not.toHaveProperty("sfa");
    expect(await issuer.verify(passwordOnly.token)).toEqual({ ...session, sessionId: passwordOnly.sessionId });
  });

  it("re-signs the same session with a new moment: same subject, role, version, session id and expiry", async () => {
    const original = await issuer.issue(session);
    const renewed = await issuer.withSecondFactor(original.token, 1_800_000_000);
    expect(renewed).not.toBeNull();
    expect(await issuer.verify(renewed ?? "")).toEqual({
      ...session,
      sessionId: original.sessionId,
      secondFactorAt: 1_800_000_000,
    });
    expect(payloadOf(renewed ?? "").exp).toBe(payloadOf(original.token).exp);
    expect(payloadOf(renewed ?? "").sid).toBe(original.sessionId);
  });

  it("re-signs nothing it would not verify: another key, a broken or an expired token", async () => {
    const otherKey = createJwtIssuer(async () => signingKeysOf("o".repeat(64)), 3600);
    const expired = createJwtIssuer(async () => keys, -1);
    for (const token of [(await otherKey.issue(session)).token, "not.a.token", (await expired.issue(session)).token]) {
      expect(await issuer.withSecondFactor(token, 1_800_000_000)).toBeNull();
    }
  });
});
