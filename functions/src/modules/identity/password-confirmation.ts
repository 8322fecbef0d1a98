import type { Clock } from "../../kernel/clock.js";
import { InvalidInputError } from "../../kernel/errors.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import type { UserRecord } from "../../kernel/records.js";
import type { PasswordHasher } from "./passwords.js";
import type { CredentialReader } from "./port.js";
import { createSignedInBudget } from "./signed-in-budget.js";
import type { SignedInBudgetRepository } from "./signed-in-budget-port.js";

export const PASSWORD_CONFIRMATION_MESSAGES = {
  wrongPassword: "That password is not right. Enter the password you sign in with.",
} as const;

export interface PasswordConfirmationDeps {
  /** The password is counted on its own budget, the account's from the caller's network (signed-in-budget.ts). */
  attempts: SignedInBudgetRepository;
  /** The password hash is on the account's credential item (docs/adr/0016-credentials-apart.md). */
  credentials: CredentialReader;
  passwords: Pick<PasswordHasher, "verify">;
  clock: Clock;
  metrics: MetricsPort;
}

/**
 * The password asked for again before a change a stolen session alone must not make (two-factor sign-in, the
 * account's alerts: design.md §12.2, §13.2): counted first on the account's budget from the caller's network (the
 * limit in the write's condition), a right one gives its attempt back. Not on the login's counters: failed sign-ins by
 * whoever knows the email cannot use it up. A wrong one is a 400, not a 401: the session is fine, and the web app ends
 * a session on a 401.
 */
export function createPasswordConfirmation({
  attempts,
  credentials,
  passwords,
  clock,
  metrics,
}: PasswordConfirmationDeps) {
  const counted = createSignedInBudget({ attempts, clock, metrics });
  return async function confirmPassword(user: UserRecord, password: string, sourceIp: string): Promise<void> {
    await counted("password-check", user.id, sourceIp, async () => {
      const credential = await credentials.getCredential(user.id);
      if (!credential || !(await passwords.verify(password, credential.passwordHash))) {
        throw new InvalidInputError(PASSWORD_CONFIRMATION_MESSAGES.wrongPassword);
      }
    });
  };
}

export type ConfirmPassword = ReturnType<typeof createPasswordConfirmation>;
