/**
 * The composition root: services built once per container from the real adapters. Handlers import the
 * factories they need, so each bundle carries only its own dependencies.
 */
import { systemClock } from "./lib/clock.js";
import { config, loadJwtSecret } from "./lib/config.js";
import { referralCode, ulid } from "./lib/ids.js";
import { argon2idHasher } from "./lib/passwords.js";
import { createJwtIssuer, type TokenIssuer } from "./lib/tokens.js";
import { createDynamoAccountRepository } from "./repositories/dynamo/account-repository.js";
import { createDynamoAdminQueries } from "./repositories/dynamo/admin-query-repository.js";
import { createDynamoAdminRepository } from "./repositories/dynamo/admin-repository.js";
import { createDynamoInvestorRepository } from "./repositories/dynamo/investor-repository.js";
import { createDynamoPackageRepository } from "./repositories/dynamo/package-repository.js";
import type { AccountRepository, InvestorRepository } from "./repositories/ports.js";
import {
  type AccountService,
  type Authenticator,
  createAccountService,
  createAuthenticator,
} from "./services/accounts.js";
import { type AdminService, createAdminService } from "./services/admin.js";
import { createInvestmentService, type InvestmentService } from "./services/investments.js";
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
  });
  return adminService;
}
