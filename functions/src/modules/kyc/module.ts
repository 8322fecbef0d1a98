/** The kyc module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { createS3DocumentStore, documentStoreSettings } from "../../adapters/documents/s3-document-store.js";
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { accountRepo } from "../identity/index.js";
import { createDynamoVerificationRepository } from "./dynamo/verification-repository.js";
import { createVerificationService } from "./verifications.js";

const verificationRepo = /* @__PURE__ */ once(createDynamoVerificationRepository);

/** Verifications without the document store: the status, the admin's list and decisions. */
export const verifications = /* @__PURE__ */ once(() =>
  createVerificationService({ verifications: verificationRepo(), users: accountRepo(), clock: systemClock, newId }),
);

/** Verifications with the document store: the routes that presign uploads and links, or check what was uploaded. */
export const verificationDocuments = /* @__PURE__ */ once(() =>
  createVerificationService({
    verifications: verificationRepo(),
    documents: createS3DocumentStore(documentStoreSettings()),
    users: accountRepo(),
    clock: systemClock,
    newId,
  }),
);
