import type { KycSubmissionSummary } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

export interface KycSubmissionList {
  /** Oldest first, as the server sends them: the longest waiting is reviewed first. */
  submissions: KycSubmissionSummary[];
  /** How many wait for a review, whatever the filter. */
  pendingCount: number;
}

/** Submissions with one status, or every status when `status` is empty. */
export function getKycSubmissions(status: string): Promise<KycSubmissionList> {
  return apiCall("list-kyc-submissions", { query: { status: status || undefined } });
}
