import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Mailer } from "../../adapters/mail/mailer.js";
import type { Log } from "../../kernel/log.js";
import type { UserRecord } from "../../kernel/records.js";
import { signInLinkEmail } from "../messaging/index.js";
import type { SignInLinkRepository } from "./sign-in-link-port.js";

/** How long a sign-in link works (design.md §13.4). */
export const SIGN_IN_LINK_VALID_MINUTES = 15;

/** The login's answer while an account's password alone does not sign in (design.md §13.4). */
export const SIGN_IN_LINK_MESSAGE = "We emailed you a sign-in link";

export interface SignInLinkDeps {
  links: SignInLinkRepository;
  /** Built on first use: only a login past the day's limit sends mail. */
  mailer: () => Mailer;
  /** The web app's origin; the link is `<webOrigin>/login?signin=…`. */
  webOrigin: string;
  log: Log;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * The emailed links that let an owner sign in past the day's limit of failed passwords (design.md §13.4): one live
 * link per account at a time (so a guesser's every try does not mail the owner; at most one email per 15 minutes),
 * stored only as its token's hash, used once, and only together with the right password.
 */
export function createSignInLinks({ links, mailer, webOrigin, log }: SignInLinkDeps) {
  return {
    /** Emails the owner a new link, unless a live one was sent already. A failed email is logged, not told. */
    async send(user: Pick<UserRecord, "id" | "email" | "firstName">, now: Date): Promise<void> {
      const token = randomBytes(32).toString("base64url");
      const saved = await links.saveUnlessLive(
        {
          userId: user.id,
          tokenHash: hashOf(token),
          createdAt: now.toISOString(),
          expiresAtEpochSeconds: epochSeconds(now) + SIGN_IN_LINK_VALID_MINUTES * 60,
        },
        epochSeconds(now),
      );
      if (!saved) return;
      try {
        await mailer().send(
          signInLinkEmail({
            to: user.email,
            firstName: user.firstName,
            link: `${webOrigin.replace(/\/+$/, "")}/login?signin=${token}`,
            validMinutes: SIGN_IN_LINK_VALID_MINUTES,
          }),
        );
      } catch (error) {
        log("error", "Sign-in link email not sent", { error, userId: user.id });
      }
    },

    /** Whether `token` is the account's live link. */
    async isLive(userId: string, token: string, now: Date): Promise<boolean> {
      const link = await links.find(userId);
      if (!link || link.expiresAtEpochSeconds <= epochSeconds(now)) return false;
      return timingSafeEqual(Buffer.from(link.tokenHash), Buffer.from(hashOf(token)));
    },

    /** Uses the link up; false when it was no longer live (used by a parallel sign-in, or expired since). */
    use: (userId: string, token: string, now: Date): Promise<boolean> =>
      links.use(userId, hashOf(token), epochSeconds(now)),
  };
}

export type SignInLinks = ReturnType<typeof createSignInLinks>;
