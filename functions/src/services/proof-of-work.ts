import { hkdf } from "node:crypto";
import { promisify } from "node:util";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { ProofPurpose, SpentProof } from "../repositories/proof-of-work-port.js";

/** ALTCHA's key derivation (PBKDF2 with SHA-256), the widget's default: the browser's Web Crypto runs it natively. */
const ALGORITHM = "PBKDF2/SHA-256";

export interface ProofOfWorkOptions {
  /** PBKDF2 iterations per guess. */
  cost: number;
  /** The secret counter is drawn from the upper half of 1…maxCounter: the solver tries, on average, ¾ of it. */
  maxCounter: number;
  /** How long a challenge may be solved and sent back. */
  validSeconds: number;
}

/**
 * ALTCHA challenges (design.md §12.2), made and checked here with no third party. The HMAC keys that sign them are
 * derived from the JWT secret (HKDF, one info string per key), so no secret is added; a challenge also names what it
 * is for, so one solved for a reset request cannot pay for a login.
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
    /** A new challenge for `purpose`, valid for `validSeconds` from `now`. */
    async challenge(purpose: ProofPurpose, now: Date): Promise<Challenge> {
      const { signature, keySignature } = await hmacKeys();
      return createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(options.maxCounter, Math.ceil(options.maxCounter / 2)),
        deriveKey,
        data: { purpose },
        expiresAt: Math.floor(now.getTime() / 1000) + options.validSeconds,
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      });
    },

    /**
     * The widget's payload (base64 JSON of the challenge and its solution) as a proof to spend, or null when it is
     * not a solution of an unexpired challenge of ours for `purpose`. Two HMACs, no key derivation: checking a forged
     * solution costs the server next to nothing.
     */
    async check(payload: string, purpose: ProofPurpose): Promise<SpentProof | null> {
      const parsed = parsePayload(payload);
      if (!parsed) return null;
      const { challenge, solution } = parsed;
      const { expiresAt, data } = challenge.parameters;
      if (data?.purpose !== purpose || typeof expiresAt !== "number" || !challenge.signature) return null;
      const { signature, keySignature } = await hmacKeys();
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: signature,
          hmacKeySignatureSecret: keySignature,
        });
        return result.verified ? { id: challenge.signature, purpose, expiresAtEpochSeconds: expiresAt } : null;
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
