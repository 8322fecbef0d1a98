import type { KycSubmissionDetail } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** One submission in full, with links to its three images that work for 5 minutes. */
export async function getKycSubmission(userId: string): Promise<KycSubmissionDetail> {
  return (await apiCall("get-kyc-submission", { path: { userId } })).submission;
}
