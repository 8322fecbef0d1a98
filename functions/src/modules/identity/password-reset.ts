import { createHash, randomBytes } from "node:crypto";
import { MESSAGES } from "@jengafund/shared";
import type { Mailer } from "../../adapters/mail/mailer.js";
import { type Clock, minutesToNextHour } from "../../kernel/clock.js";
import { ChallengeRequiredTooManyError, InvalidInputError, TooManyAttemptsError } from "../../kernel/errors.js";
import type { Log } from "../../kernel/log.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import { MoveRefusedError, type UserRecord } from "../../kernel/records.js";
import type { SecurityNotices } from "../../kernel/security-notices.js";
import { passwordResetEmail } from "../messaging/index.js";
import { loginAttemptAt } from "./accounts.js";
import type { PasswordHasher } from "./passwords.js";
import type { AccountRepository, AccountSecurityRepository } from "./port.js";
import { challengeBinding, type ProofOfWork } from "./proof-of-work.js";
import type { AttemptGuardRepository, PasswordResetLimits } from "./proof-of-work-port.js";

/** How long a reset link works (design.md §11). */
export const PASSWORD_RESET_VALID_MINUTES = 30;

export interface PasswordResetRequestDeps {
  accounts: Pick<AccountRepository, "findLoginCredential" | "getUser">;
  security: Pick<AccountSecurityRepository, "savePasswordReset">;
  /** Counts each request before anything else is done (design.md §12.2). */
  attempts: Pick<AttemptGuardRepository, "admitPasswordResetRequest">;
  proofOfWork: ProofOfWork;
  /** Built on first use: a request for an unknown email never loads a mail client. */
  mailer: () => Mailer;
  clock: Clock;
  /** The web app's origin; the link is `<webOrigin>/reset-password?token=…`. */
  webOrigin: string;
  /** Requests per email (known or not: past it, a proof of work) and per address (past it, 429) per hour. */
  limits: PasswordResetLimits;
  log: Log;
  metrics: MetricsPort;
}

