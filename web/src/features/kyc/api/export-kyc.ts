import type { KycExport } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** Everything kept about the account's verification: the details in full and links to its files (valid 5 minutes). */
export async function exportKyc(): Promise<KycExport> {
  return (await apiCall("export-kyc")).kyc;
}
