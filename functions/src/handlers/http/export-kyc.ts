import { httpHandler } from "../../http/middleware.js";
import { presentKycExport, verificationDocuments } from "../../modules/kyc/index.js";

/** What is kept about the caller's identity: the details and 5-minute links to the files (design.md §13.5). */
export const handler = httpHandler("export-kyc", {}, async ({ caller }) => ({
  body: { kyc: presentKycExport(await verificationDocuments().exportOf(caller)) },
}));
