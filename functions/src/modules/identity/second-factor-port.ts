/**
 * The second factor (design.md §12.2): turning two-factor sign-in on and off, using an authenticator code or a
 * recovery code once, and the second factor's own budget of wrong codes, kept on the user's `twoFactor` state.
 *
 * Every write that a right code authorises also puts the budget back to zero, in the same conditional update that
 * uses the code, so a code refused as used stays counted like a wrong one.
 */
import type { UserRecord } from "../../kernel/records.js";
import type { SessionEntry } from "./sessions-port.js";

/** What proves the second factor: an authenticator code's time step, or the hash of one of the recovery codes. */
export type SecondFactorProof = { kind: "code"; step: number } | { kind: "recovery"; hash: string };

/** The outcome of counting a code before it is checked. */
export type SecondFactorCount =
  /** Counted: `failures` codes in a row now, this one included. */
  | { counted: true; failures: number }
  /**
   * Not counted: the budget is used up. `lockedUntil` (epoch seconds) when a lock is set; `countedAt`, when the last
   * code was counted (a budget full without a lock is one whose last codes are still being checked).
   */
  | { counted: false; failures: number; lockedUntil?: number; countedAt?: number };

export interface TwoFactorOn {
  userId: string;
  /** The secret being set up, confirmed by a code of this step (which counts as used). */
  secret: string;
  step: number;
  recoveryCodeHashes: string[];
  /** The caller's session, the only one left (the account's other sessions end). */
  keepSession: SessionEntry;
  at: Date;
}

export interface TwoFactorOff {
  userId: string;
  secret: string;
  proof: SecondFactorProof;
  keepSession: SessionEntry;
  at: Date;
}

export interface SecondFactorRepository {
  /**
   * Counts a code before it is checked, by one update whose condition carries the budget: fewer than `max` in a row
   * and no lock in force at `nowEpochSeconds`. However many run at once, at most `max` are counted.
   */
  countSecondFactorAttempt(
    userId: string,
    budget: { max: number; nowEpochSeconds: number },
  ): Promise<SecondFactorCount>;
  /** Locks the second factor until then, if the budget is still used up (a right code may have reset it meanwhile). */
  lockSecondFactor(userId: string, budget: { max: number; untilEpochSeconds: number }): Promise<boolean>;
  /**
   * Starts a new budget once a lock has ended, or once a full budget was left without a lock (its last check never
   * finished) for a lock's length: only if the state is still the one seen (`seen`).
   */
  renewSecondFactorBudget(userId: string, seen: { lockedUntil?: number; countedAt?: number }): Promise<void>;
  /** Turns it on, if `secret` is still the one being set up ("two-factor-changed"). */
  enableTwoFactor(change: TwoFactorOn): Promise<UserRecord>;
  /** Turns it off with an unused proof ("code-used" or "two-factor-changed"). */
  disableTwoFactor(change: TwoFactorOff): Promise<UserRecord>;
  /**
   * Uses a sign-in proof once ("code-used"): a step later than the last one used, or a recovery code still unused.
   * Answers how many recovery codes the account has left after it (read from the same write).
   */
  useSecondFactor(userId: string, secret: string, proof: SecondFactorProof): Promise<{ recoveryCodesLeft: number }>;
  /** Replaces the recovery codes, with an unused proof ("code-used"). */
  replaceRecoveryCodes(userId: string, secret: string, proof: SecondFactorProof, hashes: string[]): Promise<void>;
}
