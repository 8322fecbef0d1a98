import type { DecideKycInput, KycSubmissionSummary } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** Verifies or rejects (with a reason) a submission waiting for review. */
export function decideKyc(
  userId: string,
  input: DecideKycInput,
): Promise<{ message: string; submission: KycSubmissionSummary }> {
  return apiCall("decide-kyc", { path: { userId }, body: input });
}
