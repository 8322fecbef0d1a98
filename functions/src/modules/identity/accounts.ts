import {
  kesToCents,
  MESSAGES,
  REFERRAL_BONUS_KES,
  type ReferralCodeCheck,
  type RegisterCommand,
  TRIAL_BALANCE_KES,
} from "@jengafund/shared";
import { type Clock, hourlyCounterWindow, minutesToNextHour, nairobiDay } from "../../kernel/clock.js";
import {
  AlreadyExistsError,
  InvalidInputError,
  NotAuthenticatedError,
  NotFoundError,
  NotPermittedError,
  TooManyAttemptsError,
  TwoFactorRequiredError,
} from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import {
  type CallerContext,
  type CallerRefs,
  MoveRefusedError,
  type UserRecord,
  type UserSummary,
} from "../../kernel/records.js";
import type { SecurityNotices } from "../../kernel/security-notices.js";
import type { LoginGuard } from "./login-guard.js";
import type { PasswordHasher } from "./passwords.js";
import type { AccountRepository, LoginAttempt, ReferralCodeCheckAttempt } from "./port.js";
import { createSecondFactorCheck, SECOND_FACTOR_MESSAGES } from "./second-factor.js";
import type { SecondFactorRepository } from "./second-factor-port.js";
import { sessionsToDrop } from "./sessions.js";
import {
  ADMIN_IDLE_SECONDS,
  ADMIN_IDLE_SLIDE_SECONDS,
  type SessionEntry,
  type SessionRepository,
} from "./sessions-port.js";
import { SIGN_IN_LINK_MESSAGE, type SignInLinks } from "./sign-in-links.js";
import type { TokenClaims, TokenIssuer } from "./tokens.js";
import type { TotpCodes } from "./totp.js";

export interface AccountServiceDeps {
  accounts: AccountRepository;
  passwords: PasswordHasher;
  tokens: TokenIssuer;
  clock: Clock;
  newId: IdGenerator;
  newReferralCode: () => string;
  /** Counts each attempt before its password is checked, against the limits of design.md §12.2. */
  loginGuard: LoginGuard;
  metrics: MetricsPort;
  /** Two-factor sign-in: the codes, and the second factor's state (its budget, used steps and recovery codes). */
  twoFactor: { codes: TotpCodes; security: SecondFactorRepository };
  /** The user item's map of live sessions, which a login adds to. */
  sessions: Pick<SessionRepository, "addSession">;
  notices: SecurityNotices;
  /** Past the account's day of failed passwords, the password signs in only with the link these email (§13.4). */
  signInLinks: SignInLinks;
}

/** What a login may bring besides the email and password. */
export interface LoginExtras {
  /** The authenticator code (or a recovery code), for an account with two-factor sign-in. */
  otp?: string | undefined;
  /** A solved proof-of-work challenge, once the account is past its hourly limit of failures. */
  altcha?: string | undefined;
  /** The token of the emailed sign-in link, once the account is past its daily limit of failures. */
  signInToken?: string | undefined;
}

export interface Session {
  token: string;
  user: UserRecord;
  /** When a recovery code stood in for the authenticator code: how many of the account's codes are left. */
  recoveryCodesLeft?: number;
}

export const ACCOUNT_MESSAGES = {
  emailTaken: "An account with this email already exists",
  phoneTaken: "An account with this phone number already exists",
  invalidCredentials: "Invalid email or password",
  deactivated: "Account is deactivated",
  tooManyAttempts: "Too many failed login attempts. Please try again in an hour.",
  sessionExpired: "Your session has expired. Please log in again.",
  idleSignedOut: MESSAGES.adminIdleSignedOut,
  adminOnly: "Admin access required",
  adminTwoFactorRequired:
    "Admin accounts must use two-factor sign-in. Turn it on under Account → Security, then open the admin console again.",
  twoFactorRequired: MESSAGES.invalidTwoFactorCode,
  wrongTwoFactorCode: SECOND_FACTOR_MESSAGES.wrongCode,
  usedTwoFactorCode: SECOND_FACTOR_MESSAGES.usedCode,
} as const;

/** A login attempt (or a two-factor code) counted against the account's and the address's budget of this hour. */
export function loginAttemptAt(now: Date, email: string, sourceIp: string): LoginAttempt {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return {
    email,
    sourceIp,
    ...hourlyCounterWindow(now),
    day: nairobiDay(now),
    // The day's counter, a day after its day ends.
    dayExpiresAtEpochSeconds: nowSeconds + 2 * 86_400,
  };
}

