/** What a signed-in caller's own checks are counted on (design.md §12.2): the account and the caller's network. */

/** The step-up's authenticator codes, and the password asked for again before a security change. */
export type SignedInCheck = "step-up" | "password-check";

/** One check, counted on its account's and network's counter of the hour. */
export interface SignedInAttempt {
  check: SignedInCheck;
  userId: string;
  sourceIp: string;
  /** The UTC hour, `yyyy-mm-ddThh`: the counter's window. */
  hour: string;
  expiresAtEpochSeconds: number;
}

export interface SignedInBudgetRepository {
  /**
   * Counts the check by one write whose condition carries the limit, so it holds however many run at once. False (and
   * nothing counted) when the pair has used up its hour.
   */
  reserveSignedInAttempt(attempt: SignedInAttempt, limit: number): Promise<boolean>;
  /** Gives a counted check back: a right code or password does not use up the budget. */
  releaseSignedInAttempt(attempt: SignedInAttempt): Promise<void>;
}
