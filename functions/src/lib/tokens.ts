import type { Role } from "@jengafund/shared";
import { jwtVerify, SignJWT } from "jose";

export interface TokenClaims {
  userId: string;
  role: Role;
  tokenVersion: number;
}

export interface TokenIssuer {
  issue(claims: TokenClaims): Promise<string>;
  /** Returns the claims of a valid token, or null for anything else (bad signature, expired, other algorithm). */
  verify(token: string): Promise<TokenClaims | null>;
}

const ISSUER = "jengafund";
const AUDIENCE = "jengafund-web";

/** HS256 only: the algorithm is pinned on verification so `alg: none` or RS/HS confusion is refused. */
export function createJwtIssuer(secret: () => Promise<Uint8Array>, ttlSeconds: number): TokenIssuer {
  return {
    async issue({ userId, role, tokenVersion }) {
      return new SignJWT({ role, ver: tokenVersion })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await secret());
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await secret(), {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const { sub, role, ver } = payload;
        if (typeof sub !== "string" || (role !== "admin" && role !== "investor") || typeof ver !== "number") {
          return null;
        }
        return { userId: sub, role, tokenVersion: ver };
      } catch {
        return null;
      }
    },
  };
}
