import { KYC_MESSAGES } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentKycView, verificationDocuments } from "../../modules/kyc/index.js";

/** Sends the caller's documents to review once all three are uploaded (design.md §13.5). */
export const handler = httpHandler("submit-kyc", {}, async ({ caller }) => {
  const record = await verificationDocuments().submit(caller);
  return {
    body: { message: KYC_MESSAGES.submitted, kyc: presentKycView({ ...caller, kyc: { status: "pending" } }, record) },
  };
});
