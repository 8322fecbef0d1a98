/**
 * The composition root: services built once per container, on first use, from the real adapters. Every handler
 * imports it; loading it also hands the HTTP preset (http/middleware.ts) the authenticator and idempotency store.
 */

import { sendSms } from "./adapters/africas-talking/sms.js";
import { callbackPathToken } from "./adapters/daraja/callback-tokens.js";
import { assertCallbackUrl, createDarajaClient } from "./adapters/daraja/client.js";
import { createDynamoTokenCache } from "./adapters/daraja/token-cache.js";
import { createEventBridgePublisher } from "./adapters/eventbridge/publisher.js";
import type { Mailer } from "./adapters/mail/mailer.js";
import { createSesMailer } from "./adapters/mail/ses-mailer.js";
import { createSmtpMailer } from "./adapters/mail/smtp-mailer.js";
import { provideHttpDependencies } from "./http/middleware.js";
import { systemClock } from "./kernel/clock.js";
import { config, loadJwtSecret, loadSecret } from "./kernel/config.js";
import { createDynamoIdempotencyRepository } from "./kernel/dynamo/idempotency-repository.js";
import { createDynamoOutboxRepository } from "./kernel/dynamo/outbox.js";
import { referralCode, ulid } from "./kernel/ids.js";
import { log } from "./kernel/log.js";
import { metrics } from "./kernel/metrics.js";
import type { SecurityNotices } from "./kernel/security-notices.js";
import {
  createAdjustmentService,
  createAdminService,
  createDynamoAdjustmentRepository,
  createDynamoAdminQueries,
  createDynamoAdminRepository,
  createDynamoStatsRepository,
  createDynamoUnmatchedPaymentRepository,
  createUnmatchedPaymentService,
} from "./modules/admin-controls/index.js";
import { createDynamoBalanceAdjusterRepository } from "./modules/four-eyes/index.js";
import {
  argon2idHasher,
  createAccountService,
  createAuthenticator,
  createDynamoAccountRepository,
  createDynamoAccountSecurityRepository,
  createDynamoAttemptGuardRepository,
  createDynamoNotificationPreferencesRepository,
  createDynamoSessionRepository,
  createDynamoSignInLinkRepository,
  createJwtIssuer,
  createLoginGuard,
  createNewBrowserCheck,
  createNotificationPreferences,
  createPasswordConfirmation,
  createPasswordResetRequests,
  createPasswordResets,
  createProofOfWork,
  createReferralCodeCheck,
  createSessionService,
  createSignInLinks,
  createStepUp,
  createTwoFactorService,
  createTwoFactorSetup,
  refuseCommonPassword,
  totpCodes,
} from "./modules/identity/index.js";
import {
  createDynamoInvestorRepository,
  createDynamoPackageRepository,
  createInvestmentService,
} from "./modules/investing/index.js";
import { createNotifications, createSecurityNotices } from "./modules/messaging/index.js";
import {
  createCallbackDoor,
  createCallbackIngest,
  createDepositLookup,
  createDepositService,
  createDynamoDepositRepository,
  createDynamoPaybillReconciliationRepository,
  createDynamoPaybillRepository,
  createDynamoPendingDepositRepository,
  createPaybillDeposits,
  createPaybillDetails,
  createPaybillReconciliation,
  createPaybillValidation,
  createPendingDepositList,
} from "./modules/money-in/index.js";
import {
  createDynamoPayoutNumberRepository,
  createDynamoPayoutRecoveryRepository,
  createDynamoPayoutRepository,
  createPayoutNumberBlocks,
  createPayoutNumberService,
  createPayoutService,
  createWithdrawalService,
} from "./modules/money-out/index.js";
import { createDynamoPackageChangeRepository, createPackageChangeService } from "./modules/package-terms/index.js";
import {
  createDailyStatsService,
  createDynamoDailyStatsSource,
  createDynamoMonthlyStatementRepository,
  createDynamoStatementSource,
  createMonthlyStatements,
  createPortfolioHistoryService,
  createStatementService,
  type StatementServiceDeps,
} from "./modules/reporting/index.js";

