/** The identity module: what the rest of the server may use. */

export type { Authenticator } from "./accounts.js";
export { ACCOUNT_MESSAGES, createAccountService, createAuthenticator, createReferralCodeCheck } from "./accounts.js";
export { createDynamoAccountRepository } from "./dynamo/account-repository.js";
export { createDynamoAccountSecurityRepository } from "./dynamo/account-security-repository.js";
export { createDynamoAttemptGuardRepository } from "./dynamo/attempt-guard-repository.js";
export { createDynamoNotificationPreferencesRepository } from "./dynamo/notification-preferences-repository.js";
export { createDynamoSessionRepository, endAllSessionsUpdate } from "./dynamo/session-repository.js";
export { createDynamoSignInLinkRepository } from "./dynamo/sign-in-link-repository.js";
export { createLoginGuard } from "./login-guard.js";
export {
  accountRepo,
  accounts,
  authenticator,
  newBrowsers,
  notificationPreferences,
  passwordResetRequests,
  passwordResets,
  referralCodes,
  registeredBrowsers,
  registrations,
  sessions,
  stepUps,
  twoFactor,
  twoFactorSetup,
} from "./module.js";
export { createNotificationPreferences } from "./notification-preferences.js";
export type { ConfirmPassword } from "./password-confirmation.js";
export { createPasswordConfirmation } from "./password-confirmation.js";
export type { PasswordLinks } from "./password-reset.js";
export { createPasswordResetRequests, createPasswordResets } from "./password-reset.js";
export { refuseCommonPassword } from "./password-strength.js";
export type { PasswordHasher } from "./passwords.js";
export { argon2idHasher } from "./passwords.js";
export type { AccountRepository } from "./port.js";
export { createProofOfWork } from "./proof-of-work.js";
export { createNewBrowserCheck, createSessionService } from "./sessions.js";
export { createSignInLinks } from "./sign-in-links.js";
export type { TokenClaims } from "./tokens.js";
export { createJwtIssuer } from "./tokens.js";
export { totpCodes } from "./totp.js";
export { createStepUp, createTwoFactorService, createTwoFactorSetup, TWO_FACTOR_MESSAGES } from "./two-factor.js";
