import { KycStartInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentKycView, verificationDocuments } from "../../modules/kyc/index.js";

/** Keeps the caller's ID details and answers one presigned POST per document (design.md §13.5). */
export const handler = httpHandler("start-kyc", { body: KycStartInputSchema }, async ({ caller, body }) => {
  const { record, uploads, uploaded } = await verificationDocuments().start(caller, body);
  return { statusCode: 201, body: { kyc: presentKycView(caller, record, uploaded), uploads } };
});
