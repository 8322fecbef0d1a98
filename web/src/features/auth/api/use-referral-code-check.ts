import { REFERRAL_CODE_PATTERN } from "@jengafund/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { checkReferralCode } from "./check-referral-code";

/** How long typing must pause before the code is checked. */
export const REFERRAL_CHECK_DELAY_MS = 400;

/**
 * What the form can say about the referral code typed so far: nothing yet (`none`), `checking`, `valid`, `invalid`
 * (malformed, or the server does not know it), or `unchecked` when the check itself failed (offline, busy, limited):
 * then registration goes on and the server decides on submit.
 */
export type ReferralCodeStatus = "none" | "checking" | "valid" | "invalid" | "unchecked";

export function useReferralCodeCheck(typed: string): ReferralCodeStatus {
  const code = typed.trim().toUpperCase();
  // Starts settled on the first value, so a code pre-filled from ?ref= is checked at once.
  const [settled, setSettled] = useState(code);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(code), REFERRAL_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code]);

  const wellFormed = REFERRAL_CODE_PATTERN.test(code);
  const query = useQuery({
    queryKey: queryKeys.referralCode(settled),
    queryFn: () => checkReferralCode(settled),
    enabled: REFERRAL_CODE_PATTERN.test(settled),
    // A code's existence does not change while someone fills in the form.
    staleTime: 5 * 60_000,
  });

  if (code === "") return "none";
  if (!wellFormed) return "invalid";
  if (settled !== code || query.isPending) return "checking";
  if (query.isSuccess) return "valid";
  const status = query.error instanceof ApiError ? query.error.status : 0;
  return status === 404 || status === 400 ? "invalid" : "unchecked";
}
