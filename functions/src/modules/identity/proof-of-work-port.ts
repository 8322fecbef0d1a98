/**
 * Proof of work (design.md §12.2): past an account's hourly limit of failed passwords (or an email's of reset
 * requests), an attempt carries a solved ALTCHA challenge. Each solved challenge is accepted once: its record is
 * written with the attempt it pays for, on the condition that none exists, and kept until the challenge expires.
 */

import type { NewOutboxEvent } from "../../kernel/outbox-port.js";
import type { LoginAttempt, PasswordResetRecord } from "./port.js";

/** What a solved challenge asks for: a login, or a password reset email. */
export type ProofPurpose = "login" | "password-reset";

/** A solved, unexpired challenge, recorded as spent in the same write that counts its attempt. */
export interface SpentProof {
  /** The challenge's signature: unique to it, and only the server can make one. */
  id: string;
  purpose: ProofPurpose;
  /** Epoch seconds: the challenge's end, and the record's TTL. */
  expiresAtEpochSeconds: number;
  /** How many times the base cost the challenge asked for (1, 2, 4…): a login's grows with the failures (§13.4). */
  costFactor: number;
}

/** Where an attempt stands once it is (or is not) counted against its hour's limits. */
export type AttemptAdmission =
  /** Counted: the password (or the request) may be checked. */
  | "counted"
  /** A hard limit (the address, or the account from this address) is reached: refused, nothing counted. */
  | "refused"
  /** The account's (or email's) own limit is reached: the attempt needs a solved challenge; nothing counted. */
  | "proof-needed"
  /** The attempt carried a challenge that was spent already: nothing counted. */
  | "proof-spent"
  /** The account's failures of the day reached their limit and no live sign-in link came: nothing counted. */
  | "sign-in-link";

export interface LoginAttemptLimits {
  /** Failed passwords for one account from one address: past it, 429 for that pair only. */
  perAccountAndIpPerHour: number;
  /** Failed passwords from one address across accounts: past it, 429. */
  perIpPerHour: number;
  /** Failed passwords for one account from all addresses: past it, a solved challenge is needed. */
  perAccountPerHour: number;
  /** Failed passwords for one account in a Nairobi day: past it, the password alone no longer signs in. */
  perAccountPerDay: number;
}

/** What a login attempt brings beyond its password, for the limits it may pass. */
export interface LoginAdmissionPass {
  /** A solved challenge, with the account's hourly failures below which its cost suffices (none: it always does). */
  proof?: { spent: SpentProof; coversFailuresBelow?: number };
  /** The account's live sign-in link came with the attempt: the day's limit does not apply to it. */
  signInLink?: boolean;
}

/** A reset link for an account that has one: its record and the email that carries it (an outbox event). */
export interface PasswordResetLink {
  reset: PasswordResetRecord;
  mail: NewOutboxEvent;
}

export interface PasswordResetLimits {
  /** Reset emails asked for one email (known or not): past it, a solved challenge is needed. */
  perEmailPerHour: number;
  /** Reset emails asked for from one address: past it, 429. */
  perIpPerHour: number;
}

/**
 * The counting of login attempts and reset requests, each one write whose conditions carry the limits (so parallel
 * attempts cannot all pass a check made before any was counted), with the spent challenge in the same write.
 */
export interface AttemptGuardRepository {
  admitLoginAttempt(
    attempt: LoginAttempt,
    limits: LoginAttemptLimits,
    pass?: LoginAdmissionPass,
  ): Promise<AttemptAdmission>;
  /** The account's failed passwords counted in the attempt's hour, which set the cost of its next challenge. */
  loginFailuresThisHour(attempt: LoginAttempt): Promise<number>;
  /**
   * Counts a reset request; with `link`, writes it and its email in the same transaction, so the request makes one
   * write whether or not the email has an account, and a refused request writes no link.
   */
  admitPasswordResetRequest(
    request: LoginAttempt,
    limits: PasswordResetLimits,
    proof?: SpentProof,
    link?: PasswordResetLink,
  ): Promise<AttemptAdmission>;
}
