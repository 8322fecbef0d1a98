import type { Referral } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

/** The friends the caller has referred. */
export async function getReferrals(): Promise<Referral[]> {
  const { referrals } = await apiRequest<{ referrals: Referral[] }>("GET", "/referrals");
  return referrals;
}
