import type { KycView } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** Hands the three uploaded documents to the reviewers; refused (400) while one is missing. */
export function submitKyc(): Promise<{ message: string; kyc: KycView }> {
  return apiCall("submit-kyc");
}
