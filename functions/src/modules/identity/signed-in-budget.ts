import { type Clock, hourlyCounterWindow, minutesToNextHour } from "../../kernel/clock.js";
import { TooManyAttemptsError } from "../../kernel/errors.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import type { SignedInAttempt, SignedInBudgetRepository, SignedInCheck } from "./signed-in-budget-port.js";

/**
 * Wrong answers per account and network in an hour (design.md §12.2): step-up codes (past it, a 429 for step-ups from
 * that network), and the password a security change asks for again.
 */
export const SIGNED_IN_LIMITS: Record<SignedInCheck, number> = { "step-up": 5, "password-check": 10 };

/** Said when the hour of the attempt ends, since that is when its counter starts again. */
export const signedInLimitMessage = (check: SignedInCheck, now: Date) => {
  const minutes = minutesToNextHour(now);
  const what = check === "step-up" ? "codes" : "passwords";
  return `Too many wrong ${what} from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

export interface SignedInBudgetDeps {
  attempts: SignedInBudgetRepository;
  clock: Clock;
  metrics: MetricsPort;
}

/**
 * The budgets of a signed-in caller's own checks, each apart from the login's: only a caller holding a session of the
 * account reaches them, and each counter is the account's from one network, so neither whoever knows the password
 * (signing in wrongly) nor a session thief elsewhere can use up the owner's. A check is counted before it is made; a
 * right answer gives its count back, anything else keeps it.
 */
export function createSignedInBudget({ attempts, clock, metrics }: SignedInBudgetDeps) {
  return async function counted<T>(
    check: SignedInCheck,
    userId: string,
    sourceIp: string,
    run: () => Promise<T>,
  ): Promise<T> {
    const now = clock.now();
    const attempt: SignedInAttempt = {
      check,
      userId,
      sourceIp,
      ...hourlyCounterWindow(now),
    };
    if (!(await attempts.reserveSignedInAttempt(attempt, SIGNED_IN_LIMITS[check]))) {
      metrics.count("LoginsThrottled", check);
      throw new TooManyAttemptsError(signedInLimitMessage(check, now));
    }
    const result = await run();
    // Should the give-back fail, the check stays counted, which only errs towards the limit.
    await attempts.releaseSignedInAttempt(attempt).catch(() => undefined);
    return result;
  };
}

export type SignedInBudget = ReturnType<typeof createSignedInBudget>;
