import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** Solves a challenge as the ALTCHA widget does, and wraps it as the widget's payload (base64 JSON). */
export async function solved(challenge: unknown): Promise<string> {
  const { parameters, signature } = challenge as Challenge;
  const solution = await solveChallenge({ challenge: { parameters, signature }, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString("base64");
}

/** Light challenges for tests: a few hundred PBKDF2 iterations in all. */
export const TEST_PROOF_OF_WORK = { cost: 5, maxCounter: 60, validSeconds: 600 };
