/** The money-in module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { daraja } from "../../adapters/daraja/default-client.js";
import { createEventBridgePublisher } from "../../adapters/eventbridge/publisher.js";
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { config, loadSecret } from "../../kernel/config.js";
import { log } from "../../kernel/log.js";
import { metrics } from "../../kernel/metrics.js";
import { reconcileAfterMs } from "../money-out/index.js";
import { createCallbackDoor, createCallbackIngest, createCallbackOpener } from "./callbacks.js";
import { createDepositLookup, createDepositService } from "./deposits.js";
import { createDynamoDepositRepository } from "./dynamo/deposit-repository.js";
import { createDynamoPaybillReconciliationRepository } from "./dynamo/paybill-reconciliation-repository.js";
import { createDynamoPaybillRepository } from "./dynamo/paybill-repository.js";
import { createDynamoPendingDepositRepository } from "./dynamo/pending-deposit-repository.js";
import { createPaybillDeposits, createPaybillDetails, createPaybillValidation } from "./paybill.js";
import { createPaybillReconciliation } from "./paybill-reconciliation.js";
import { createPendingDepositList } from "./pending-deposits.js";

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
    stkReceipts: { records: daraja(), shortCode: config().MPESA_SHORTCODE },
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

/** Settlement's reading of a callback from the bus: its sealed keys opened with the callback token. */
export const callbackOpener = /* @__PURE__ */ once(() =>
  createCallbackOpener({ callbackToken: () => loadSecret("MPESA_CALLBACK_TOKEN") }),
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
