import {
  kesToCents,
  MESSAGES,
  REFERRAL_BONUS_KES,
  type ReferralCodeCheck,
  type RegisterCommand,
  TRIAL_BALANCE_KES,
} from "@jengafund/shared";
import { type Clock, minutesToNextHour, nairobiDay } from "../lib/clock.js";
import {
  AlreadyExistsError,
  InvalidInputError,
  NotAuthenticatedError,
  NotFoundError,
  NotPermittedError,
  TooManyAttemptsError,
  TwoFactorRequiredError,
} from "../lib/errors.js";
import type { IdGenerator } from "../lib/ids.js";
import type { MetricsPort } from "../lib/metrics.js";
import type { PasswordHasher } from "../lib/passwords.js";
import type { TokenClaims, TokenIssuer } from "../lib/tokens.js";
import type { TotpCodes } from "../lib/totp.js";
import {
  type AccountRepository,
  type AccountSecurityRepository,
  type CallerContext,
  type CallerRefs,
  type LoginAttempt,
  MoveRefusedError,
  type ReferralCodeCheckAttempt,
  type UserRecord,
  type UserSummary,
} from "../repositories/ports.js";

export interface AccountServiceDeps {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  tokens: TokenIssuer;
  clock: Clock;
  newId: IdGenerator;
  newReferralCode: () => string;
  limits: { maxFailuresPerAccountPerHour: number; maxFailuresPerIpPerHour: number };
  metrics: MetricsPort;
  /** Two-factor sign-in: the codes, and where a used code's time step is kept. */
  twoFactor: { codes: TotpCodes; security: Pick<AccountSecurityRepository, "useTwoFactorStep"> };
}

export interface Session {
  token: string;
  user: UserRecord;
}

export const ACCOUNT_MESSAGES = {
  emailTaken: "An account with this email already exists",
  phoneTaken: "An account with this phone number already exists",
  invalidCredentials: "Invalid email or password",
  deactivated: "Account is deactivated",
  tooManyAttempts: "Too many failed login attempts. Please try again in an hour.",
  sessionExpired: "Your session has expired. Please log in again.",
  adminOnly: "Admin access required",
  adminTwoFactorRequired:
    "Admin accounts must use two-factor sign-in. Turn it on under Account → Security, then open the admin console again.",
  twoFactorRequired: MESSAGES.invalidTwoFactorCode,
  wrongTwoFactorCode: "That code is not right. Check the code in your authenticator app and try again.",
  usedTwoFactorCode: "That code was already used. Wait for the next code in your authenticator app.",
} as const;

/** A login attempt (or a two-factor code) counted against the account's and the address's budget of this hour. */
export function loginAttemptAt(now: Date, email: string, sourceIp: string): LoginAttempt {
  return {
    email,
    sourceIp,
    hour: now.toISOString().slice(0, 13),
    // Counters expire an hour after their hour ends.
    expiresAtEpochSeconds: Math.floor(now.getTime() / 1000) + 2 * 3600,
  };
}

/** A referral code collision is astronomically rare, but retrying costs nothing. */
const REFERRAL_CODE_ATTEMPTS = 3;

