import type {
  AuditRecord,
  CallerContext,
  CallerRefs,
  CredentialRecord,
  LedgerLine,
  UserReader,
  UserRecord,
  UserSummary,
} from "../../kernel/records.js";

export interface NewAccount {
  user: UserRecord;
  /** Written on the account's credential item, beside the user item. */
  passwordHash: string;
  /** The trial balance's opening ledger line, so trialBalance always equals the sum of its ledger. */
  openingLine?: LedgerLine;
  referral?: { referrer: UserSummary & { id: string }; rewardCents: number };
  /** Africa/Nairobi day of the registration, for the "new users today" counter. */
  day: string;
  /** An admin account made by an operator: its audit entry, written in the same transaction. */
  audit?: AuditRecord;
}

export type UniqueField = "email" | "phoneNumber" | "referralCode";

/** What an email logs in with: its account's credential (password hash and second factor). */
export type LoginCredential = CredentialRecord;

/** Reads an account's credential item: only the sign-in functions may (docs/adr/0016-credentials-apart.md). */
export interface CredentialReader {
  getCredential(userId: string): Promise<CredentialRecord | null>;
}

/** One login attempt as the throttle counts it: on the account's and the address's counter of its hour. */
export interface LoginAttempt {
  email: string;
  sourceIp: string;
  /** The UTC hour, `yyyy-mm-ddThh`: the counters' window. */
  hour: string;
  expiresAtEpochSeconds: number;
  /** The Nairobi day, `yyyy-mm-dd`: the window of the account's daily count of failures (design.md §13.4). */
  day: string;
  dayExpiresAtEpochSeconds: number;
}

/** One public referral code check, counted against the caller's address in the UTC hour it is made. */
export interface ReferralCodeCheckAttempt {
  sourceIp: string;
  /** The UTC hour, `yyyy-mm-ddThh`: the counter's window. */
  hour: string;
  expiresAtEpochSeconds: number;
}

export interface AccountRepository extends UserReader, CredentialReader {
  /** The owner of a referral code, or null. */
  findReferrer(code: string): Promise<(UserSummary & { id: string }) | null>;
  /**
   * Writes the user, its credential, its uniqueness markers, opening ledger line, referral and counters in one
   * transaction.
   */
  createAccount(account: NewAccount): Promise<void>;
  /** The user and, in the same round trip, the records a request is about (a package, one of their investments). */
  getUserWith(userId: string, refs: CallerRefs): Promise<CallerContext | null>;
  /** The credential of an email's account: its uniqueness marker names the account; null when unknown. */
  findLoginCredential(email: string): Promise<LoginCredential | null>;
  /** Gives a counted attempt back: a right password does not use up the budget. */
  releaseLoginAttempt(attempt: LoginAttempt): Promise<void>;
  /**
   * Counts a referral code check against its address by one write whose condition carries the limit. False (and
   * nothing counted) when the address has used up its checks for the hour.
   */
  reserveReferralCodeCheck(attempt: ReferralCodeCheckAttempt, limitPerHour: number): Promise<boolean>;
}

/** An unused password reset link; only the SHA-256 of its token is kept. */
export interface PasswordResetRecord {
  tokenHash: string;
  userId: string;
  email: string;
  createdAt: string;
  /** Epoch seconds: the link's end, and the item's TTL. */
  expiresAtEpochSeconds: number;
}

/** A new password from a reset link: the link, the user and their credential change together. */
export interface PasswordChange {
  reset: PasswordResetRecord;
  passwordHash: string;
  now: Date;
}

/** Password reset links and two-factor sign-in: what protects an account besides its password. */
export interface AccountSecurityRepository {
  savePasswordReset(reset: PasswordResetRecord): Promise<void>;
  findPasswordReset(tokenHash: string): Promise<PasswordResetRecord | null>;
  /**
   * Uses the link once: deletes it (unexpired), sets the password on the account's credential, and bumps the user's
   * token version (every session ends), in one transaction. Refused ("reset-link-invalid") when the
   * link is gone or expired, or the password was set since it was issued.
   */
  resetPassword(change: PasswordChange): Promise<void>;
  /** Keeps a new secret to be confirmed; refused ("two-factor-changed") when two-factor sign-in is already on. */
  startTwoFactorSetup(userId: string, pendingSecret: string): Promise<void>;
  // Turning it on and off, and every use of a code, are in second-factor-port.ts.
}
