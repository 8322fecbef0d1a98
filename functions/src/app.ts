/**
 * The composition root: services built once per container from the real adapters. Handlers import the
 * factories they need, so each bundle carries only its own dependencies.
 */
import { systemClock } from "./lib/clock.js";
import { config, loadJwtSecret } from "./lib/config.js";
import { referralCode, ulid } from "./lib/ids.js";
import { argon2idHasher } from "./lib/passwords.js";
import { createJwtIssuer } from "./lib/tokens.js";
import { createDynamoAccountRepository } from "./repositories/dynamo/account-repository.js";
import { type AccountService, createAccountService } from "./services/accounts.js";

let accountService: AccountService | undefined;

export function accounts(): AccountService {
  if (!accountService) {
    const env = config();
    accountService = createAccountService({
      accounts: createDynamoAccountRepository(),
      passwords: argon2idHasher,
      tokens: createJwtIssuer(loadJwtSecret, env.JWT_TTL_SECONDS),
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