/** A referral code collision is astronomically rare, but retrying costs nothing. */
const REFERRAL_CODE_ATTEMPTS = 3;

export function createAccountService(deps: AccountServiceDeps) {
  const { accounts, passwords, tokens, clock, newId, newReferralCode, loginGuard, twoFactor } = deps;
  const { sessions, signInLinks } = deps;
  const secondFactor = createSecondFactorCheck({ ...twoFactor, clock, notices: deps.notices });

  // Verified when the email is unknown so both failures take the same time (no account enumeration by timing).
  let decoyHash: Promise<string> | undefined;
  const decoy = () => {
    decoyHash ??= passwords.hash("decoy-password-for-timing");
    return decoyHash;
  };

  /**
   * A new session's token, and its entry for the user item's session map (which the caller writes: with the new
   * account at register, beside the others at login). `secondFactorAt`: when the login's second factor was checked
   * (epoch seconds), for the money actions.
   */
  async function sessionFor(user: UserRecord, secondFactorAt?: number): Promise<Session & { entry: SessionEntry }> {
    const issued = await tokens.issue({
      userId: user.id,
      role: user.role,
      tokenVersion: user.tokenVersion,
      ...(secondFactorAt === undefined ? {} : { secondFactorAt }),
    });
    // An admin's entry holds the end of the idle window, which each request moves on (createAuthenticator).
    const idleEnd = Math.floor(clock.now().getTime() / 1000) + ADMIN_IDLE_SECONDS;
    const end = user.role === "admin" ? Math.min(idleEnd, issued.expiresAtEpochSeconds) : issued.expiresAtEpochSeconds;
    return { token: issued.token, user, entry: { id: issued.sessionId, expiresAtEpochSeconds: end } };
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
        const { token, entry } = await sessionFor(user);
        try {
          await accounts.createAccount({
            user: { ...user, sessions: { [entry.id]: entry.expiresAtEpochSeconds } },
            passwordHash,
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
          return { token, user };
        } catch (error) {
          if (!(error instanceof MoveRefusedError)) throw error;
          if (error.reason === "email-taken") throw new AlreadyExistsError(ACCOUNT_MESSAGES.emailTaken);
          if (error.reason === "phone-taken") throw new AlreadyExistsError(ACCOUNT_MESSAGES.phoneTaken);
          if (error.reason !== "referral-code-taken" || attempt >= REFERRAL_CODE_ATTEMPTS) throw error;
        }
      }
    },

    /**
     * `otp`: the authenticator code, which an account with two-factor sign-in needs besides its password. `altcha`: a
     * solved proof-of-work challenge, which the attempt needs once the account is past its hourly limit of failures.
     * `signInToken`: the emailed link's, which the password needs once the account is past its daily limit.
     */
    async login(email: string, password: string, sourceIp: string, extras: LoginExtras = {}): Promise<Session> {
      const { otp, altcha, signInToken } = extras;
      const now = clock.now();
      const attempt = loginAttemptAt(now, email, sourceIp);
      // The attempt is counted before any password is hashed, by a write whose conditions carry the limits: parallel
      // attempts cannot all pass a check made before any of them was counted, and a refused one costs no hashing.
      // A sign-in link is looked at first (it lifts the day's limit): only owners who were emailed one bring it.
      const admitted = async () => {
        if (signInToken === undefined) {
          const [admission, found] = await Promise.all([
            loginGuard.admit(attempt, now, { altcha }),
            accounts.findLoginCredential(email),
          ]);
          return { admission, credential: found, linked: false };
        }
        const found = await accounts.findLoginCredential(email);
        const linked = found ? await signInLinks.isLive(found.userId, signInToken, now) : false;
        return {
          admission: await loginGuard.admit(attempt, now, { altcha, signInLink: linked }),
          credential: found,
          linked,
        };
      };
      const { admission, credential, linked } = await admitted();
      if (admission === "sign-in-link") {
        // Past the day's limit the password is not even checked without the link, so a guess learns nothing; the
        // owner (only an active one: nobody else reads that mailbox) is emailed a link, at most one live at a time.
        const owner = credential ? await accounts.getUser(credential.userId) : null;
        if (owner?.isActive) await signInLinks.send(owner, now);
        throw new NotAuthenticatedError(SIGN_IN_LINK_MESSAGE);
      }
      const valid = await passwords.verify(password, credential?.passwordHash ?? (await decoy()));
      // A wrong password (or an unknown email) keeps its counted attempt: that is the failure the limit counts.
      if (!credential || !valid) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.invalidCredentials);
      // A right password gives its attempt back, so logging in does not use up the budget. Should that write fail,
      // the attempt stays counted, which only ever errs towards the limit: the login itself still succeeds.
      const giveBack = () => accounts.releaseLoginAttempt(attempt).catch(() => undefined);
      const user = await accounts.getUser(credential.userId);
      if (!user) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.invalidCredentials);
      // From here on the password was right, whatever follows: a wrong code is counted on the second factor's own
      // budget, not on the password's, so the attempt is given back at once.
      const givenBack = giveBack();
      try {
        if (!user.isActive) throw new NotPermittedError(ACCOUNT_MESSAGES.deactivated);
        const { twoFactor: state } = credential;
        const secret = state?.enabled ? state.secret : undefined;
        let secondFactorAt: number | undefined;
        let recoveryCodesLeft: number | undefined;
        if (secret) {
          // Not a failure: the form asks for the code and sends the login again.
          if (otp === undefined) throw new TwoFactorRequiredError(ACCOUNT_MESSAGES.twoFactorRequired);
          // A recovery code may stand in for the code; either is used once (the write's condition).
          const check = {
            secret,
            code: otp,
            recoveryAllowed: true,
            // The current step only: a code seen over someone's shoulder is no use half a minute later.
            window: "current" as const,
            wrong: (message: string) => new TwoFactorRequiredError(message),
            sourceIp,
          };
          const used = await secondFactor.check(user, check, async (proof, at) => ({
            at,
            proof,
            ...(await twoFactor.security.useSecondFactor(user.id, secret, proof)),
          }));
          secondFactorAt = Math.floor(used.at.getTime() / 1000);
          // The sign-in that spent a recovery code says how many are left (the owner may be running out).
          if (used.proof.kind === "recovery") recoveryCodesLeft = used.recoveryCodesLeft;
        }
        // The link works once: it is used up only by the sign-in it completes (a wrong password leaves it).
        if (linked && signInToken !== undefined && !(await signInLinks.use(user.id, signInToken, now))) {
          throw new NotAuthenticatedError(SIGN_IN_LINK_MESSAGE);
        }
        const session = await sessionFor(user, secondFactorAt);
        await sessions.addSession(user.id, session.entry, {
          drop: sessionsToDrop(user.sessions, Math.floor(now.getTime() / 1000)),
          hadMap: user.sessions !== undefined,
        });
        return {
          token: session.token,
          user: session.user,
          ...(recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft }),
        };
      } finally {
        await givenBack;
      }
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
        ...hourlyCounterWindow(now),
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
 * Resolves the caller behind a bearer token: signature, expiry, active account, current token version and a session
 * still live on the server; an admin's session also within its idle window, which the request moves on.
 * Separate from the account service so authenticated endpoints do not carry password hashing.
 */
