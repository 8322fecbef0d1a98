import type { KycView } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The account's own verification, its numbers masked. */
export async function getKyc(): Promise<KycView> {
  return (await apiCall("get-kyc")).kyc;
}
