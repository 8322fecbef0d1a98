/**
 * Know your customer (design.md §13.5): identity verification, its review by a second person, and the unverified
 * limits the money modules keep to. What the rest of the server may use of this module.
 */
export type { DocumentStore } from "../../kernel/documents-port.js";
export { createDynamoVerificationRepository } from "./dynamo/verification-repository.js";
export { depositRoom, depositRoomLeft, isVerified, limitRefusal, withdrawalRoom } from "./limits.js";
export { verificationDocuments, verifications } from "./module.js";
export type { VerificationRecord, VerificationRepository } from "./port.js";
export { presentKycExport, presentKycView, presentSubmission, presentSubmissionDetail } from "./presenter.js";
export {
  createVerificationService,
  documentKey,
  idHashOf,
  type VerificationService,
} from "./verifications.js";
