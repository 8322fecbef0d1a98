import { minutesToNextHour } from "../../kernel/clock.js";
import { ChallengeRequiredError, TooManyAttemptsError } from "../../kernel/errors.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import type { LoginAttempt } from "./port.js";
import { challengeBinding, type ProofOfWork } from "./proof-of-work.js";
import type { AttemptGuardRepository, LoginAttemptLimits } from "./proof-of-work-port.js";

export interface LoginGuardDeps {
  attempts: Pick<AttemptGuardRepository, "admitLoginAttempt" | "loginFailuresThisHour">;
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
 * The most a login's challenge costs, in base costs: 16 times the base (at the default base, about 10 s of one laptop
 * core, under a minute on a cheap phone's, well inside a challenge's 10 minutes), so the owner can always solve one.
 */
export const MAX_CHALLENGE_COST_FACTOR = 16;

/**
 * A login challenge's cost for the account's failures this hour (design.md §13.4): the base from the hourly limit
 * (100), doubled for each further limit's worth (200–299: twice, 300–399: four times…), at most 16 times.
 */
export function challengeCostFactor(failures: number, perAccountPerHour: number): number {
  const beyond = Math.max(0, Math.floor(failures / perAccountPerHour) - 1);
  return Math.min(2 ** beyond, MAX_CHALLENGE_COST_FACTOR);
}

/** The hourly failures below which a challenge of `costFactor` still pays for an attempt; at the cap, any number. */
function failuresCoveredBy(costFactor: number, perAccountPerHour: number): number | undefined {
  if (costFactor >= MAX_CHALLENGE_COST_FACTOR) return undefined;
  return perAccountPerHour * (Math.floor(Math.log2(costFactor)) + 2);
}

/**
 * Lockout without denial of service (design.md §12.2, §13.4). Each attempt is counted before its password is hashed,
 * by one write whose conditions carry the limits: per account and address (10 an hour: a 429 for that pair only), per
 * address, per account from all addresses, and per account in a day. Past the hourly one the owner is not refused:
 * the attempt must bring a solved proof-of-work challenge (spent once, in the same write), bound to the email and the
 * caller's network, whose cost grows with the hour's failures, so a guesser pays more for each further hundred tries
 * and cannot lock anyone out. Past the daily one, the password alone no longer signs in (the account service sends
 * a sign-in link).
 */
export function createLoginGuard({ attempts, proofOfWork, limits, metrics }: LoginGuardDeps) {
  return {
    /**
     * Counts the attempt, or refuses it: TooManyAttemptsError past a hard limit, ChallengeRequiredError (a 401 with a
     * fresh challenge) when the account's hour asks for a proof and `altcha` is not one that may be spent.
     * "sign-in-link" (nothing counted) when the account's day asks for its live sign-in link and `signInLink` does not
     * say the attempt brought it.
     */
    async admit(
      attempt: LoginAttempt,
      now: Date,
      { altcha, signInLink = false }: { altcha?: string | undefined; signInLink?: boolean } = {},
    ): Promise<"counted" | "sign-in-link"> {
      const boundTo = challengeBinding(attempt.email, attempt.sourceIp);
      const spent = altcha === undefined ? null : await proofOfWork.check(altcha, "login", boundTo);
      const proof = spent
        ? { spent, coversFailuresBelow: failuresCoveredBy(spent.costFactor, limits.perAccountPerHour) }
        : undefined;
      const admission = await attempts.admitLoginAttempt(attempt, limits, { ...(proof ? { proof } : {}), signInLink });
      if (admission === "counted") return admission;
      if (admission === "sign-in-link") {
        metrics.count("LoginsThrottled", "sign-in-link");
        return admission;
      }
      if (admission === "refused") {
        metrics.count("LoginsThrottled", "address");
        throw new TooManyAttemptsError(loginLimitMessage(now));
      }
      metrics.count("LoginsThrottled", "challenge");
      const message =
        admission === "proof-spent" ? LOGIN_GUARD_MESSAGES.challengeSpent : LOGIN_GUARD_MESSAGES.challengeRequired;
      const failures = Math.max(await attempts.loginFailuresThisHour(attempt), limits.perAccountPerHour);
      const costFactor = challengeCostFactor(failures, limits.perAccountPerHour);
      throw new ChallengeRequiredError(message, await proofOfWork.challenge("login", now, { boundTo, costFactor }));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
