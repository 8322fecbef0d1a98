/** The identity module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import type { Mailer } from "../../adapters/mail/mailer.js";
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { config, loadJwtKeys, loadJwtSecret } from "../../kernel/config.js";
import { createDynamoUserReader } from "../../kernel/dynamo/user-reader.js";
import { referralCode } from "../../kernel/ids.js";
import { log } from "../../kernel/log.js";
import { metrics } from "../../kernel/metrics.js";
import type { SecurityNotices } from "../../kernel/security-notices.js";
import { mailer, securityNotices } from "../messaging/index.js";
import { createAccountService, createAuthenticator, createReferralCodeCheck } from "./accounts.js";
import { createDynamoAccountRepository } from "./dynamo/account-repository.js";
import { createDynamoAccountSecurityRepository } from "./dynamo/account-security-repository.js";
import { createDynamoAttemptGuardRepository } from "./dynamo/attempt-guard-repository.js";
import { createDynamoNotificationPreferencesRepository } from "./dynamo/notification-preferences-repository.js";
import { createDynamoSessionRepository } from "./dynamo/session-repository.js";
import { createDynamoSignInLinkRepository } from "./dynamo/sign-in-link-repository.js";
import { createLoginGuard } from "./login-guard.js";
import { createNotificationPreferences } from "./notification-preferences.js";
import { createPasswordConfirmation } from "./password-confirmation.js";
import { createPasswordResetRequests, createPasswordResets } from "./password-reset.js";
import { refuseCommonPassword } from "./password-strength.js";
import { argon2idHasher } from "./passwords.js";
import { createProofOfWork } from "./proof-of-work.js";
import { createNewBrowserCheck, createSessionService } from "./sessions.js";
import { createSignInLinks } from "./sign-in-links.js";
import { createJwtIssuer } from "./tokens.js";
import { totpCodes } from "./totp.js";
import { createStepUp, createTwoFactorService, createTwoFactorSetup } from "./two-factor.js";

export const accountRepo = /* @__PURE__ */ once(createDynamoAccountRepository);

const securityRepo = /* @__PURE__ */ once(createDynamoAccountSecurityRepository);

const sessionRepo = /* @__PURE__ */ once(createDynamoSessionRepository);

const tokens = /* @__PURE__ */ once(() => createJwtIssuer(loadJwtKeys, config().JWT_TTL_SECONDS));

export const authenticator = /* @__PURE__ */ once(() =>
  createAuthenticator({ accounts: accountRepo(), tokens: tokens(), sessions: sessionRepo() }),
);

const attemptGuardRepo = /* @__PURE__ */ once(createDynamoAttemptGuardRepository);

/** ALTCHA challenges, signed with keys derived from the JWT secret (design.md §12.2). */
const proofOfWork = /* @__PURE__ */ once(() => {
  const env = config();
  return createProofOfWork(loadJwtSecret, {
    cost: env.PROOF_OF_WORK_COST,
    maxCounter: env.PROOF_OF_WORK_MAX_COUNTER,
    validSeconds: env.PROOF_OF_WORK_VALID_SECONDS,
  });
});

/**
 * Registering and signing in, with where the sign-in's notices go and how its sign-in links are mailed (a parameter,
 * so that registering, which sends neither, carries no mail client).
 */
function accountService(notices: SecurityNotices, linkMailer: () => Mailer) {
  const env = config();
  return createAccountService({
    accounts: accountRepo(),
    passwords: argon2idHasher,
    tokens: tokens(),
    clock: systemClock,
    newId,
    newReferralCode: referralCode,
    loginGuard: createLoginGuard({
      attempts: attemptGuardRepo(),
      proofOfWork: proofOfWork(),
      limits: {
        perAccountAndIpPerHour: env.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP_PER_HOUR,
        perIpPerHour: env.LOGIN_MAX_FAILURES_PER_IP_PER_HOUR,
        perAccountPerHour: env.LOGIN_MAX_FAILURES_PER_HOUR,
        perAccountPerDay: env.LOGIN_MAX_FAILURES_PER_DAY,
      },
      metrics,
    }),
    metrics,
    twoFactor: { codes: totpCodes, security: securityRepo() },
    sessions: sessionRepo(),
    notices,
    signInLinks: createSignInLinks({
      links: createDynamoSignInLinkRepository(),
      mailer: linkMailer,
      webOrigin: env.WEB_ORIGIN,
      log,
    }),
  });
}