/**
 * Builds on first use and keeps the result for the container's life. Every `once(…)` below is marked pure, so a
 * bundler drops the ones a handler never calls, and with them what only they import: a read route's bundle carries
 * no password hashing, Daraja client or EventBridge client.
 */
function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

const newId = () => ulid();
const reconcileAfterMs = () => config().MPESA_RECONCILE_AFTER_SECONDS * 1000;

const accountRepo = /* @__PURE__ */ once(createDynamoAccountRepository);
const securityRepo = /* @__PURE__ */ once(createDynamoAccountSecurityRepository);
const investorRepo = /* @__PURE__ */ once(createDynamoInvestorRepository);
const sessionRepo = /* @__PURE__ */ once(createDynamoSessionRepository);
const tokens = /* @__PURE__ */ once(() => createJwtIssuer(loadJwtSecret, config().JWT_TTL_SECONDS));

/** The answers kept for money requests made with an Idempotency-Key. */
const idempotencyStore = /* @__PURE__ */ once(() => createDynamoIdempotencyRepository());

const authenticator = /* @__PURE__ */ once(() => createAuthenticator({ accounts: accountRepo(), tokens: tokens() }));

provideHttpDependencies({ authenticator, idempotencyStore, requireAdminTwoFactor: () => config().REQUIRE_ADMIN_2FA });

const loginLimits = () => ({
  perAccountPerHour: config().LOGIN_MAX_FAILURES_PER_HOUR,
  perIpPerHour: config().LOGIN_MAX_FAILURES_PER_IP_PER_HOUR,
});

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

/**
 * How mail leaves, by configuration: SMTP (MailDev) locally, Amazon SES in AWS. Only the routes and event functions
 * that send mail (the reset link, security notices: the routes flagged `mail` in shared/src/api/routes.ts) call it,
 * so no other bundle carries either client.
 */
const mailer = /* @__PURE__ */ once(() => {
  const env = config();
  return env.MAILER === "smtp"
    ? createSmtpMailer({ host: env.SMTP_HOST, port: env.SMTP_PORT, from: env.MAIL_FROM })
    : createSesMailer({ from: env.MAIL_FROM, region: env.AWS_REGION });
});

/** Security notices by email (design.md §12.2), for every service that reports something to an account's owner. */
export const securityNotices = /* @__PURE__ */ once(() =>
  createSecurityNotices({
    mailer,
    users: accountRepo(),
    log,
    metrics,
    webOrigin: config().WEB_ORIGIN,
    // Their SMS go through the notifications module, from an outbox event each (their email is sent here).
    sms: { outbox: outbox(), newId },
  }),
);

/** One SMS through Africa's Talking, or none when no SMS_BASE_URL is configured. */
const smsSender = () => {
  const env = config();
  const baseUrl = env.SMS_BASE_URL;
  if (!baseUrl) return undefined;
  return async (to: string, message: string) =>
    sendSms(
      {
        baseUrl,
        username: env.SMS_USERNAME,
        apiKey: await loadSecret("SMS_API_KEY"),
        ...(env.SMS_SENDER_ID ? { senderId: env.SMS_SENDER_ID } : {}),
      },
      to,
      message,
    );
};

/** The outbox's events, written by the money moves (and security notices) and read by the sender. */
export const outbox = /* @__PURE__ */ once(() => createDynamoOutboxRepository());

/**
 * The notifications module (issue 23): sends each outbox event by SMS and email, once per channel. Run by the
 * send-notifications function (the table's stream), the reconciliation's sweep and, locally, the outbox relay.
 */
export const notifications = /* @__PURE__ */ once(() =>
  createNotifications({
    outbox: outbox(),
    users: accountRepo(),
    sms: smsSender(),
    mailer,
    clock: systemClock,
    log,
    metrics,
    newClaim: newId,
    webOrigin: config().WEB_ORIGIN,
  }),
);

export const passwordResetRequests = /* @__PURE__ */ once(() => {
  const env = config();
  return createPasswordResetRequests({
    accounts: accountRepo(),
    security: securityRepo(),
    attempts: attemptGuardRepo(),
    proofOfWork: proofOfWork(),
    mailer,
    clock: systemClock,
    webOrigin: env.WEB_ORIGIN,
    limits: {
      perEmailPerHour: env.PASSWORD_RESET_MAX_PER_EMAIL_PER_HOUR,
      perIpPerHour: env.PASSWORD_RESET_MAX_PER_IP_PER_HOUR,
    },
    log,
    metrics,
  });
});

