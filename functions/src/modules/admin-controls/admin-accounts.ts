/**
 * Admins are made by an operator (design.md §12.1), never by the API and never by editing the table: `npm run admin`
 * (scripts/admin.ts) creates an admin account with no usable password and hands out a one-time link to the reset page
 * where the new admin sets one; it also turns admin accounts off and on, which the API refuses on purpose.
 */
import { randomBytes } from "node:crypto";
import { RegisterInputSchema } from "@jengafund/shared";
import * as z from "zod/mini";
import type { Mailer } from "../../adapters/mail/mailer.js";
import { type Clock, nairobiDay } from "../../kernel/clock.js";
import { AlreadyExistsError, NotFoundError, RuleViolationError } from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import { type AuditRecord, MoveRefusedError, type UserRecord } from "../../kernel/records.js";
import type { PasswordHasher, PasswordLinks } from "../identity/index.js";
import { ACCOUNT_MESSAGES, type AccountRepository } from "../identity/index.js";
import { adminWelcomeEmail } from "../messaging/index.js";
import type { AdminAccountRepository } from "./admin-accounts-port.js";

/** How long the link a new admin sets their first password with works: long enough to reach a person by phone. */
export const ADMIN_PASSWORD_LINK_VALID_HOURS = 24;

/** `create`'s input: register's rules for names, email and Kenyan phone number, without a password or referral. */
export const AdminAccountInputSchema = z.pick(RegisterInputSchema, {
  firstName: true,
  lastName: true,
  email: true,
  phoneNumber: true,
});
export type AdminAccountInput = z.input<typeof AdminAccountInputSchema>;
export type AdminAccountCommand = z.output<typeof AdminAccountInputSchema>;

export const ADMIN_ACCOUNT_MESSAGES = {
  emailTaken: ACCOUNT_MESSAGES.emailTaken,
  phoneTaken: ACCOUNT_MESSAGES.phoneTaken,
  unknownEmail: (email: string) => `No account has the email ${email}`,
  notAdmin: (email: string) =>
    `${email} is not an admin account: investors are deactivated and activated in the admin console (Users)`,
  changed: (email: string) => `The account ${email} changed while this ran; run the command again`,
} as const;

/**
 * Who runs the command, as the audit trail shows them. An operator has no account: the entry names the operator's
 * login on the machine the command ran on, under an actor id of its own that no account can have (accounts are ULIDs).
 */
export interface Operator {
  login: string;
  host: string;
}

export const OPERATOR_ACTOR_ID = "operator";
/** Where an audit entry's `ip` would be: the command it came through. */
export const OPERATOR_SOURCE = "npm run admin";

export interface AdminAccountServiceDeps {
  accounts: Pick<AccountRepository, "createAccount" | "findLoginCredential" | "getUser">;
  adminAccounts: AdminAccountRepository;
  /** The reset page's single-use links (password-reset.ts), here issued for ADMIN_PASSWORD_LINK_VALID_HOURS. */
  links: Pick<PasswordLinks, "issue">;
  passwords: Pick<PasswordHasher, "hash">;
  /** Built on first use: disable and enable never load a mail client. */
  mailer: () => Mailer;
  clock: Clock;
  newId: IdGenerator;
  newReferralCode: () => string;
  operator: Operator;
}

export interface CreatedAdmin {
  user: UserRecord;
  /** `<webOrigin>/reset-password#token=…`: the only way into the account until it is used. */
  link: string;
  expiresAt: Date;
  /** Whether the link was also mailed to the admin; the link printed for the operator works either way. */
  mail: { sent: true } | { sent: false; error: string };
}

export interface AdminStatusChange {
  user: UserRecord;
  /** False when the account already was as asked: nothing written, nothing audited. */
  changed: boolean;
  audit?: AuditRecord;
}

/** A referral code collision is astronomically rare, but retrying costs nothing (as at registration). */
const REFERRAL_CODE_ATTEMPTS = 3;

