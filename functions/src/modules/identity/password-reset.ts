import { createHash, randomBytes } from "node:crypto";
import { ADMIN_PASSWORD_MIN_LENGTH, MESSAGES } from "@jengafund/shared";
import { type Clock, minutesToNextHour } from "../../kernel/clock.js";
import { ChallengeRequiredTooManyError, InvalidInputError, TooManyAttemptsError } from "../../kernel/errors.js";
import type { MetricsPort } from "../../kernel/metrics.js";
import { outboxEventId } from "../../kernel/outbox-port.js";
import { MoveRefusedError, type UserReader, type UserRecord } from "../../kernel/records.js";
import {
  PASSWORD_RESET_VALID_MINUTES,
  passwordResetLink,
  type SecurityNotices,
} from "../../kernel/security-notices.js";
import { loginAttemptAt } from "./accounts.js";
import type { PasswordHasher } from "./passwords.js";
import type { AccountRepository, AccountSecurityRepository, PasswordResetRecord } from "./port.js";
import { challengeBinding, type ProofOfWork } from "./proof-of-work.js";
import type { AttemptGuardRepository, PasswordResetLimits } from "./proof-of-work-port.js";

export { PASSWORD_RESET_VALID_MINUTES };

export interface PasswordResetRequestDeps {
  accounts: Pick<AccountRepository, "findLoginCredential" | "getUser">;
  /** Counts each request, and writes an account's link and its email with the count (design.md §12.2). */
  attempts: Pick<AttemptGuardRepository, "admitPasswordResetRequest">;
  proofOfWork: ProofOfWork;
  clock: Clock;
  /** Requests per email (known or not: past it, a proof of work) and per address (past it, 429) per hour. */
  limits: PasswordResetLimits;
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
  /** The web app's origin; the link is `<webOrigin>/reset-password#token=…`. */
  webOrigin: string;
}

/** A new single-use link's token and its record (only the token's hash), not yet written. */
function newResetLink(user: Pick<UserRecord, "id" | "email">, validMinutes: number, now: Date) {
  const token = randomBytes(32).toString("base64url");
  const reset: PasswordResetRecord = {
    tokenHash: hashOf(token),
    userId: user.id,
    email: user.email,
    createdAt: now.toISOString(),
    expiresAtEpochSeconds: Math.floor(now.getTime() / 1000) + validMinutes * 60,
  };
  return { token, reset };
}

/**
 * Issues single-use links to the reset page: the forgot-password email's (30 minutes, written with the request's
 * count below), and the link an operator hands a new admin to set their first password with (design.md §12.1, 24
 * hours). Both are the same kind of link, used through the same `POST /auth/reset-password`; only their lifetime
 * differs.
 */
export function createPasswordLinks({ security, clock, webOrigin }: PasswordLinkDeps) {
  return {
    async issue(
      user: Pick<UserRecord, "id" | "email">,
      validMinutes: number = PASSWORD_RESET_VALID_MINUTES,
      now: Date = clock.now(),
    ): Promise<{ link: string; expiresAt: Date }> {
      const { token, reset } = newResetLink(user, validMinutes, now);
      await security.savePasswordReset(reset);
      return {
        link: passwordResetLink(webOrigin, token),
        expiresAt: new Date(reset.expiresAtEpochSeconds * 1000),
      };
    },
  };
}

export type PasswordLinks = ReturnType<typeof createPasswordLinks>;

/**
 * Account recovery by email (design.md §11), its first half: the email with a single-use link, valid 30 minutes.
 * Apart from the second half so that only that route's bundle hashes passwords.
 */
export function createPasswordResetRequests(deps: PasswordResetRequestDeps) {
  const { accounts, attempts, proofOfWork, clock, limits, metrics } = deps;

  return {
    /**
     * Always the same answer, in the same time, whether or not the email has an account: the same two reads (an
     * unknown email's user is looked for under no id), then one transaction that counts the request per email and per
     * address and, for an account, writes its link and the email's outbox event; the mail goes out from the outbox.
     * Neither a mailbox nor the table can be flooded. Past the email's limit the owner is not refused: the request
     * must bring a solved proof-of-work challenge (`altcha`), and the 429 that asks for one is the same for every
     * email, known or not; a refused request writes no link.
     */
    async request(email: string, sourceIp: string, altcha?: string): Promise<{ message: string }> {
      const now = clock.now();
      const boundTo = challengeBinding(email, sourceIp);
      const proof = altcha === undefined ? null : await proofOfWork.check(altcha, "password-reset", boundTo);
      const credential = await accounts.findLoginCredential(email);
      const user = await accounts.getUser(credential?.userId ?? NO_ACCOUNT);
      const link = user?.isActive ? newResetLink(user, PASSWORD_RESET_VALID_MINUTES, now) : undefined;
      const admission = await attempts.admitPasswordResetRequest(
        loginAttemptAt(now, email, sourceIp),
        limits,
        proof ?? undefined,
        link && {
          reset: link.reset,
          mail: {
            id: outboxEventId("password-reset", link.reset.tokenHash),
            kind: "password-reset",
            userId: link.reset.userId,
            data: { resetToken: link.token },
            createdAt: link.reset.createdAt,
          },
        },
      );
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
      return { message: PASSWORD_RESET_MESSAGES.requested };
    },
  };
}

/** The id an unknown email's user is read under: no user has it (ids are ULIDs). */
const NO_ACCOUNT = "none";

export interface PasswordResetDeps {
  security: Pick<AccountSecurityRepository, "findPasswordReset" | "resetPassword">;
  /** The link's account, for its role: an admin's password needs ADMIN_PASSWORD_MIN_LENGTH characters. */
  users: UserReader;
  passwords: Pick<PasswordHasher, "hash">;
  /** Refuses a common password (InvalidInputError), as at register (design.md §12.2). */
  refuseCommonPassword: (password: string, userInputs: string[]) => Promise<void>;
  clock: Clock;
  /** The owner is told the password changed (design.md §12.2). */
  notices?: SecurityNotices;
}

/** The second half: the link sets a new password, once; every session issued before ends (the token version moves on). */
export function createPasswordResets({
  security,
  users,
  passwords,
  refuseCommonPassword,
  clock,
  notices,
}: PasswordResetDeps) {
  return {
    async reset(token: string, password: string, sourceIp?: string): Promise<{ message: string }> {
      const now = clock.now();
      const reset = await security.findPasswordReset(hashOf(token));
      if (!reset || reset.expiresAtEpochSeconds <= Math.floor(now.getTime() / 1000)) {
        throw new InvalidInputError(MESSAGES.invalidResetLink);
      }
      // The schema holds every password to the investors' minimum; an admin's (a new admin's first one too) is longer.
      const owner = await users.getUser(reset.userId);
      if (owner?.role === "admin" && password.length < ADMIN_PASSWORD_MIN_LENGTH) {
        throw new InvalidInputError(MESSAGES.adminPasswordTooShort);
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