export const passwordResets = /* @__PURE__ */ once(() =>
  createPasswordResets({
    security: securityRepo(),
    passwords: argon2idHasher,
    refuseCommonPassword,
    clock: systemClock,
    notices: securityNotices(),
  }),
);

export const twoFactor = /* @__PURE__ */ once(() =>
  createTwoFactorService({
    security: securityRepo(),
    attempts: accountRepo(),
    passwords: argon2idHasher,
    codes: totpCodes,
    clock: systemClock,
    limits: loginLimits(),
    metrics,
    notices: securityNotices(),
  }),
);

/** Setting up two-factor sign-in: no password hashing or mail client in its bundle. */
export const twoFactorSetup = /* @__PURE__ */ once(() =>
  createTwoFactorSetup({ security: securityRepo(), codes: totpCodes }),
);

/** The admins' step-up (design.md §12.1), on the second factor's budget. */
export const stepUps = /* @__PURE__ */ once(() =>
  createStepUp({
    security: securityRepo(),
    codes: totpCodes,
    clock: systemClock,
    tokens: tokens(),
    notices: securityNotices(),
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

export const investments = /* @__PURE__ */ once(() =>
  createInvestmentService({ investor: investorRepo(), accounts: accountRepo(), clock: systemClock, newId, metrics }),
);

export const withdrawals = /* @__PURE__ */ once(() => {
  const env = config();
  return createWithdrawalService({
    investor: investorRepo(),
    accounts: accountRepo(),
    clock: systemClock,
    newId,
    payoutLimits: { minKes: env.MIN_PAYOUT_KES, maxKes: env.MAX_PAYOUT_KES },
  });
});

/** The investor's own withdrawals: a read, without the notices (and their mail client) a request sends. */
export const withdrawalHistory = /* @__PURE__ */ once(() => {
  const investor = investorRepo();
  return { listOwn: (userId: string, limit = 100) => investor.listWithdrawals(userId, limit) };
});

const statementSource = /* @__PURE__ */ once(createDynamoStatementSource);

/**
 * The caller's statements (design.md §12.6): a read of the ledger. The PDF renderer comes from the route's handler,
 * which imports it on the first PDF asked for: a dynamic import here would sit in every bundle's module graph, and
 * esbuild then keeps whole modules behind it (every shared schema) in bundles that never render anything.
 */
export const statements = (renderPdf: StatementServiceDeps["renderPdf"]) =>
  createStatementService({ source: statementSource(), clock: systemClock, renderPdf });

/**
 * The monthly statement email (issue 23): the same statements, mailed. Its scheduled function hands in the PDF
 * renderer, as the route does.
 */
export const monthlyStatements = (renderPdf: StatementServiceDeps["renderPdf"]) =>
  createMonthlyStatements({
    store: createDynamoMonthlyStatementRepository(),
    statements: statements(renderPdf),
    mailer,
    clock: systemClock,
    newToken: newId,
    metrics,
    log,
    webOrigin: config().WEB_ORIGIN,
  });

/** Account → Notifications (design.md §12.6): what the account is told about, per channel and kind. */
export const notificationPreferences = /* @__PURE__ */ once(() =>
  createNotificationPreferences({
    preferences: createDynamoNotificationPreferencesRepository(),
    // The password, as turning two-factor sign-in off asks for it (design.md §13.2).
    confirmPassword: createPasswordConfirmation({
      attempts: accountRepo(),
      passwords: argon2idHasher,
      clock: systemClock,
      limits: loginLimits(),
      metrics,
    }),
    clock: systemClock,
    newId,
  }),
);

/** The investor's portfolio chart (issue 23): replayed from the same read of the ledger as the statements. */
export const portfolioHistory = /* @__PURE__ */ once(() =>
  createPortfolioHistoryService({ source: statementSource(), clock: systemClock }),
);

/** The admin Overview's charts (issue 23): the daily counters the money moves keep. */
export const dailyStats = /* @__PURE__ */ once(() =>
  createDailyStatsService({ source: createDynamoDailyStatsSource(), clock: systemClock }),
);

/** Where withdrawals may pay (design.md §12.2), and the signals of the accounts behind the admin's withdrawal list. */
export const payoutNumbers = /* @__PURE__ */ once(() =>
  createPayoutNumberService({ payoutNumbers: createDynamoPayoutNumberRepository(), clock: systemClock }),
);

/** The link in a new payout number's notice (design.md §13.2): blocks the number and ends every session. */
export const payoutNumberBlocks = /* @__PURE__ */ once(() =>
  createPayoutNumberBlocks({ payoutNumbers: createDynamoPayoutNumberRepository(), clock: systemClock, newId }),
);

/** The statistics counters reconciliation moves (matured investments leave the active count). */
export const stats = /* @__PURE__ */ once(() => createDynamoStatsRepository());

/** What every admin action and list needs. */
const adminDeps = () => ({
  admin: createDynamoAdminRepository(),
  queries: createDynamoAdminQueries(),
  packages: createDynamoPackageRepository(),
  clock: systemClock,
  newId,
  balanceAdjusters: createDynamoBalanceAdjusterRepository(),
});

/**
 * The admin console's service for every admin route but the withdrawal decision: without the payouts, so that
 * neither the admin lists nor the other admin actions carry the Daraja client.
 */
export const admin = /* @__PURE__ */ once(() => createAdminService(adminDeps()));

/** New packages and changes of a package's money terms, under four eyes (design.md §13.1). */
export const packageChanges = /* @__PURE__ */ once(() =>
  createPackageChangeService({
    changes: createDynamoPackageChangeRepository(),
    packages: createDynamoPackageRepository(),
    clock: systemClock,
    newId,
  }),
);

/** Balance adjustments: alone within the solo limits, else by a second admin's approval (design.md §12.1). */
export const adjustments = /* @__PURE__ */ once(() => {
  const env = config();
  return createAdjustmentService({
    adjustments: createDynamoAdjustmentRepository(),
    users: accountRepo(),
    clock: systemClock,
    newId,
    limits: { soloMaxKes: env.ADJUSTMENT_SOLO_MAX_KES, soloDailyMaxKes: env.ADJUSTMENT_SOLO_DAILY_MAX_KES },
    metrics,
  });
});

/** Unmatched Paybill payments as stored, and the deposit figures by channel (the admin statistics read them). */
export const unmatchedPaymentRecords = /* @__PURE__ */ once(() => createDynamoUnmatchedPaymentRepository());

/** Unmatched Paybill payments: credited to a user under the same four eyes, or returned (design.md §12.3). */
export const unmatchedPayments = /* @__PURE__ */ once(() => {
  const env = config();
  return createUnmatchedPaymentService({
    payments: unmatchedPaymentRecords(),
    users: accountRepo(),
    clock: systemClock,
    newId,
    limits: { soloMaxKes: env.ADJUSTMENT_SOLO_MAX_KES, soloDailyMaxKes: env.ADJUSTMENT_SOLO_DAILY_MAX_KES },
    metrics,
  });
});

/** The same service with the payouts: approving a withdrawal starts its M-Pesa payout, marking it failed refunds it. */
export const withdrawalDecisions = /* @__PURE__ */ once(() =>
  createAdminService({
    ...adminDeps(),
    startPayout: (withdrawal) => payouts().start(withdrawal),
    payouts: createDynamoPayoutRepository(),
    metrics,
  }),
);

const daraja = /* @__PURE__ */ once(() => {
  const env = config();
  return createDarajaClient(
    {
      baseUrl: env.MPESA_BASE_URL,
      shortcode: env.MPESA_SHORTCODE,
      transactionType: env.MPESA_TRANSACTION_TYPE,
      b2cShortcode: env.MPESA_B2C_SHORTCODE,
      initiatorName: env.MPESA_INITIATOR_NAME,
      callbackUrl: async (kind) => {
        if (!env.MPESA_CALLBACK_BASE_URL) throw new Error("Invalid configuration: set MPESA_CALLBACK_BASE_URL");
        return assertCallbackUrl(
          `${env.MPESA_CALLBACK_BASE_URL}/hooks/daraja/${kind}/${callbackPathToken(await loadSecret("MPESA_CALLBACK_TOKEN"), kind)}`,
        );
      },
      secrets: {
        consumerKey: () => loadSecret("MPESA_CONSUMER_KEY"),
        consumerSecret: () => loadSecret("MPESA_CONSUMER_SECRET"),
        passkey: () => loadSecret("MPESA_PASSKEY"),
        securityCredential: () => loadSecret("MPESA_SECURITY_CREDENTIAL"),
      },
    },
    createDynamoTokenCache(),
    systemClock,
  );
});

export const deposits = /* @__PURE__ */ once(() =>
  createDepositService({
    deposits: createDynamoDepositRepository(),
    daraja: daraja(),
    clock: systemClock,
    newId,
    log,
    metrics,
    reconcileAfterMs: reconcileAfterMs(),
    confirmStkSuccess: config().MPESA_CONFIRM_STK,
    promptLimits: {
      maxPendingDepositsPerUser: config().MPESA_MAX_PENDING_DEPOSITS_PER_USER,
      maxPromptsPerUserPerHour: config().MPESA_MAX_PROMPTS_PER_USER_PER_HOUR,
      maxPromptsPerPhonePerHour: config().MPESA_MAX_PROMPTS_PER_PHONE_PER_HOUR,
    },
  }),
);

/** The deposit status the web app polls: a read that needs no Daraja client. */
export const depositLookup = /* @__PURE__ */ once(() =>
  createDepositLookup({ deposits: createDynamoDepositRepository() }),
);

/** The caller's deposits still pending, for a page that was reloaded while one waited: a read alone. */
export const pendingDeposits = /* @__PURE__ */ once(() =>
  createPendingDepositList({ pending: createDynamoPendingDepositRepository(), clock: systemClock }),
);

export const payouts = /* @__PURE__ */ once(() =>
  createPayoutService({
    payouts: createDynamoPayoutRepository(),
    recovery: createDynamoPayoutRecoveryRepository(),
    daraja: daraja(),
    clock: systemClock,
    log,
    metrics,
    reconcileAfterMs: reconcileAfterMs(),
  }),
);

/** What every Daraja callback is checked against at the door: the path token and the source allow-list. */
const callbackDoorDeps = () => ({
  callbackToken: () => loadSecret("MPESA_CALLBACK_TOKEN"),
  allowedIps: config()
    .MPESA_CALLBACK_ALLOWED_IPS.split(",")
    .map((ip) => ip.trim())
    .filter(Boolean),
  log,
  metrics,
});

export const callbackIngest = /* @__PURE__ */ once(() =>
  createCallbackIngest({
    publisher: createEventBridgePublisher(),
    ...callbackDoorDeps(),
    clock: systemClock,
  }),
);

/** The Paybill's numbers for the Deposit dialog (design.md §12.3): from the configuration and the caller alone. */
export const paybillDetails = /* @__PURE__ */ once(() =>
  createPaybillDetails({ businessNumber: config().MPESA_PAYBILL_SHORTCODE }),
);

/** Daraja's C2B validation: the door's checks and an account lookup, reads only. */
export const paybillValidation = /* @__PURE__ */ once(() =>
  createPaybillValidation({
    door: createCallbackDoor(callbackDoorDeps()),
    accounts: createDynamoPaybillRepository(),
    log,
  }),
);

/** The settlement of Paybill confirmations, from the bus. */
export const paybillDeposits = /* @__PURE__ */ once(() =>
  createPaybillDeposits({
    payments: createDynamoPaybillRepository(),
    clock: systemClock,
    newId,
    log,
    metrics,
    businessNumber: config().MPESA_PAYBILL_SHORTCODE,
    records: daraja(),
  }),
);

/** Paybill payments whose confirmation never came, from Pull Transactions, settled as confirmations (reconciliation). */
export const paybillReconciliation = /* @__PURE__ */ once(() =>
  createPaybillReconciliation({
    daraja: daraja(),
    receipts: createDynamoPaybillReconciliationRepository(),
    settle: (payment) => paybillDeposits().settle(payment),
    recordMismatch: (found) => paybillDeposits().recordMismatch(found),
    shortCode: config().MPESA_PAYBILL_SHORTCODE,
    clock: systemClock,
    log,
    metrics,
  }),
);
