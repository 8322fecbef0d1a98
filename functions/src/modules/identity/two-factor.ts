import type { TwoFactorSetup } from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import {
  AlreadyExistsError,
  InvalidInputError,
  NotAuthenticatedError,
  NotPendingError,
  RuleViolationError,
} from "../../kernel/errors.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import { MoveRefusedError, type TwoFactorState, type UserRecord } from "../../kernel/records.js";
import { noticeTo, type SecurityNotices } from "../../kernel/security-notices.js";
import { ACCOUNT_MESSAGES } from "./accounts.js";
import { createPasswordConfirmation, PASSWORD_CONFIRMATION_MESSAGES } from "./password-confirmation.js";
import type { PasswordHasher } from "./passwords.js";
import type { AccountSecurityRepository, CredentialReader } from "./port.js";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.js";
import { createSecondFactorCheck, SECOND_FACTOR_MESSAGES } from "./second-factor.js";
import type { SecondFactorRepository } from "./second-factor-port.js";
import type { SessionEntry } from "./sessions-port.js";
import { createSignedInBudget } from "./signed-in-budget.js";
import type { SignedInBudgetRepository } from "./signed-in-budget-port.js";
import type { TokenIssuer } from "./tokens.js";
import type { TotpCodes } from "./totp.js";

export interface TwoFactorServiceDeps {
  security: Pick<AccountSecurityRepository, "startTwoFactorSetup"> & SecondFactorRepository & CredentialReader;
  /**
   * The password these changes ask for is counted on its own budget, the account's from the caller's network (a wrong
   * one stays counted). Codes have the second factor's budget (second-factor.ts).
   */
  attempts: SignedInBudgetRepository;
  passwords: Pick<PasswordHasher, "verify">;
  codes: TotpCodes;
  clock: Clock;
  metrics: MetricsPort;
  notices: SecurityNotices;
}

/** What turning two-factor sign-in on, off or renewing its recovery codes is asked with. */
export interface TwoFactorConfirmation {
  code: string;
  password: string;
  /** The caller's session, which stays signed in when the account's other sessions end. */
  sessionId: string;
  sourceIp: string;
}

export const TWO_FACTOR_MESSAGES = {
  alreadyOn: "Two-factor sign-in is already on for your account",
  notOn: "Two-factor sign-in is not on for your account",
  notStarted: "Start the two-factor setup first: scan the QR code, then enter a code",
  changed: SECOND_FACTOR_MESSAGES.changed,
  wrongPassword: PASSWORD_CONFIRMATION_MESSAGES.wrongPassword,
  enabled: "Two-factor sign-in is on. From now on, signing in asks for a code from your authenticator app.",
  disabled: "Two-factor sign-in is off. Signing in asks for your password only.",
  recoveryCodesRenewed: "Here are your new recovery codes. The old ones no longer work.",
} as const;

// A wrong code is a 400, not a 401: the session is fine, and the web app ends a session on a 401.
const wrong = (message: string) => new InvalidInputError(message);

/** The account's second factor, from its credential item. */
async function twoFactorOf(credentials: CredentialReader, user: UserRecord): Promise<TwoFactorState | undefined> {
  return (await credentials.getCredential(user.id))?.twoFactor;
}

async function enabledSecret(credentials: CredentialReader, user: UserRecord): Promise<string> {
  const state = await twoFactorOf(credentials, user);
  const secret = state?.enabled ? state.secret : undefined;
  if (!secret) throw new RuleViolationError(TWO_FACTOR_MESSAGES.notOn);
  return secret;
}

