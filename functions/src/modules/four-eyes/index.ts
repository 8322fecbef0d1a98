/** The four-eyes module: what the rest of the server may use. */

export type {
  AdjustmentDecision,
  AdjustmentLimits,
  AdjustmentPerson,
  AdjustmentRecord,
  AdjustmentRepository,
  BalanceAdjustmentPlan,
  SoloBudget,
} from "./adjustments-port.js";
export { adjustmentPerson } from "./adjustments-port.js";
export type { Actor, AdminRequest } from "./audit.js";
export { createAuditor } from "./audit.js";
export type { DecisionMessages } from "./decision.js";
export { decidable, decisionOn, notPending } from "./decision.js";
export { adminCreditsSince, createDynamoBalanceAdjusterRepository } from "./dynamo/balance-adjuster-repository.js";
export { keepPendingRequest, pendingDecisionUpdate } from "./dynamo/pending-decision.js";
export type { PayoutApproval, PayoutApprovalFacts } from "./four-eyes.js";
export {
  approvalBarSince,
  payoutApprovalFrom,
  payoutApprovalOf,
  pendingReadsAs,
  refuseOwnBalance,
  refuseOwnWithdrawal,
  refusePayoutApproval,
  refuseUnprovenPayoutFailure,
} from "./four-eyes.js";
export type { AdminCredit, BalanceAdjusterRepository } from "./four-eyes-port.js";
export { personView } from "./presenter.js";
