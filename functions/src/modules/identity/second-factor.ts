import { nairobiWallClock } from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import { type DomainError, NotPendingError, TooManyAttemptsError } from "../../kernel/errors.js";
import { MoveRefusedError, type UserRecord } from "../../kernel/records.js";
import { noticeTo, type SecurityNotices } from "../../kernel/security-notices.js";
import { recoveryCodeHash } from "./recovery-codes.js";
import type { SecondFactorCount, SecondFactorProof, SecondFactorRepository } from "./second-factor-port.js";
import type { TotpCodes, TotpWindow } from "./totp.js";

/** Wrong codes in a row that lock the second factor (design.md §12.2), and for how long. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_LOCK_SECONDS = 15 * 60;

export const SECOND_FACTOR_MESSAGES = {
  wrongCode: "That code is not right. Check the code in your authenticator app and try again.",
  usedCode: "That code was already used. Wait for the next code in your authenticator app.",
  wrongRecoveryCode: "That recovery code is not right, or it was already used.",
  changed: "Your two-factor settings changed meanwhile. Please start again.",
  /** `until` in Nairobi time, as the owner's clock shows it. */
  locked: (until: Date) =>
    `Too many wrong codes. Two-factor sign-in is locked until ${nairobiWallClock(until).slice(11, 16)} (Nairobi time). Please try again then.`,
} as const;

export interface SecondFactorCheckDeps {
  security: SecondFactorRepository;
  codes: TotpCodes;
  clock: Clock;
  notices: SecurityNotices;
}

/** A code to check: against which secret, whether a recovery code may stand in, and the error a wrong one gets. */
export interface SecondFactorAttempt {
  secret: string;
  /** Normalised by the route's schema (digits, or a recovery code in lower case without its hyphen). */
  code: string;
  recoveryAllowed: boolean;
  /** The steps a code may be of: a login's, the current one only; a signed-in change's, one either side too. */
  window: TotpWindow;
  /** A login answers a wrong code 401 (asking for it again), a signed-in action 400 (its session is fine). */
  wrong: (message: string) => DomainError;
  sourceIp: string;
}

/**
 * The second factor's own budget (design.md §12.2): every code is counted on the user's two-factor state before it is
 * checked, by an update whose condition carries the budget, so however many run at once no more than 5 are checked
 * in a row without a right one. The 5th wrong one locks the second factor for 15 minutes and tells the owner. A right
 * code puts the budget back to zero in the same write that uses it up. Password failures are counted elsewhere.
 */
export function createSecondFactorCheck({ security, codes, clock, notices }: SecondFactorCheckDeps) {
  const budget = (nowEpochSeconds: number) => ({ max: SECOND_FACTOR_MAX_FAILURES, nowEpochSeconds });

  /** A refusal after the lock's end (or a full budget whose last check never finished, as long) can start anew. */
  const renewable = (outcome: Extract<SecondFactorCount, { counted: false }>, now: number) =>
    outcome.lockedUntil !== undefined
      ? outcome.lockedUntil <= now
      : outcome.failures >= SECOND_FACTOR_MAX_FAILURES &&
        outcome.countedAt !== undefined &&
        outcome.countedAt + SECOND_FACTOR_LOCK_SECONDS <= now;

  /** Counts the code; returns how many codes in a row are now counted, this one included. */
  async function count(user: UserRecord, now: Date): Promise<number> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    let outcome = await security.countSecondFactorAttempt(user.id, budget(nowSeconds));
    if (!outcome.counted && renewable(outcome, nowSeconds)) {
      await security.renewSecondFactorBudget(user.id, outcome);
      outcome = await security.countSecondFactorAttempt(user.id, budget(nowSeconds));
    }
    if (outcome.counted) return outcome.failures;
    // Budget left but not counted: two-factor sign-in was turned off or set up again meanwhile.
    if (outcome.failures < SECOND_FACTOR_MAX_FAILURES && outcome.lockedUntil === undefined) {
      throw new NotPendingError(SECOND_FACTOR_MESSAGES.changed);
    }
    const until = outcome.lockedUntil ?? (outcome.countedAt ?? nowSeconds) + SECOND_FACTOR_LOCK_SECONDS;
    throw new TooManyAttemptsError(SECOND_FACTOR_MESSAGES.locked(new Date(until * 1000)));
  }

  async function lock(user: UserRecord, now: Date, sourceIp: string): Promise<void> {
    const until = Math.floor(now.getTime() / 1000) + SECOND_FACTOR_LOCK_SECONDS;
    const locked = await security.lockSecondFactor(user.id, {
      max: SECOND_FACTOR_MAX_FAILURES,
      untilEpochSeconds: until,
    });
    if (!locked) return;
    await notices.send({
      kind: "second-factor-locked",
      ...noticeTo(user),
      at: now,
      sourceIp,
      lockedUntil: new Date(until * 1000),
    });
  }

  return {
    /**
     * Checks a code under the budget, then `use` spends its proof (a conditional write that also resets the budget).
     * A code `use` finds already used counts as a wrong one. Returns what `use` returned.
     */
    async check<T>(
      user: UserRecord,
      attempt: SecondFactorAttempt,
      use: (proof: SecondFactorProof, at: Date) => Promise<T>,
    ): Promise<T> {
      const now = clock.now();
      const counted = await count(user, now);
      // The route's schema let through 6 digits or a recovery code (shared isRecoveryCode; its module would bring the
      // schemas, and zod, into bundles that validate no input).
      const recovery = !/^\d{6}$/.test(attempt.code);
      let proof: SecondFactorProof | null = null;
      if (recovery && attempt.recoveryAllowed) {
        // Checked by the write itself: its condition wants the hash in the account's set.
        proof = { kind: "recovery", hash: recoveryCodeHash(user.id, attempt.code) };
      } else if (!recovery) {
        const step = await codes.verify(attempt.secret, attempt.code, now, attempt.window);
        if (step !== null) proof = { kind: "code", step };
      }
      let message: string = recovery ? SECOND_FACTOR_MESSAGES.wrongRecoveryCode : SECOND_FACTOR_MESSAGES.wrongCode;
      if (proof) {
        try {
          const result = await use(proof, now);
          if (proof.kind === "recovery") {
            await notices.send({
              kind: "recovery-code-used",
              ...noticeTo(user),
              at: now,
              sourceIp: attempt.sourceIp,
            });
          }
          return result;
        } catch (error) {
          if (!(error instanceof MoveRefusedError)) throw error;
          if (error.reason !== "code-used") throw new NotPendingError(SECOND_FACTOR_MESSAGES.changed);
          if (proof.kind === "code") message = SECOND_FACTOR_MESSAGES.usedCode;
        }
      }
      if (counted >= SECOND_FACTOR_MAX_FAILURES) await lock(user, now, attempt.sourceIp);
      throw attempt.wrong(message);
    },
  };
}

export type SecondFactorCheck = ReturnType<typeof createSecondFactorCheck>;
