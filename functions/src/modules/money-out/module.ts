/** The money-out module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { daraja } from "../../adapters/daraja/default-client.js";
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { config } from "../../kernel/config.js";
import { log } from "../../kernel/log.js";
import { metrics } from "../../kernel/metrics.js";
import { accountRepo } from "../identity/index.js";
import { investorRepo } from "../investing/index.js";
import { createDynamoPayoutNumberRepository } from "./dynamo/payout-number-repository.js";
import { createDynamoPayoutRecoveryRepository } from "./dynamo/payout-recovery-repository.js";
import { createDynamoPayoutRepository } from "./dynamo/payout-repository.js";
import { createPayoutNumberBlocks, createPayoutNumberService } from "./payout-numbers.js";
import { createPayoutService } from "./payouts.js";
import { createWithdrawalService } from "./withdrawals.js";

export const reconcileAfterMs = () => config().MPESA_RECONCILE_AFTER_SECONDS * 1000;

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

/** Where withdrawals may pay (design.md §12.2), and the signals of the accounts behind the admin's withdrawal list. */
export const payoutNumbers = /* @__PURE__ */ once(() =>
  createPayoutNumberService({ payoutNumbers: createDynamoPayoutNumberRepository(), clock: systemClock }),
);

/** The link in a new payout number's notice (design.md §13.2): blocks the number and ends every session. */
export const payoutNumberBlocks = /* @__PURE__ */ once(() =>
  createPayoutNumberBlocks({ payoutNumbers: createDynamoPayoutNumberRepository(), clock: systemClock, newId }),
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
