/**
 * The composition root: services built once per container from the real adapters. Handlers import the
 * factories they need, so each bundle carries only its own dependencies.
 */

import { createEventBridgePublisher } from "./events/publisher.js";
import { systemClock } from "./lib/clock.js";
import { config, loadJwtSecret, loadSecret } from "./lib/config.js";
import { referralCode, ulid } from "./lib/ids.js";
import { log } from "./lib/log.js";
import { argon2idHasher } from "./lib/passwords.js";
import { createJwtIssuer, type TokenIssuer } from "./lib/tokens.js";
import type { DarajaPort } from "./payments/daraja.js";
import { assertCallbackUrl, createDarajaClient } from "./payments/daraja-client.js";
import { createDynamoAccountRepository } from "./repositories/dynamo/account-repository.js";
import { createDynamoAdminQueries } from "./repositories/dynamo/admin-query-repository.js";
import { createDynamoAdminRepository } from "./repositories/dynamo/admin-repository.js";
import { createDynamoInvestorRepository } from "./repositories/dynamo/investor-repository.js";
import { createDynamoPackageRepository } from "./repositories/dynamo/package-repository.js";
import {
  createDynamoDepositRepository,
  createDynamoPayoutRepository,
  createDynamoTokenCache,
} from "./repositories/dynamo/payment-repository.js";
import type { AccountRepository, InvestorRepository } from "./repositories/ports.js";
import {
  type AccountService,
  type Authenticator,
  createAccountService,
  createAuthenticator,
} from "./services/accounts.js";
import { type AdminService, createAdminService } from "./services/admin.js";
import { type CallbackIngest, createCallbackIngest } from "./services/callbacks.js";
import { createDepositService, type DepositService } from "./services/deposits.js";
import { createInvestmentService, type InvestmentService } from "./services/investments.js";
import { createPayoutService, type PayoutService } from "./services/payouts.js";
import { createWithdrawalService, type WithdrawalService } from "./services/withdrawals.js";

let accountRepository: AccountRepository | undefined;
let tokenIssuer: TokenIssuer | undefined;
let accountService: AccountService | undefined;
let authenticatorService: Authenticator | undefined;
let investorRepository: InvestorRepository | undefined;
let investmentService: InvestmentService | undefined;
let withdrawalService: WithdrawalService | undefined;

function investorRepo(): InvestorRepository {
  investorRepository ??= createDynamoInvestorRepository();
  return investorRepository;
}

export function investments(): InvestmentService {
  investmentService ??= createInvestmentService({
    investor: investorRepo(),
    accounts: accountRepo(),
    clock: systemClock,
    newId: () => ulid(),
  });
  return investmentService;
}

export function withdrawals(): WithdrawalService {
  if (!withdrawalService) {
    const env = config();
    withdrawalService = createWithdrawalService({
      investor: investorRepo(),
      accounts: accountRepo(),
      clock: systemClock,
      newId: () => ulid(),
      payoutLimits: { minKes: env.MIN_PAYOUT_KES, maxKes: env.MAX_PAYOUT_KES },
    });
  }
  return withdrawalService;
}

function accountRepo(): AccountRepository {
  accountRepository ??= createDynamoAccountRepository();
  return accountRepository;
}

function tokens(): TokenIssuer {
  tokenIssuer ??= createJwtIssuer(loadJwtSecret, config().JWT_TTL_SECONDS);
  return tokenIssuer;
}

export function authenticator(): Authenticator {
  authenticatorService ??= createAuthenticator({ accounts: accountRepo(), tokens: tokens() });
  return authenticatorService;
}

export function accounts(): AccountService {
  if (!accountService) {
    const env = config();
    accountService = createAccountService({
      accounts: accountRepo(),
      passwords: argon2idHasher,
      tokens: tokens(),
      clock: systemClock,
      newId: () => ulid(),
      newReferralCode: referralCode,
      limits: {
        maxFailuresPerAccountPerHour: env.LOGIN_MAX_FAILURES_PER_HOUR,
        maxFailuresPerIpPerHour: env.LOGIN_MAX_FAILURES_PER_IP_PER_HOUR,
      },
    });
  }
  return accountService;
}

let adminService: AdminService | undefined;

export function admin(): AdminService {
  adminService ??= createAdminService({
    admin: createDynamoAdminRepository(),
    queries: createDynamoAdminQueries(),
    packages: createDynamoPackageRepository(),
    clock: systemClock,
    newId: () => ulid(),
    startPayout: (withdrawal) => payouts().start(withdrawal),
  });
  return adminService;
}

let darajaPort: DarajaPort | undefined;

function daraja(): DarajaPort {
  if (!darajaPort) {
    const env = config();
    darajaPort = createDarajaClient(
      {
        baseUrl: env.MPESA_BASE_URL,
        shortcode: env.MPESA_SHORTCODE,
        transactionType: env.MPESA_TRANSACTION_TYPE,
        b2cShortcode: env.MPESA_B2C_SHORTCODE,
        initiatorName: env.MPESA_INITIATOR_NAME,
        callbackUrl: async (kind) => {
          if (!env.MPESA_CALLBACK_BASE_URL) throw new Error("Invalid configuration: set MPESA_CALLBACK_BASE_URL");
          return assertCallbackUrl(
            `${env.MPESA_CALLBACK_BASE_URL}/hooks/daraja/${kind}/${await loadSecret("MPESA_CALLBACK_TOKEN")}`,
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
  }
  return darajaPort;
}

let depositService: DepositService | undefined;
let payoutService: PayoutService | undefined;
let callbackIngestService: CallbackIngest | undefined;

export function deposits(): DepositService {
  depositService ??= createDepositService({
    deposits: createDynamoDepositRepository(),
    daraja: daraja(),
    clock: systemClock,
    newId: () => ulid(),
    log,
    reconcileAfterMs: config().MPESA_RECONCILE_AFTER_SECONDS * 1000,
  });
  return depositService;
}

export function payouts(): PayoutService {
  payoutService ??= createPayoutService({
    payouts: createDynamoPayoutRepository(),
    daraja: daraja(),
    clock: systemClock,
    log,
    reconcileAfterMs: config().MPESA_RECONCILE_AFTER_SECONDS * 1000,
  });
  return payoutService;
}

export function callbackIngest(): CallbackIngest {
  callbackIngestService ??= createCallbackIngest({
    publisher: createEventBridgePublisher(),
    callbackToken: () => loadSecret("MPESA_CALLBACK_TOKEN"),
    allowedIps: config()
      .MPESA_CALLBACK_ALLOWED_IPS.split(",")
      .map((ip) => ip.trim())
      .filter(Boolean),
    clock: systemClock,
    log,
  });
  return callbackIngestService;
}