export function createAccountService(deps: AccountServiceDeps) {
  const { accounts, passwords, tokens, clock, newId, newReferralCode, limits, metrics, twoFactor } = deps;

  // Verified when the email is unknown so both failures take the same time (no account enumeration by timing).
  let decoyHash: Promise<string> | undefined;
  const decoy = () => {
    decoyHash ??= passwords.hash("decoy-password-for-timing");
    return decoyHash;
  };

  /** `secondFactorAt`: when the login's authenticator code was checked (epoch seconds), for the money actions. */
  async function sessionFor(user: UserRecord, secondFactorAt?: number): Promise<Session> {
    const token = await tokens.issue({
      userId: user.id,
      role: user.role,
      tokenVersion: user.tokenVersion,
      ...(secondFactorAt === undefined ? {} : { secondFactorAt }),
    });
    return { token, user };
  }

  return {
    async register(input: RegisterCommand): Promise<Session> {
      let referrer: (UserSummary & { id: string }) | undefined;
      if (input.referralCode) {
        referrer = (await accounts.findReferrer(input.referralCode)) ?? undefined;
        if (!referrer) throw new InvalidInputError(MESSAGES.invalidReferralCode);
      }
      const passwordHash = await passwords.hash(input.password);

      for (let attempt = 1; ; attempt++) {
        const now = clock.now();
        const createdAt = now.toISOString();
        const userId = newId();
        const trialCents = kesToCents(TRIAL_BALANCE_KES);
        const user: UserRecord = {
          id: userId,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phoneNumber: input.phoneNumber,
          passwordHash,
          role: "investor",
          isTrialAccount: true,
          trialBalanceCents: trialCents,
          walletBalanceCents: 0,
          totalReferralEarningsCents: 0,
          referralCode: newReferralCode(),
          ...(referrer ? { referrer, referralRewardPending: true } : {}),
          isActive: true,
          tokenVersion: 1,
          createdAt,
        };
        try {
          await accounts.createAccount({
            user,
            day: nairobiDay(now),
            openingLine: {
              id: newId(),
              userId,
              type: "trial",
              balance: "trial",
              amountCents: trialCents,
              status: "completed",
              description: "Welcome bonus: trial balance (demo money)",
              reference: `TRIAL-${userId}`,
              createdAt,
            },
            ...(referrer ? { referral: { referrer, rewardCents: kesToCents(REFERRAL_BONUS_KES) } } : {}),
          });
          return await sessionFor(user);
        } catch (error) {
          if (!(error instanceof MoveRefusedError)) throw error;
          if (error.reason === "email-taken") throw new AlreadyExistsError(ACCOUNT_MESSAGES.emailTaken);
          if (error.reason === "phone-taken") throw new AlreadyExistsError(ACCOUNT_MESSAGES.phoneTaken);
          if (error.reason !== "referral-code-taken" || attempt >= REFERRAL_CODE_ATTEMPTS) throw error;
        }
      }
    },

    /** `otp`: the authenticator code, which an account with two-factor sign-in needs besides its password. */
    async login(email: string, password: string, sourceIp: string, otp?: string): Promise<Session> {
      const now = clock.now();
      const attempt = loginAttemptAt(now, email, sourceIp);
      // The attempt is counted before any password is hashed, by a write whose condition carries the limit: parallel
      // attempts cannot all pass a check made before any of them was counted, and a refused one costs no hashing.
      const [counted, credential] = await Promise.all([
        accounts.reserveLoginAttempt(attempt, {
          perAccountPerHour: limits.maxFailuresPerAccountPerHour,
          perIpPerHour: limits.maxFailuresPerIpPerHour,
        }),
        accounts.findLoginCredential(email),
      ]);
      if (!counted) {
        metrics.count("LoginsThrottled");
        throw new TooManyAttemptsError(ACCOUNT_MESSAGES.tooManyAttempts);
      }
      const valid = await passwords.verify(password, credential?.passwordHash ?? (await decoy()));
      // A wrong password (or an unknown email) keeps its counted attempt: that is the failure the limit counts.
      if (!credential || !valid) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.invalidCredentials);
      // A right password gives its attempt back, so logging in does not use up the budget. Should that write fail,
      // the attempt stays counted, which only ever errs towards the limit: the login itself still succeeds.
      const giveBack = () => accounts.releaseLoginAttempt(attempt).catch(() => undefined);
      const user = await accounts.getUser(credential.userId);
      if (!user) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.invalidCredentials);
      if (!user.isActive) {
        await giveBack();
        throw new NotPermittedError(ACCOUNT_MESSAGES.deactivated);
      }
      const { twoFactor: state } = user;
      let secondFactorAt: number | undefined;
      if (state?.enabled && state.secret) {
        if (otp === undefined) {
          // Not a failure: the form asks for the code and sends the login again.
          await giveBack();
          throw new TwoFactorRequiredError(ACCOUNT_MESSAGES.twoFactorRequired);
        }
        // A wrong code keeps the attempt counted, like a wrong password: codes are guessed under the same limit.
        const step = await twoFactor.codes.verify(state.secret, otp, now);
        if (step === null) throw new TwoFactorRequiredError(ACCOUNT_MESSAGES.wrongTwoFactorCode);
        try {
          // Once only: the write's condition wants a step later than the last one used.
          await twoFactor.security.useTwoFactorStep(user.id, state.secret, step);
        } catch (error) {
          if (error instanceof MoveRefusedError) throw new TwoFactorRequiredError(ACCOUNT_MESSAGES.usedTwoFactorCode);
          throw error;
        }
        secondFactorAt = Math.floor(now.getTime() / 1000);
      }
      const [session] = await Promise.all([sessionFor(user, secondFactorAt), giveBack()]);
      return session;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

export interface ReferralCodeCheckDeps {
  accounts: Pick<AccountRepository, "findReferrer" | "reserveReferralCodeCheck">;
  clock: Clock;
  /** Kept generous: mobile networks put many people behind one address. */
  limits: { checksPerIpPerHour: number };
  metrics: MetricsPort;
}

export const referralCodeCheckLimitMessage = (now: Date) => {
  const minutes = minutesToNextHour(now);
  return `Too many referral code checks from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/**
 * The register form's check of a referral code as it is typed: a public lookup, so an enumeration surface. Each
 * check is counted against the caller's address first (one conditional write, the limit in its condition, as for
 * logins), and the answer says only whether the code exists, never whose it is.
 */
export function createReferralCodeCheck({ accounts, clock, limits, metrics }: ReferralCodeCheckDeps) {
  return {
    /** `code` is already normalised (upper case) by the route's schema. */
    async check(code: string, sourceIp: string): Promise<ReferralCodeCheck> {
      const now = clock.now();
      const attempt: ReferralCodeCheckAttempt = {
        sourceIp,
        hour: now.toISOString().slice(0, 13),
        // Counters expire an hour after their hour ends.
        expiresAtEpochSeconds: Math.floor(now.getTime() / 1000) + 2 * 3600,
      };
      const [counted, referrer] = await Promise.all([
        accounts.reserveReferralCodeCheck(attempt, limits.checksPerIpPerHour),
        accounts.findReferrer(code),
      ]);
      if (!counted) {
        metrics.count("ReferralCodeChecksThrottled");
        throw new TooManyAttemptsError(referralCodeCheckLimitMessage(now));
      }
      if (!referrer) throw new NotFoundError(MESSAGES.invalidReferralCode);
      return { valid: true };
    },
  };
}

export type ReferralCodeCheckService = ReturnType<typeof createReferralCodeCheck>;

/**
 * Resolves the caller behind a bearer token: signature, expiry, active account and current token version.
 * Separate from the account service so authenticated endpoints do not carry password hashing.
 */
export function createAuthenticator(deps: Pick<AccountServiceDeps, "accounts" | "tokens">) {
  const { accounts, tokens } = deps;
  return {
    /** Signature, expiry and algorithm only: no I/O, so a bad token is refused before anything else is done. */
    async verify(token: string): Promise<TokenClaims> {
      const claims = await tokens.verify(token);
      if (!claims) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
      return claims;
    },

    /**
     * The account behind verified claims must still be active and on the same token version. `refs` names records
     * the request is about, loaded in the same round trip as the caller.
     */
    async load(claims: TokenClaims, refs: CallerRefs = {}): Promise<CallerContext> {
      const context = Object.values(refs).some(Boolean)
        ? await accounts.getUserWith(claims.userId, refs)
        : await accounts.getUser(claims.userId).then((user) => (user ? { user } : null));
      if (!context?.user.isActive || context.user.tokenVersion !== claims.tokenVersion) {
        throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
      }
      return context;
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
