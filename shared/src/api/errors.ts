/** Every error body of the API is `{ message }` with a clear, human message (design.md §6). */
export interface ErrorBody {
  message: string;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}

/**
 * The 401 of a login whose password was right for an account with two-factor sign-in, but that came without a code
 * (or with a wrong or used one): the form asks for the authenticator code and sends the login again with `otp`.
 */
export interface TwoFactorRequiredBody extends ErrorBody {
  twoFactorRequired: true;
}

/** The 403 of an admin route for an admin without two-factor sign-in while it is required (REQUIRE_ADMIN_2FA). */
export interface TwoFactorSetupRequiredBody extends ErrorBody {
  twoFactorSetupRequired: true;
}

/**
 * The 403 of an admin money action (a route marked `stepUp`) while REQUIRE_ADMIN_2FA is on, for a session whose
 * authenticator code is more than 15 minutes old: nothing was done; after POST /auth/step-up the same request may be
 * sent again, with the same Idempotency-Key.
 */
export interface StepUpRequiredBody extends ErrorBody {
  stepUpRequired: true;
}

/**
 * The 403 of a withdrawal or deposit beyond an unverified account's limits (design.md §13.5): nothing was done; once
 * the account's identity is verified, the same request may be sent again.
 */
export interface KycRequiredBody extends ErrorBody {
  kycRequired: true;
}
