/**
 * Domain errors: what went wrong, in the human words of the `{ message }` envelope. Services (and the request preset)
 * throw them and know nothing of HTTP; the error middleware alone maps each kind to its status code (`statusOf` in
 * http/middleware.ts). Anything else becomes a 500 with a generic message.
 */
export abstract class DomainError extends Error {
  /** Fields the error body carries besides `message` (a login's `twoFactorRequired`). */
  readonly details?: Record<string, unknown>;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request itself is malformed or names something that cannot be (bad JSON, an unknown referral code). */
export class InvalidInputError extends DomainError {}

/** A business rule refuses the request as asked (below the minimum, a matured package, an admin account). */
export class RuleViolationError extends DomainError {}

/** The balance does not cover the amount. */
export class InsufficientBalanceError extends DomainError {}

/** No valid session: missing, invalid or expired token, wrong credentials, or an account changed under it. */
export class NotAuthenticatedError extends DomainError {
  constructor(message = "Please log in to continue") {
    super(message);
  }
}

/**
 * The password was right, but the account signs in with two-factor codes too, and none (or a wrong or used one) came:
 * a 401 whose body tells the form to ask for the code (design.md §11).
 */
export class TwoFactorRequiredError extends NotAuthenticatedError {
  override readonly details = { twoFactorRequired: true };
}

/**
 * A login for an account past its hourly limit of failed passwords: a 401 whose body carries a fresh proof-of-work
 * challenge, which the next attempt must bring solved (design.md §12.2). The reset request's kind is
 * `ChallengeRequiredTooManyError`.
 */
export class ChallengeRequiredError extends NotAuthenticatedError {
  override readonly details: { challengeRequired: true; challenge: unknown };

  constructor(message: string, challenge: unknown) {
    super(message);
    this.details = { challengeRequired: true, challenge };
  }
}

/** The caller may not do this (wrong role, a deactivated account, a request from outside). */
export class NotPermittedError extends DomainError {
  constructor(message = "You do not have permission to do this") {
    super(message);
  }
}

/** An admin route, for an admin who has not turned on two-factor sign-in while it is required (REQUIRE_ADMIN_2FA). */
export class AdminTwoFactorRequiredError extends NotPermittedError {
  override readonly details = { twoFactorSetupRequired: true };
}

/**
 * An admin money action on a session whose authenticator code is older than it may be (REQUIRE_ADMIN_2FA): a 403 whose
 * body tells the console to ask for a code (POST /auth/step-up) and send the action again (design.md §12.1).
 */
export class StepUpRequiredError extends NotPermittedError {
  override readonly details = { stepUpRequired: true };
}

/**
 * A withdrawal or deposit beyond an unverified account's limits (design.md §13.5): a 403 whose body tells the form to
 * offer Verify identity; nothing was done.
 */
export class KycRequiredError extends NotPermittedError {
  override readonly details = { kycRequired: true };
}

export class NotFoundError extends DomainError {
  constructor(message = "Not found") {
    super(message);
  }
}

/** What the request would create exists already (an email, a phone number, a package). */
export class AlreadyExistsError extends DomainError {}

/** Today's reward of this investment was claimed already. */
export class AlreadyClaimedError extends DomainError {}

/** The withdrawal or payout was already processed: it is no longer in the state the request needs. */
export class NotPendingError extends DomainError {}

/** The same thing is already under way (a request with this Idempotency-Key, an M-Pesa prompt on this phone). */
export class InProgressError extends DomainError {}

export class TooLargeError extends DomainError {
  constructor(message = "Request body is too large") {
    super(message);
  }
}

/** An Idempotency-Key reused for another request. */
export class KeyReusedError extends DomainError {}

/** A limit on attempts was reached (logins, M-Pesa prompts); the message says when to try again. */
export class TooManyAttemptsError extends DomainError {}

/** A limit that a solved proof-of-work challenge lifts (reset requests per email): a 429 carrying the challenge. */
export class ChallengeRequiredTooManyError extends TooManyAttemptsError {
  override readonly details: { challengeRequired: true; challenge: unknown };

  constructor(message: string, challenge: unknown) {
    super(message);
    this.details = { challengeRequired: true, challenge };
  }
}

/** M-Pesa refused or failed; the message says what the user can do. */
export class UpstreamError extends DomainError {}

/** Retries of a conflicting or throttled write ran out; nothing was changed and the client may try again. */
export class BusyError extends DomainError {
  constructor(message = "The service is busy right now. Please try again in a moment.") {
    super(message);
  }
}
