import * as z from "zod/mini";
import { PASSWORD_MIN_LENGTH } from "../constants.js";
import { CurrentPasswordSchema } from "./current-password.js";
import { MESSAGES, SECURITY_MESSAGES } from "./messages.js";
import { PhoneNumberSchema } from "./phone-number.js";
import { isPlainText, plainTextMessage } from "./plain-text.js";

const requiredText = (label: string, max = 50) =>
  z
    .string(`${label} is required`)
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.refine(isPlainText, plainTextMessage(label)),
    );

export const EmailSchema = z
  .string("Email is required")
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, "Email is required"),
    z.maxLength(254, MESSAGES.invalidEmail),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MESSAGES.invalidEmail),
  );

export const PasswordSchema = z
  .string("Password is required")
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
    z.maxLength(128, "Password must be at most 128 characters"),
  );

/** Referral codes are case-insensitive; an empty string means "none". */
export const ReferralCodeSchema = z.optional(
  z.pipe(
    z.string("Invalid referral code").check(z.trim(), z.toUpperCase(), z.maxLength(32, MESSAGES.invalidReferralCode)),
    z.transform((code: string) => (code === "" ? undefined : code)),
  ),
);

/**
 * What a referral code can look like: letters and digits, at most 32 of them (the codes handed out are 8). Anything
 * else is refused before a lookup, by the form and by the public code check alike.
 */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{1,32}$/;

/** GET /auth/referral-codes/{code}: the code to check, case-insensitive. */
export const ReferralCodePathSchema = z.object({
  code: z
    .string(MESSAGES.invalidReferralCode)
    .check(z.regex(REFERRAL_CODE_PATTERN, MESSAGES.invalidReferralCode), z.toUpperCase()),
});

/** The whole answer for a code that exists: nothing about whose it is. An unknown code is a 404. */
export interface ReferralCodeCheck {
  valid: true;
}

