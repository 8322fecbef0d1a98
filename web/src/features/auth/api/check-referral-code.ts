import type { ReferralCodeCheck } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** Resolves for a code that exists; an unknown code fails with ApiError 404 "Invalid referral code". */
export function checkReferralCode(code: string): Promise<ReferralCodeCheck> {
  return apiCall("check-referral-code", { path: { code } });
}
