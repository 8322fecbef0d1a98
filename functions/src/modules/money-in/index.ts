/** The money-in module: what the rest of the server may use. */
export { createCallbackDoor, createCallbackIngest, createCallbackOpener } from "./callbacks.js";
export {
  createDepositLookup,
  createDepositService,
  DEPOSIT_MESSAGES,
  StkNotConfirmedYetError,
  UnknownDepositError,
} from "./deposits.js";
export { createDynamoDepositRepository, depositWalletCredit } from "./dynamo/deposit-repository.js";
export { createDynamoPaybillReconciliationRepository } from "./dynamo/paybill-reconciliation-repository.js";
export { createDynamoPaybillRepository } from "./dynamo/paybill-repository.js";
export { createDynamoPendingDepositRepository } from "./dynamo/pending-deposit-repository.js";
export {
  callbackIngest,
  callbackOpener,
  depositLookup,
  deposits,
  paybillDeposits,
  paybillDetails,
  paybillReconciliation,
  paybillValidation,
  pendingDeposits,
} from "./module.js";
export {
  createPaybillDeposits,
  createPaybillDetails,
  createPaybillValidation,
  PAYBILL_LINE_DESCRIPTION,
} from "./paybill.js";
export type { UnmatchedPaymentRecord } from "./paybill-port.js";
export { createPaybillReconciliation, isPullRun } from "./paybill-reconciliation.js";
export { createPendingDepositList } from "./pending-deposits.js";
