import type { Clock } from "../../kernel/clock.js";
import { InvalidInputError, TooManyAttemptsError } from "../../kernel/errors.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import type { UserRecord } from "../../kernel/records.js";
import { ACCOUNT_MESSAGES, loginAttemptAt } from "./accounts.js";
import type { PasswordHasher } from "./passwords.js";
import type { AccountRepository, CredentialReader, LoginLimits } from "./port.js";

export const PASSWORD_CONFIRMATION_MESSAGES = {
  wrongPassword: "That password is not right. Enter the password you sign in with.",
} as const;

export interface PasswordConfirmationDeps {
  /** The password is counted as a login's is, on the login attempt counters (a wrong one stays counted). */
  attempts: Pick<AccountRepository, "reserveLoginAttempt" | "releaseLoginAttempt">;
  /** The password hash is on the account's credential item (docs/adr/0016-credentials-apart.md). */
  credentials: CredentialReader;
  passwords: Pick<PasswordHasher, "verify">;
  clock: Clock;
  limits: LoginLimits;
  metrics: MetricsPort;
}

/**
 * The password asked for again before a change a stolen session alone must not make (two-factor sign-in, the
 * account's alerts: design.md §12.2, §13.2), checked as a login checks it: counted first (the limit in the write's
 * condition), a right one gives its attempt back. A wrong one is a 400, not a 401: the session is fine, and the web
 * app ends a session on a 401.
 */
export function createPasswordConfirmation({
  attempts,
  credentials,
  passwords,
  clock,
  limits,
  metrics,
}: PasswordConfirmationDeps) {
  return async function confirmPassword(user: UserRecord, password: string, sourceIp: string): Promise<void> {
    const attempt = loginAttemptAt(clock.now(), user.email, sourceIp);
    if (!(await attempts.reserveLoginAttempt(attempt, limits))) {
      metrics.count("LoginsThrottled");
      throw new TooManyAttemptsError(ACCOUNT_MESSAGES.tooManyAttempts);
    }
    const credential = await credentials.getCredential(user.id);
    if (!credential || !(await passwords.verify(password, credential.passwordHash))) {
      throw new InvalidInputError(PASSWORD_CONFIRMATION_MESSAGES.wrongPassword);
    }
    await attempts.releaseLoginAttempt(attempt).catch(() => undefined);
  };
}

export type ConfirmPassword = ReturnType<typeof createPasswordConfirmation>;
