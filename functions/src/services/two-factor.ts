import type { TwoFactorSetup } from "@jengafund/shared";
import type { Clock } from "../lib/clock.js";
import {
  AlreadyExistsError,
  InvalidInputError,
  NotAuthenticatedError,
  NotPendingError,
  RuleViolationError,
  TooManyAttemptsError,
} from "../lib/errors.js";
import type { MetricsPort } from "../lib/metrics.js";
import type { TokenIssuer } from "../lib/tokens.js";
import type { TotpCodes } from "../lib/totp.js";
import {
  type AccountRepository,
  type AccountSecurityRepository,
  type LoginLimits,
  MoveRefusedError,
  type UserRecord,
} from "../repositories/ports.js";
import { ACCOUNT_MESSAGES, loginAttemptAt } from "./accounts.js";

export interface TwoFactorServiceDeps {
  security: Pick<
    AccountSecurityRepository,
    "startTwoFactorSetup" | "enableTwoFactor" | "disableTwoFactor" | "useTwoFactorStep"
  >;
  /** Wrong codes are counted on the login attempt counters: guessing a code costs what guessing a password does. */
  attempts: Pick<AccountRepository, "reserveLoginAttempt" | "releaseLoginAttempt">;
  codes: TotpCodes;
  clock: Clock;
  limits: LoginLimits;
  metrics: MetricsPort;
  /** Re-signs the caller's session with the moment of a step-up's code. */
  tokens: Pick<TokenIssuer, "withSecondFactor">;
}

export const TWO_FACTOR_MESSAGES = {
  alreadyOn: "Two-factor sign-in is already on for your account",
  notOn: "Two-factor sign-in is not on for your account",
  notStarted: "Start the two-factor setup first: scan the QR code, then enter a code",
  changed: "Your two-factor settings changed meanwhile. Please start again.",
  tooManyAttempts: "Too many wrong codes. Please try again in an hour.",
  enabled: "Two-factor sign-in is on. From now on, signing in asks for a code from your authenticator app.",
  disabled: "Two-factor sign-in is off. Signing in asks for your password only.",
} as const;

/** Two-factor sign-in (design.md §11): set up with a new secret, confirm it with a code, turn it off with a code. */
export function createTwoFactorService({
  security,
  attempts,
  codes,
  clock,
  limits,
  metrics,
  tokens,
}: TwoFactorServiceDeps) {
  const refusal = (error: unknown): unknown => {
    if (!(error instanceof MoveRefusedError)) return error;
    if (error.reason === "code-used") return new InvalidInputError(ACCOUNT_MESSAGES.usedTwoFactorCode);
    return new NotPendingError(TWO_FACTOR_MESSAGES.changed);
  };

  /**
   * Checks a code as a login checks a password: counted first (the limit in the write's condition), and a right code
   * gives its attempt back. `use`, when given, spends the code's step before that, as a login does, so a used code
   * stays counted like a wrong one. Returns the code's time step and the moment it was checked.
   */
  async function checkCode(
    user: UserRecord,
    secret: string,
    code: string,
    sourceIp: string,
    use?: (step: number) => Promise<void>,
  ): Promise<{ step: number; at: Date }> {
    const now = clock.now();
    const attempt = loginAttemptAt(now, user.email, sourceIp);
    if (!(await attempts.reserveLoginAttempt(attempt, limits))) {
      metrics.count("LoginsThrottled");
      throw new TooManyAttemptsError(TWO_FACTOR_MESSAGES.tooManyAttempts);
    }
    const step = await codes.verify(secret, code, now);
    // A wrong code is a 400, not a 401: the session is fine, and the web app ends a session on a 401.
    if (step === null) throw new InvalidInputError(ACCOUNT_MESSAGES.wrongTwoFactorCode);
    if (use) {
      await use(step).catch((error: unknown) => {
        throw refusal(error);
      });
    }
    await attempts.releaseLoginAttempt(attempt).catch(() => undefined);
    return { step, at: now };
  }

  return {
    /** A new secret, kept until a code confirms it; setting up again replaces one that was never confirmed. */
    async setup(user: UserRecord): Promise<TwoFactorSetup> {
      if (user.twoFactor?.enabled) throw new AlreadyExistsError(TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = codes.newSecret();
      try {
        await security.startTwoFactorSetup(user.id, secret);
      } catch (error) {
        if (error instanceof MoveRefusedError) throw new AlreadyExistsError(TWO_FACTOR_MESSAGES.alreadyOn);
        throw error;
      }
      return { secret, otpauthUrl: codes.uri(secret, user.email) };
    },

    async enable(user: UserRecord, code: string, sourceIp: string): Promise<UserRecord> {
      if (user.twoFactor?.enabled) throw new AlreadyExistsError(TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = user.twoFactor?.pendingSecret;
      if (!secret) throw new RuleViolationError(TWO_FACTOR_MESSAGES.notStarted);
      const { step } = await checkCode(user, secret, code, sourceIp);
      // The confirming code counts as used: it cannot sign in a second time.
      return security.enableTwoFactor(user.id, secret, step).catch((error: unknown) => {
        throw refusal(error);
      });
    },

    async disable(user: UserRecord, code: string, sourceIp: string): Promise<UserRecord> {
      const secret = user.twoFactor?.enabled ? user.twoFactor.secret : undefined;
      if (!secret) throw new RuleViolationError(TWO_FACTOR_MESSAGES.notOn);
      const { step } = await checkCode(user, secret, code, sourceIp);
      return security.disableTwoFactor(user.id, secret, step).catch((error: unknown) => {
        throw refusal(error);
      });
    },

    /**
     * A fresh code for the admin money actions (design.md §12.1): checked, counted and used up exactly as a login's
     * code, then the caller's session token comes back re-signed with the moment of the code. Same session otherwise:
     * same expiry, so entering codes never keeps a session alive past its time.
     */
    async stepUp(user: UserRecord, sessionToken: string, code: string, sourceIp: string): Promise<string> {
      const secret = user.twoFactor?.enabled ? user.twoFactor.secret : undefined;
      if (!secret) throw new RuleViolationError(TWO_FACTOR_MESSAGES.notOn);
      const { at } = await checkCode(user, secret, code, sourceIp, (step) =>
        security.useTwoFactorStep(user.id, secret, step),
      );
      const token = await tokens.withSecondFactor(sessionToken, Math.floor(at.getTime() / 1000));
      // The request's own token, verified moments ago: only its expiry in between can refuse it.
      if (token === null) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
      return token;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
