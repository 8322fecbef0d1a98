import { minutesToNextHour } from "../lib/clock.js";
import { ChallengeRequiredError, TooManyAttemptsError } from "../lib/errors.js";
import type { MetricsPort } from "../lib/metrics.js";
import type { LoginAttempt } from "../repositories/ports.js";
import type { AttemptGuardRepository, LoginAttemptLimits } from "../repositories/proof-of-work-port.js";
import type { ProofOfWork } from "./proof-of-work.js";

export interface LoginGuardDeps {
  attempts: Pick<AttemptGuardRepository, "admitLoginAttempt">;
  proofOfWork: ProofOfWork;
  limits: LoginAttemptLimits;
  metrics: MetricsPort;
}

export const LOGIN_GUARD_MESSAGES = {
  challengeRequired:
    "This account has had many failed sign-ins in the last hour. Complete the check below, then sign in again.",
  challengeSpent: "That check was already used. Complete the new check below, then sign in again.",
} as const;

/** Said when the hour of the attempt ends, since that is when its counters start again. */
export const loginLimitMessage = (now: Date) => {
  const minutes = minutesToNextHour(now);
  return `Too many failed login attempts from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/**
 * Lockout without denial of service (design.md §12.2). Each attempt is counted before its password is hashed, by one
 * write whose conditions carry the limits: per account and address (10 an hour: a 429 for that pair only), per
 * address, and per account from all addresses. Past the last one the owner is not refused: the attempt must bring a
 * solved proof-of-work challenge (spent once, in the same write), so a guesser pays for each try and cannot lock
 * anyone out.
 */
export function createLoginGuard({ attempts, proofOfWork, limits, metrics }: LoginGuardDeps) {
  return {
    /**
     * Counts the attempt, or refuses it: TooManyAttemptsError past a hard limit, ChallengeRequiredError (a 401 with a
     * fresh challenge) when the account's limit asks for a proof and `altcha` is not one that may be spent.
     */
    async admit(attempt: LoginAttempt, now: Date, altcha?: string): Promise<void> {
      const proof = altcha === undefined ? null : await proofOfWork.check(altcha, "login");
      const admission = await attempts.admitLoginAttempt(attempt, limits, proof ?? undefined);
      if (admission === "counted") return;
      if (admission === "refused") {
        metrics.count("LoginsThrottled", "address");
        throw new TooManyAttemptsError(loginLimitMessage(now));
      }
      metrics.count("LoginsThrottled", "challenge");
      const message =
        admission === "proof-spent" ? LOGIN_GUARD_MESSAGES.challengeSpent : LOGIN_GUARD_MESSAGES.challengeRequired;
      throw new ChallengeRequiredError(message, await proofOfWork.challenge("login", now));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
