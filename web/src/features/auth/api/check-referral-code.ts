import type { ReferralCodeCheck } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

/** Resolves for a code that exists; an unknown code fails with ApiError 404 "Invalid referral code". */
export function checkReferralCode(code: string): Promise<ReferralCodeCheck> {
  return apiRequest<ReferralCodeCheck>("GET", `/auth/referral-codes/${encodeURIComponent(code)}`);
}
