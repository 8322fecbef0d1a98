import {
  ADJUSTMENT_SOLO_DAILY_MAX_KES,
  ADJUSTMENT_SOLO_MAX_KES,
  MAX_PAYOUT_KES,
  MIN_PAYOUT_KES,
} from "@jengafund/shared";
import type { Clock } from "../../src/kernel/clock.js";
import { type DynamoContext, defaultDynamoContext } from "../../src/kernel/dynamo/client.js";
import { ulid } from "../../src/kernel/ids.js";
import { log } from "../../src/kernel/log.js";
import { createAdjustmentService } from "../../src/modules/admin-controls/adjustments.js";
import { createAdminService } from "../../src/modules/admin-controls/admin.js";
import { createDynamoAdjustmentRepository } from "../../src/modules/admin-controls/dynamo/adjustment-repository.js";
import { createDynamoAdminQueries } from "../../src/modules/admin-controls/dynamo/admin-query-repository.js";
import { createDynamoAdminRepository } from "../../src/modules/admin-controls/dynamo/admin-repository.js";
import { createDynamoUnmatchedPaymentRepository } from "../../src/modules/admin-controls/dynamo/unmatched-payment-repository.js";
import { createUnmatchedPaymentService } from "../../src/modules/admin-controls/unmatched-payments.js";
import type { AdjustmentLimits } from "../../src/modules/four-eyes/adjustments-port.js";
import { createDynamoBalanceAdjusterRepository } from "../../src/modules/four-eyes/dynamo/balance-adjuster-repository.js";
import { createDynamoAccountRepository } from "../../src/modules/identity/dynamo/account-repository.js";
import { createDynamoInvestorRepository } from "../../src/modules/investing/dynamo/investor-repository.js";
import { createDynamoMaturityRepository } from "../../src/modules/investing/dynamo/maturity-repository.js";
import { createDynamoPackageRepository } from "../../src/modules/investing/dynamo/package-repository.js";
import { createInvestmentService } from "../../src/modules/investing/investments.js";
import { createMaturityService } from "../../src/modules/investing/maturities.js";
import { createDynamoVerificationRepository } from "../../src/modules/kyc/dynamo/verification-repository.js";
import { createVerificationService } from "../../src/modules/kyc/verifications.js";
import { createWithdrawalService } from "../../src/modules/money-out/withdrawals.js";
import {
  createDynamoPackageChangeRepository,
  createPackageChangeService,
} from "../../src/modules/package-terms/index.js";

/** A clock the test moves by hand, for day boundaries and maturity. */
export function manualClock(start: Date): Clock & { set(at: Date): void; advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/**
 * The real services on the real DynamoDB adapters, with the clock and (optionally) the client and the adjustment
 * limits swapped.
 */
export function buildServices(options: { clock: Clock; ctx?: DynamoContext; adjustmentLimits?: AdjustmentLimits }) {
  const ctx = options.ctx ?? defaultDynamoContext();
  const accounts = createDynamoAccountRepository(ctx);
  const investor = createDynamoInvestorRepository(ctx);
  const deps = { investor, accounts, clock: options.clock, newId: () => ulid() };
  const limits = options.adjustmentLimits ?? {
    soloMaxKes: ADJUSTMENT_SOLO_MAX_KES,
    soloDailyMaxKes: ADJUSTMENT_SOLO_DAILY_MAX_KES,
  };
  return {
    accounts,
    investor,
    investments: createInvestmentService(deps),
    /** The maturities job's service: capital back on the maturity day (design.md §13.6). */
    maturities: createMaturityService({
      maturities: createDynamoMaturityRepository(ctx),
      clock: options.clock,
      newId: () => ulid(),
      log,
    }),
    /** Identity verification without the document store: its decisions (design.md §13.5). */
    verifications: createVerificationService({
      verifications: createDynamoVerificationRepository(ctx),
      users: accounts,
      clock: options.clock,
      newId: () => ulid(),
    }),
    withdrawals: createWithdrawalService({ ...deps, payoutLimits: { minKes: MIN_PAYOUT_KES, maxKes: MAX_PAYOUT_KES } }),
    admin: createAdminService({
      admin: createDynamoAdminRepository(ctx),
      queries: createDynamoAdminQueries(ctx),
      packages: createDynamoPackageRepository(ctx),
      clock: options.clock,
      newId: () => ulid(),
      balanceAdjusters: createDynamoBalanceAdjusterRepository(ctx),
    }),
    adjustments: createAdjustmentService({
      adjustments: createDynamoAdjustmentRepository(ctx),
      users: accounts,
      clock: options.clock,
      newId: () => ulid(),
      limits,
    }),
    packageChanges: createPackageChangeService({
      changes: createDynamoPackageChangeRepository(ctx),
      packages: createDynamoPackageRepository(ctx),
      clock: options.clock,
      newId: () => ulid(),
    }),
    unmatchedPayments: createUnmatchedPaymentService({
      payments: createDynamoUnmatchedPaymentRepository(ctx),
      users: accounts,
      clock: options.clock,
      newId: () => ulid(),
      limits,
    }),
  };
}