export function createAuthenticator(
  deps: Pick<AccountServiceDeps, "accounts" | "tokens"> & { sessions: Pick<SessionRepository, "slideSession"> },
) {
  const { accounts, tokens, sessions } = deps;
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
      // The session must still be in the account's map: logout, logout-all, a password reset and a change of two-factor
      // sign-in take sessions out of it before their tokens expire.
      const sessionEnd = context?.user.sessions?.[claims.sessionId];
      const now = Math.floor(Date.now() / 1000);
      if (!context?.user.isActive || context.user.tokenVersion !== claims.tokenVersion || sessionEnd === undefined) {
        throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
      }
      const { user } = context;
      if (sessionEnd <= now) {
        // The token is within its 8 hours (verified), so an admin's ended entry is an idle window run out.
        throw new NotAuthenticatedError(
          user.role === "admin" ? ACCOUNT_MESSAGES.idleSignedOut : ACCOUNT_MESSAGES.sessionExpired,
        );
      }
      if (user.role === "admin") {
        // By the stored role: an entry made before the idle window (8 hours long) is brought under it too.
        const idleEnd = now + ADMIN_IDLE_SECONDS;
        if (sessionEnd < idleEnd - ADMIN_IDLE_SLIDE_SECONDS || sessionEnd > idleEnd) {
          await sessions.slideSession(user.id, claims.sessionId, sessionEnd, idleEnd);
        }
      }
      return context;
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
