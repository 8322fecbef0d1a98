import { createHash, hkdf } from "node:crypto";
import { promisify } from "node:util";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { networkOf } from "../../kernel/caller.js";
import type { ProofPurpose, SpentProof } from "./proof-of-work-port.js";

/** ALTCHA's key derivation (PBKDF2 with SHA-256), the widget's default: the browser's Web Crypto runs it natively. */
const ALGORITHM = "PBKDF2/SHA-256";

export interface ProofOfWorkOptions {
  /** PBKDF2 iterations per guess: the base cost, which a challenge may ask a power of two times of. */
  cost: number;
  /** The secret counter is drawn from the upper half of 1…maxCounter: the solver tries, on average, ¾ of it. */
  maxCounter: number;
  /** How long a challenge may be solved and sent back. */
  validSeconds: number;
}

/**
 * Who a challenge is for (design.md §13.4): the email and the caller's network (an IPv4 address, an IPv6 /64), as a
 * digest, so the challenge names neither. A challenge solved for one account or network pays for no other.
 */
export function challengeBinding(email: string, sourceIp: string): string {
  return createHash("sha256")
    .update(`${email.toLowerCase()}\n${networkOf(sourceIp)}`)
    .digest("hex");
}

/**
 * ALTCHA challenges (design.md §12.2), made and checked here with no third party. The HMAC keys that sign them are
 * derived from the JWT secret (HKDF, one info string per key), so no secret is added; a challenge also names what it
 * is for, so one solved for a reset request cannot pay for a login, and whom (`challengeBinding`). All of it is in
 * the signed parameters, its cost too, so none of it can be changed by the solver.
 */
export function createProofOfWork(loadSecret: () => Promise<Uint8Array>, options: ProofOfWorkOptions) {
  let keys: Promise<{ signature: string; keySignature: string }> | undefined;
  const hmacKeys = () => {
    keys ??= loadSecret().then(async (secret) => {
      const derive = async (info: string) =>
        Buffer.from(await promisify(hkdf)("sha256", secret, new Uint8Array(0), info, 32)).toString("hex");
      return {
        signature: await derive("jengafund proof-of-work challenge"),
        keySignature: await derive("jengafund proof-of-work derived key"),
      };
    });
    keys.catch(() => {
      keys = undefined;
    });
    return keys;
  };

  return {
    /**
     * A new challenge for `purpose`, bound to `boundTo` (`challengeBinding`), valid for `validSeconds` from `now`, at
     * `costFactor` times the base cost (a power of two).
     */
    async challenge(
      purpose: ProofPurpose,
      now: Date,
      { boundTo, costFactor = 1 }: { boundTo: string; costFactor?: number },
    ): Promise<Challenge> {
      const { signature, keySignature } = await hmacKeys();
      return createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost * costFactor,
        counter: randomInt(options.maxCounter, Math.ceil(options.maxCounter / 2)),
        deriveKey,
        data: { purpose, boundTo },
        expiresAt: Math.floor(now.getTime() / 1000) + options.validSeconds,
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      });
    },

    /**
     * The widget's payload (base64 JSON of the challenge and its solution) as a proof to spend, or null when it is
     * not a solution of an unexpired challenge of ours for `purpose` and `boundTo`. Two HMACs, no key derivation:
     * checking a forged solution costs the server next to nothing.
     */
    async check(payload: string, purpose: ProofPurpose, boundTo: string): Promise<SpentProof | null> {
      const parsed = parsePayload(payload);
      if (!parsed) return null;
      const { challenge, solution } = parsed;
      const { expiresAt, data, cost } = challenge.parameters;
      if (data?.purpose !== purpose || data.boundTo !== boundTo) return null;
      if (typeof expiresAt !== "number" || typeof cost !== "number" || !challenge.signature) return null;
      const { signature, keySignature } = await hmacKeys();
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: signature,
          hmacKeySignatureSecret: keySignature,
        });
        if (!result.verified) return null;
        return {
          id: challenge.signature,
          purpose,
          expiresAtEpochSeconds: expiresAt,
          costFactor: Math.max(1, Math.floor(cost / options.cost)),
        };
      } catch {
        // A payload shaped to make the library throw (an unknown algorithm, a bad counter) is no solution.
        return null;
      }
    },
  };
}

export type ProofOfWork = ReturnType<typeof createProofOfWork>;

type Solved = Parameters<typeof verifySolution>[0];

function parsePayload(payload: string): Pick<Solved, "challenge" | "solution"> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    if (typeof value !== "object" || value === null) return null;
    const { challenge, solution } = value as Record<string, unknown>;
    if (typeof challenge !== "object" || challenge === null || typeof solution !== "object" || solution === null) {
      return null;
    }
    const { parameters, signature } = challenge as Record<string, unknown>;
    if (typeof parameters !== "object" || parameters === null || typeof signature !== "string") return null;
    return { challenge: challenge as Solved["challenge"], solution: solution as Solved["solution"] };
  } catch {
    return null;
  }
}
