import { KycSubmissionsQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentSubmission, verifications } from "../../modules/kyc/index.js";

/** Submissions by status (pending unless asked), oldest first, and how many wait (design.md §13.5). */
export const handler = httpHandler("list-kyc-submissions", { query: KycSubmissionsQuerySchema }, async ({ query }) => {
  const { submissions, pendingCount } = await verifications().list(query.status ?? "pending");
  return {
    body: {
      submissions: submissions.map(({ record, account }) => presentSubmission(record, account)),
      pendingCount,
    },
  };
});