export function createAdminAccountService(deps: AdminAccountServiceDeps) {
  const { accounts, adminAccounts, links, passwords, mailer, clock, newId, newReferralCode, operator } = deps;

  /** An audit entry by the operator (design.md §11): the command is where it came from. */
  const operatorAudit = (
    action: AuditRecord["action"],
    subject: Pick<UserRecord, "id" | "email">,
    details: Omit<AuditRecord["details"], "ip">,
    at: Date,
  ): AuditRecord => ({
    id: newId(),
    action,
    actor: {
      id: OPERATOR_ACTOR_ID,
      firstName: "Operator",
      lastName: operator.login,
      email: `${operator.login}@${operator.host}`,
    },
    target: { type: "user", id: subject.id, label: subject.email },
    details: { ...details, ip: OPERATOR_SOURCE },
    createdAt: at.toISOString(),
  });

  async function findAdmin(email: string): Promise<UserRecord> {
    const credential = await accounts.findLoginCredential(email);
    const user = credential ? await accounts.getUser(credential.userId) : null;
    if (!user) throw new NotFoundError(ADMIN_ACCOUNT_MESSAGES.unknownEmail(email));
    if (user.role !== "admin") throw new RuleViolationError(ADMIN_ACCOUNT_MESSAGES.notAdmin(email));
    return user;
  }

  return {
    /**
     * Writes the account exactly as a registration does (user, uniqueness markers of email, phone and referral code,
     * the user counters) but as an admin with no trial money, with its `admin.create` audit entry by the operator in
     * the same transaction, and issues its password link.
     */
    async create(input: AdminAccountCommand): Promise<CreatedAdmin> {
      // A password nobody knows, so the account has a hash like any other and a login with any password fails.
      const passwordHash = await passwords.hash(randomBytes(32).toString("base64url"));
      let user: UserRecord;
      for (let attempt = 1; ; attempt++) {
        const now = clock.now();
        user = {
          id: newId(),
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phoneNumber: input.phoneNumber,
          role: "admin",
          isTrialAccount: false,
          trialBalanceCents: 0,
          walletBalanceCents: 0,
          totalReferralEarningsCents: 0,
          referralCode: newReferralCode(),
          isActive: true,
          tokenVersion: 1,
          createdAt: now.toISOString(),
        };
        try {
          const audit = operatorAudit(
            "admin.create",
            user,
            { after: { role: "admin", firstName: user.firstName, lastName: user.lastName, isActive: true } },
            now,
          );
          await accounts.createAccount({ user, passwordHash, day: nairobiDay(now), audit });
          break;
        } catch (error) {
          if (!(error instanceof MoveRefusedError)) throw error;
          if (error.reason === "email-taken") throw new AlreadyExistsError(ADMIN_ACCOUNT_MESSAGES.emailTaken);
          if (error.reason === "phone-taken") throw new AlreadyExistsError(ADMIN_ACCOUNT_MESSAGES.phoneTaken);
          if (error.reason !== "referral-code-taken" || attempt >= REFERRAL_CODE_ATTEMPTS) throw error;
        }
      }
      const { link, expiresAt } = await links.issue(user, ADMIN_PASSWORD_LINK_VALID_HOURS * 60);
      let mail: CreatedAdmin["mail"] = { sent: true };
      try {
        await mailer().send(
          adminWelcomeEmail({
            to: user.email,
            firstName: user.firstName,
            link,
            expiresAt,
            validHours: ADMIN_PASSWORD_LINK_VALID_HOURS,
          }),
        );
      } catch (error) {
        mail = { sent: false, error: error instanceof Error ? error.message : String(error) };
      }
      return { user, link, expiresAt, mail };
    },

    /**
     * Turns an admin account off (every session ends, login answers "Account is deactivated") or on again, recorded
     * in the audit trail as `user.status` by the operator.
     */
    async setActive(email: string, isActive: boolean, reason?: string): Promise<AdminStatusChange> {
      const subject = await findAdmin(email);
      if (subject.isActive === isActive) return { user: subject, changed: false };
      const audit = operatorAudit(
        "user.status",
        subject,
        { before: { isActive: subject.isActive }, after: { isActive }, ...(reason ? { reason } : {}) },
        clock.now(),
      );
      try {
        const user = await adminAccounts.setAdminActive(subject, isActive, audit);
        return { user, changed: true, audit };
      } catch (error) {
        if (error instanceof MoveRefusedError) throw new RuleViolationError(ADMIN_ACCOUNT_MESSAGES.changed(email));
        throw error;
      }
    },
  };
}

export type AdminAccountService = ReturnType<typeof createAdminAccountService>;
