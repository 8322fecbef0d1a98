import { DecideKycInputSchema, KYC_MESSAGES, KycUserPathSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentSubmission, verifications } from "../../modules/kyc/index.js";

/** An admin other than the owner verifies or rejects a pending submission, audited (design.md §13.5). */
export const handler = httpHandler(
  "decide-kyc",
  { path: KycUserPathSchema, body: DecideKycInputSchema },
  async ({ path, body, caller, sourceIp }) => {
    const { record, account } = await verifications().decide({
      userId: path.userId,
      decision: body.decision,
      ...(body.reason ? { reason: body.reason } : {}),
      actor: { user: caller, ip: sourceIp },
    });
    return {
      body: {
        message: record.status === "verified" ? KYC_MESSAGES.verified : KYC_MESSAGES.rejected,
        submission: presentSubmission(record, account),
      },
    };
  },
);
