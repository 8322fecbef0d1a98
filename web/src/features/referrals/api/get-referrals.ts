import type { Referral } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The friends the caller has referred. */
export async function getReferrals(): Promise<Referral[]> {
  const { referrals } = await apiCall("list-referrals");
  return referrals;
}