export const RegisterInputSchema = z.object({
  firstName: requiredText("First name"),
  lastName: requiredText("Last name"),
  email: EmailSchema,
  phoneNumber: PhoneNumberSchema,
  password: PasswordSchema,
  referralCode: ReferralCodeSchema,
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;
export type RegisterCommand = z.output<typeof RegisterInputSchema>;

/** A code from an authenticator app (RFC 6238: 6 digits); spaces typed between the digits are dropped. */
export const TwoFactorCodeSchema = z.pipe(
  z.pipe(
    z.string(MESSAGES.invalidTwoFactorCode).check(z.maxLength(20, MESSAGES.invalidTwoFactorCode)),
    z.transform((value: string) => value.replace(/\s+/g, "")),
  ),
  z.string().check(z.regex(/^\d{6}$/, MESSAGES.invalidTwoFactorCode)),
);

/**
 * A one-time recovery code (design.md §12.2) as handed out: 10 letters and digits from an alphabet without look-alikes,
 * shown as `xxxxx-xxxxx`. Typed in any case, with or without the hyphen and spaces.
 */
export const RECOVERY_CODE_PATTERN = /^[a-hjkmnp-z2-9]{10}$/;

/**
 * The second factor where a recovery code may stand in for an authenticator code: 6 digits, or a recovery code
 * (normalised: lower case, no spaces or hyphens).
 */
export const SecondFactorSchema = z.pipe(
  z.pipe(
    z.string(SECURITY_MESSAGES.invalidRecoveryCode).check(z.maxLength(40, SECURITY_MESSAGES.invalidRecoveryCode)),
    z.transform((value: string) => value.replace(/[\s-]+/g, "").toLowerCase()),
  ),
  z
    .string()
    .check(
      z.refine(
        (value) => /^\d{6}$/.test(value) || RECOVERY_CODE_PATTERN.test(value),
        SECURITY_MESSAGES.invalidRecoveryCode,
      ),
    ),
);

/** True for a normalised second factor that is a recovery code rather than an authenticator code. */
export const isRecoveryCode = (normalised: string) => RECOVERY_CODE_PATTERN.test(normalised);

/**
 * A solved proof-of-work challenge (ALTCHA's base64 payload), asked for by a `challengeRequired` answer (design.md
 * §12.2).
 */
const AltchaSchema = z.optional(z.string("Invalid challenge").check(z.maxLength(4000, "Invalid challenge")));

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string("Password is required")
    .check(z.minLength(1, "Password is required"), z.maxLength(128, "Invalid email or password")),
  /**
   * The authenticator code, or one of the account's recovery codes, for an account with two-factor sign-in (asked
   * for after a 401 `twoFactorRequired`).
   */
  otp: z.optional(SecondFactorSchema),
  /**
   * A solved proof-of-work challenge (ALTCHA's base64 payload), asked for by a 401 `challengeRequired` once an account
   * has had more than 100 failed passwords this hour from all addresses (design.md §12.2).
   */
  altcha: AltchaSchema,
  /**
   * The token of the emailed sign-in link (`/login?signin=<token>`), which the password needs once an account has had
   * more than 1,000 failed passwords in a Nairobi day (design.md §13.4).
   */
  signInToken: z.optional(z.string("Invalid sign-in link").check(z.maxLength(200, "Invalid sign-in link"))),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

/** POST /auth/forgot-password; `altcha` once the email has had its hour's reset links (a 429 `challengeRequired`). */
export const ForgotPasswordInputSchema = z.object({ email: EmailSchema, altcha: AltchaSchema });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInputSchema>;

/** POST /auth/reset-password: the token from the emailed link and the new password, with register's rules. */
export const ResetPasswordInputSchema = z.object({
  token: z
    .string(MESSAGES.invalidResetLink)
    .check(z.minLength(1, MESSAGES.invalidResetLink), z.maxLength(200, MESSAGES.invalidResetLink)),
  password: PasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;

/** POST /auth/step-up: a current code from the authenticator app. */
export const TwoFactorCodeInputSchema = z.object({ code: TwoFactorCodeSchema });
export type TwoFactorCodeInput = z.input<typeof TwoFactorCodeInputSchema>;

/**
 * POST /auth/2fa/enable (design.md §12.2): the password as well as a code from the authenticator app being set up,
 * so a stolen session alone cannot put an attacker's authenticator on the account.
 */
export const EnableTwoFactorInputSchema = z.object({ code: TwoFactorCodeSchema, password: CurrentPasswordSchema });
export type EnableTwoFactorInput = z.input<typeof EnableTwoFactorInputSchema>;

/**
 * POST /auth/2fa/disable and /auth/2fa/recovery-codes: the password and a second factor (an authenticator code, or a
 * recovery code for an owner whose phone is gone).
 */
export const ConfirmTwoFactorInputSchema = z.object({ code: SecondFactorSchema, password: CurrentPasswordSchema });
export type ConfirmTwoFactorInput = z.input<typeof ConfirmTwoFactorInputSchema>;

/** How many one-time recovery codes come with two-factor sign-in. */
export const RECOVERY_CODE_COUNT = 10;

/** POST /auth/2fa/enable's answer (with `message` and `user`) and POST /auth/2fa/recovery-codes': shown once. */
export interface RecoveryCodes {
  /** `xxxxx-xxxxx`, ten of them. */
  recoveryCodes: string[];
}

/** GET /withdrawals/payout-numbers: where this account's withdrawals may go, the registered number first. */
export interface PayoutNumber {
  /** 2547XXXXXXXX / 2541XXXXXXXX */
  phoneNumber: string;
  source: "registered" | "deposit";
  /**
   * From when a payout may go to it (ISO 8601): a number proven by a deposit waits 24 hours after its first deposit
   * (design.md §13.2); the registered number, from when the account was opened.
   */
  usableFrom: string;
}
export interface PayoutNumbers {
  numbers: PayoutNumber[];
}

/** POST /auth/2fa/setup: the secret to add to an authenticator app, as text and as an otpauth:// URL (the QR code). */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
}
