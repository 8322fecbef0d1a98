/** The money-out module: what the rest of the server may use. */
export { firstProofItems } from "./dynamo/payout-number-proof-items.js";
export { createDynamoPayoutNumberRepository } from "./dynamo/payout-number-repository.js";
export { createDynamoPayoutRecoveryRepository } from "./dynamo/payout-recovery-repository.js";
export { createDynamoPayoutRepository } from "./dynamo/payout-repository.js";
export {
  payoutNumberBlocks,
  payoutNumbers,
  payouts,
  reconcileAfterMs,
  withdrawalHistory,
  withdrawals,
} from "./module.js";
export type { PayoutAccountSignals } from "./payout-numbers.js";
export { createPayoutNumberBlocks, createPayoutNumberService, newFirstProof } from "./payout-numbers.js";
export type { FirstPayoutNumberProof } from "./payout-numbers-port.js";
export { createPayoutService, PayoutNotAcceptedYetError } from "./payouts.js";
export type { PayoutRepository } from "./port.js";
export { createWithdrawalService } from "./withdrawals.js";