/** Signing in: its notices (a recovery code used, a second factor locked) and sign-in links go to the owner. */
export const accounts = /* @__PURE__ */ once(() => accountService(securityNotices(), mailer));

/** Registering sends no notice and signs nobody in with a link, so its bundle carries no mail client. */
export const registrations = /* @__PURE__ */ once(() =>
  accountService({ send: async () => undefined }, () => {
    throw new Error("Registering sends no mail");
  }),
);

export const passwordResetRequests = /* @__PURE__ */ once(() => {
  const env = config();
  return createPasswordResetRequests({
    accounts: accountRepo(),
    attempts: attemptGuardRepo(),
    proofOfWork: proofOfWork(),
    clock: systemClock,
    limits: {
      perEmailPerHour: env.PASSWORD_RESET_MAX_PER_EMAIL_PER_HOUR,
      perIpPerHour: env.PASSWORD_RESET_MAX_PER_IP_PER_HOUR,
    },
    metrics,
  });
});

export const passwordResets = /* @__PURE__ */ once(() =>
  createPasswordResets({
    security: securityRepo(),
    users: createDynamoUserReader(),
    passwords: argon2idHasher,
    refuseCommonPassword,
    clock: systemClock,
    notices: securityNotices(),
  }),
);

export const twoFactor = /* @__PURE__ */ once(() =>
  createTwoFactorService({
    security: securityRepo(),
    attempts: attemptGuardRepo(),
    passwords: argon2idHasher,
    codes: totpCodes,
    clock: systemClock,
    metrics,
    notices: securityNotices(),
  }),
);

/** Setting up two-factor sign-in: no password hashing or mail client in its bundle. */
export const twoFactorSetup = /* @__PURE__ */ once(() =>
  createTwoFactorSetup({ security: securityRepo(), codes: totpCodes }),
);

/** The admins' step-up (design.md §12.1), on its own budget: no mail client in its bundle. */
export const stepUps = /* @__PURE__ */ once(() =>
  createStepUp({
    security: securityRepo(),
    codes: totpCodes,
    clock: systemClock,
    tokens: tokens(),
    attempts: attemptGuardRepo(),
    metrics,
  }),
);

/** Sessions that end on the server (design.md §12.2). */
export const sessions = /* @__PURE__ */ once(() => createSessionService({ sessions: sessionRepo() }));

/** The notice of a sign-in from a browser new to the account (design.md §12.2). */
export const newBrowsers = /* @__PURE__ */ once(() =>
  createNewBrowserCheck({ sessions: sessionRepo(), clock: systemClock, notices: securityNotices() }),
);

/** The browser an account is opened in, noted at registration: sends nothing, so the register bundle has no mailer. */
export const registeredBrowsers = /* @__PURE__ */ once(() =>
  createNewBrowserCheck({ sessions: sessionRepo(), clock: systemClock, notices: { send: async () => undefined } }),
);

/** Apart from `accounts`, so the public code check's bundle carries no password hashing or token signing. */
export const referralCodes = /* @__PURE__ */ once(() =>
  createReferralCodeCheck({
    accounts: accountRepo(),
    clock: systemClock,
    limits: { checksPerIpPerHour: config().REFERRAL_CODE_CHECKS_PER_IP_PER_HOUR },
    metrics,
  }),
);

/** Account → Notifications (design.md §12.6): what the account is told about, per channel and kind. */
export const notificationPreferences = /* @__PURE__ */ once(() =>
  createNotificationPreferences({
    preferences: createDynamoNotificationPreferencesRepository(),
    // The password, as turning two-factor sign-in off asks for it (design.md §13.2).
    confirmPassword: createPasswordConfirmation({
      attempts: attemptGuardRepo(),
      credentials: accountRepo(),
      passwords: argon2idHasher,
      clock: systemClock,
      metrics,
    }),
    clock: systemClock,
    newId,
  }),
);