/** Setting up: a new secret to confirm. Apart, so its bundle carries neither password hashing nor a mail client. */
export function createTwoFactorSetup({
  security,
  codes,
}: {
  security: Pick<AccountSecurityRepository, "startTwoFactorSetup">;
  codes: Pick<TotpCodes, "newSecret" | "uri">;
}) {
  return {
    /** A new secret, kept until a code confirms it; setting up again replaces one that was never confirmed. */
    async setup(user: UserRecord): Promise<TwoFactorSetup> {
      if (user.twoFactorEnabled) throw new AlreadyExistsError(TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = codes.newSecret();
      try {
        await security.startTwoFactorSetup(user.id, secret);
      } catch (error) {
        if (error instanceof MoveRefusedError) throw new AlreadyExistsError(TWO_FACTOR_MESSAGES.alreadyOn);
        throw error;
      }
      return { secret, otpauthUrl: codes.uri(secret, user.email) };
    },
  };
}

export interface StepUpDeps {
  security: Pick<SecondFactorRepository, "useSecondFactor"> & CredentialReader;
  codes: TotpCodes;
  clock: Clock;
  /** Re-signs the caller's session with the moment of a step-up's code. */
  tokens: Pick<TokenIssuer, "withSecondFactor">;
  /** The step-up's own budget of codes, the account's from the caller's network. */
  attempts: SignedInBudgetRepository;
  metrics: MetricsPort;
}

/**
 * The admins' step-up (design.md §12.1), on a budget of its own: not the second factor's 5-code lock, which whoever
 * knows the password can set by signing in with wrong codes, and would then hold back the admin's money actions.
 */
export function createStepUp({ security, codes, clock, tokens, attempts, metrics }: StepUpDeps) {
  const counted = createSignedInBudget({ attempts, clock, metrics });
  return {
    /**
     * A fresh code for the admin money actions (design.md §12.1): counted on the account's step-up budget from the
     * caller's network (5 wrong ones an hour), checked for its step or one either side, and used up as a login's code
     * is; then the caller's session token comes back re-signed with the moment of the code. Same session otherwise:
     * same id and expiry, so entering codes never keeps a session alive past its time.
     */
    async stepUp(user: UserRecord, sessionToken: string, code: string, sourceIp: string): Promise<string> {
      const secret = await enabledSecret(security, user);
      const at = await counted("step-up", user.id, sourceIp, async () => {
        const now = clock.now();
        const step = await codes.verify(secret, code, now, "adjacent");
        if (step === null) throw wrong(SECOND_FACTOR_MESSAGES.wrongCode);
        try {
          await security.useSecondFactor(user.id, secret, { kind: "code", step });
        } catch (error) {
          if (!(error instanceof MoveRefusedError)) throw error;
          if (error.reason === "code-used") throw wrong(SECOND_FACTOR_MESSAGES.usedCode);
          throw new NotPendingError(SECOND_FACTOR_MESSAGES.changed);
        }
        return now;
      });
      const token = await tokens.withSecondFactor(sessionToken, Math.floor(at.getTime() / 1000));
      // The request's own token, verified moments ago: only its expiry in between can refuse it.
      if (token === null) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
      return token;
    },
  };
}

/**
 * Two-factor sign-in changes (design.md §11, §12.2): turned on with a code and the password (ten recovery codes come
 * with it) and off with a code or a recovery code and the password, each change ending the account's other sessions;
 * recovery codes renewed the same way.
 */
export function createTwoFactorService({
  security,
  attempts,
  passwords,
  codes,
  clock,
  metrics,
  notices,
}: TwoFactorServiceDeps) {
  const secondFactor = createSecondFactorCheck({ security, codes, clock, notices });

  /** The password, checked as a login checks it; a wrong one is a 400 for the same reason as a wrong code. */
  const confirmPassword = createPasswordConfirmation({ attempts, credentials: security, passwords, clock, metrics });

  /** The caller's session as the user item keeps it (the authenticator has just found it there). */
  function callersSession(user: UserRecord, sessionId: string): SessionEntry {
    const end = user.sessions?.[sessionId];
    if (end === undefined) throw new NotAuthenticatedError(ACCOUNT_MESSAGES.sessionExpired);
    return { id: sessionId, expiresAtEpochSeconds: end };
  }

  const tell = (user: UserRecord, kind: "two-factor-on" | "two-factor-off", at: Date, sourceIp: string) =>
    notices.send({ kind, ...noticeTo(user), at, sourceIp });

  return {
    /**
     * On, with the password and a code of the secret being set up (that code counts as used). Answers the ten
     * recovery codes, shown this once; only their hashes are kept. The account's other sessions end.
     */
    async enable(
      user: UserRecord,
      { code, password, sessionId, sourceIp }: TwoFactorConfirmation,
    ): Promise<{ user: UserRecord; recoveryCodes: string[] }> {
      const state = await twoFactorOf(security, user);
      if (state?.enabled) throw new AlreadyExistsError(TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = state?.pendingSecret;
      if (!secret) throw new RuleViolationError(TWO_FACTOR_MESSAGES.notStarted);
      const keepSession = callersSession(user, sessionId);
      await confirmPassword(user, password, sourceIp);
      const recoveryCodes = newRecoveryCodes();
      const attempt = { secret, code, recoveryAllowed: false, window: "adjacent" as const, wrong, sourceIp };
      const { updated, at } = await secondFactor.check(user, attempt, async (proof, at) => {
        if (proof.kind !== "code") throw new MoveRefusedError("code-used");
        const changed = await security.enableTwoFactor({
          userId: user.id,
          secret,
          step: proof.step,
          recoveryCodeHashes: recoveryCodes.map((c) => recoveryCodeHash(user.id, c)),
          keepSession,
          at,
        });
        return { updated: changed, at };
      });
      await tell(updated, "two-factor-on", at, sourceIp);
      return { user: updated, recoveryCodes };
    },

    /** Off, with the password and a code or a recovery code. The account's other sessions end. */
    async disable(user: UserRecord, { code, password, sessionId, sourceIp }: TwoFactorConfirmation) {
      const secret = await enabledSecret(security, user);
      const keepSession = callersSession(user, sessionId);
      await confirmPassword(user, password, sourceIp);
      const attempt = { secret, code, recoveryAllowed: true, window: "adjacent" as const, wrong, sourceIp };
      const { updated, at } = await secondFactor.check(user, attempt, async (proof, at) => ({
        updated: await security.disableTwoFactor({ userId: user.id, secret, proof, keepSession, at }),
        at,
      }));
      await tell(updated, "two-factor-off", at, sourceIp);
      return updated;
    },

    /** Ten new recovery codes, with the password and a code or a recovery code; the old ones stop working. */
    async regenerateRecoveryCodes(
      user: UserRecord,
      { code, password, sourceIp }: Omit<TwoFactorConfirmation, "sessionId">,
    ): Promise<string[]> {
      const secret = await enabledSecret(security, user);
      await confirmPassword(user, password, sourceIp);
      const recoveryCodes = newRecoveryCodes();
      const hashes = recoveryCodes.map((c) => recoveryCodeHash(user.id, c));
      const attempt = { secret, code, recoveryAllowed: true, window: "adjacent" as const, wrong, sourceIp };
      await secondFactor.check(user, attempt, (proof) => security.replaceRecoveryCodes(user.id, secret, proof, hashes));
      return recoveryCodes;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
