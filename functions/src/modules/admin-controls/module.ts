/** The admin-controls module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { config } from "../../kernel/config.js";
import { metrics } from "../../kernel/metrics.js";
import { createDynamoBalanceAdjusterRepository } from "../four-eyes/index.js";
import { accountRepo } from "../identity/index.js";
import { createDynamoPackageRepository } from "../investing/index.js";
import { createDynamoPayoutRepository, payouts } from "../money-out/index.js";
import { createAdjustmentService } from "./adjustments.js";
import { createAdminService } from "./admin.js";
import { createDynamoAdjustmentRepository } from "./dynamo/adjustment-repository.js";
import { createDynamoAdminQueries } from "./dynamo/admin-query-repository.js";
import { createDynamoAdminRepository } from "./dynamo/admin-repository.js";
import { createDynamoUnmatchedPaymentRepository } from "./dynamo/unmatched-payment-repository.js";
import { createUnmatchedPaymentService } from "./unmatched-payments.js";

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