export const PASSWORD_RESET_MESSAGES = {
  requested: `If an account exists for that email, we have sent a link to reset its password. The link works for ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
  done: "Your password has been changed. Please log in with your new password.",
  challengeRequired:
    "Many reset links were asked for this email in the last hour. Complete the check below, then ask again.",
} as const;

export const passwordResetLimitMessage = (now: Date) => {
  const minutes = minutesToNextHour(now);
  return `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/** The stored form of a link's token: only its SHA-256, so the table never holds a usable link. */
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface PasswordLinkDeps {
  security: Pick<AccountSecurityRepository, "savePasswordReset">;
  clock: Clock;
  /** The web app's origin; the link is `<webOrigin>/reset-password?token=…`. */
  webOrigin: string;
}

/**
 * Issues single-use links to the reset page: the forgot-password email's (30 minutes), and the link an operator hands a
 * new admin to set their first password with (design.md §12.1, 24 hours). Both are the same kind of link, used through
 * the same `POST /auth/reset-password`; only their lifetime differs.
 */
export function createPasswordLinks({ security, clock, webOrigin }: PasswordLinkDeps) {
  return {
    async issue(
      user: Pick<UserRecord, "id" | "email">,
      validMinutes: number = PASSWORD_RESET_VALID_MINUTES,
      now: Date = clock.now(),
    ): Promise<{ link: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const expiresAtEpochSeconds = Math.floor(now.getTime() / 1000) + validMinutes * 60;
      await security.savePasswordReset({
        tokenHash: hashOf(token),
        userId: user.id,
        email: user.email,
        createdAt: now.toISOString(),
        expiresAtEpochSeconds,
      });
      return {
        link: `${webOrigin.replace(/\/+$/, "")}/reset-password?token=${token}`,
        expiresAt: new Date(expiresAtEpochSeconds * 1000),
      };
    },
  };
}

export type PasswordLinks = ReturnType<typeof createPasswordLinks>;

/**
 * Account recovery by email (design.md §11), its first half: the email with a single-use link, valid 30 minutes.
 * Apart from the second half so that only this route's bundle carries a mail client.
 */
export function createPasswordResetRequests(deps: PasswordResetRequestDeps) {
  const { accounts, security, attempts, proofOfWork, mailer, clock, webOrigin, limits, log, metrics } = deps;
  const links = createPasswordLinks({ security, clock, webOrigin });

  return {
    /**
     * Always the same answer, whether or not the email has an account. The request is counted per email and per
     * address first (one conditional write), so neither a mailbox nor the table can be flooded. Past the email's
     * limit, the owner is not refused: the request must bring a solved proof-of-work challenge (`altcha`), and the
     * 429 that asks for one is the same for every email, known or not.
     */
    async request(email: string, sourceIp: string, altcha?: string): Promise<{ message: string }> {
      const now = clock.now();
      const boundTo = challengeBinding(email, sourceIp);
      const proof = altcha === undefined ? null : await proofOfWork.check(altcha, "password-reset", boundTo);
      const [admission, credential] = await Promise.all([
        attempts.admitPasswordResetRequest(loginAttemptAt(now, email, sourceIp), limits, proof ?? undefined),
        accounts.findLoginCredential(email),
      ]);
      if (admission === "refused") {
        metrics.count("PasswordResetsThrottled", "address");
        throw new TooManyAttemptsError(passwordResetLimitMessage(now));
      }
      if (admission !== "counted") {
        metrics.count("PasswordResetsThrottled", "challenge");
        throw new ChallengeRequiredTooManyError(
          PASSWORD_RESET_MESSAGES.challengeRequired,
          await proofOfWork.challenge("password-reset", now, { boundTo }),
        );
      }
      const user = credential ? await accounts.getUser(credential.userId) : null;
      if (!user?.isActive) return { message: PASSWORD_RESET_MESSAGES.requested };

      const { link } = await links.issue(user, PASSWORD_RESET_VALID_MINUTES, now);
      try {
        await mailer().send(
          passwordResetEmail({
            to: user.email,
            firstName: user.firstName,
            link,
            validMinutes: PASSWORD_RESET_VALID_MINUTES,
          }),
        );
      } catch (error) {
        // The answer stays the same (a failure only for existing accounts would tell them apart); the operator sees it.
        metrics.count("PasswordResetEmailsFailed");
        log("error", "Password reset email not sent", { error, userId: user.id });
      }
      return { message: PASSWORD_RESET_MESSAGES.requested };
    },
  };
}

export interface PasswordResetDeps {
  security: Pick<AccountSecurityRepository, "findPasswordReset" | "resetPassword">;
  passwords: Pick<PasswordHasher, "hash">;
  /** Refuses a common password (InvalidInputError), as at register (design.md §12.2). */
  refuseCommonPassword: (password: string, userInputs: string[]) => Promise<void>;
  clock: Clock;
  /** The owner is told the password changed (design.md §12.2). */
  notices?: SecurityNotices;
}

/** The second half: the link sets a new password, once; every session issued before ends (the token version moves on). */
export function createPasswordResets({ security, passwords, refuseCommonPassword, clock, notices }: PasswordResetDeps) {
  return {
    async reset(token: string, password: string, sourceIp?: string): Promise<{ message: string }> {
      const now = clock.now();
      const reset = await security.findPasswordReset(hashOf(token));
      if (!reset || reset.expiresAtEpochSeconds <= Math.floor(now.getTime() / 1000)) {
        throw new InvalidInputError(MESSAGES.invalidResetLink);
      }
      await refuseCommonPassword(password, [reset.email]);
      const passwordHash = await passwords.hash(password);
      try {
        await security.resetPassword({ reset, passwordHash, now });
      } catch (error) {
        if (error instanceof MoveRefusedError) throw new InvalidInputError(MESSAGES.invalidResetLink);
        throw error;
      }
      await notices?.send({
        kind: "password-changed",
        userId: reset.userId,
        at: now,
        ...(sourceIp ? { sourceIp } : {}),
      });
      return { message: PASSWORD_RESET_MESSAGES.done };
    },
  };
}

export type PasswordResetRequests = ReturnType<typeof createPasswordResetRequests>;
export type PasswordResets = ReturnType<typeof createPasswordResets>;
