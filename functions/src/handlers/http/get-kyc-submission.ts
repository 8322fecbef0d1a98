import { KycUserPathSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentSubmissionDetail, verificationDocuments } from "../../modules/kyc/index.js";

/** The review screen of one account's submission, its images linked for 5 minutes (design.md §13.5). */
export const handler = httpHandler("get-kyc-submission", { path: KycUserPathSchema }, async ({ path }) => ({
  body: { submission: presentSubmissionDetail(await verificationDocuments().detail(path.userId)) },
}));
