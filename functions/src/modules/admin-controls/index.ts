/** The admin-controls module: what the rest of the server may use. */
export { presentAdjustment } from "./adjustment-presenter.js";
export type { AppliedAdjustment, PendingAdjustment } from "./adjustments.js";
export { createAdjustmentService } from "./adjustments.js";
export { createAdminService } from "./admin.js";
export { createDynamoAdjustmentRepository } from "./dynamo/adjustment-repository.js";
export { createDynamoAdminQueries } from "./dynamo/admin-query-repository.js";
export { createDynamoAdminRepository } from "./dynamo/admin-repository.js";
export { createDynamoUnmatchedPaymentRepository } from "./dynamo/unmatched-payment-repository.js";
export { adjustments, admin, unmatchedPaymentRecords, unmatchedPayments, withdrawalDecisions } from "./module.js";
export { presentUnmatchedPayment } from "./unmatched-payment-presenter.js";
export type { UnmatchedResolution } from "./unmatched-payments.js";
export { createUnmatchedPaymentService } from "./unmatched-payments.js";
