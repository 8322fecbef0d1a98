import type { PaybillDetails } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The business number and the caller's own account number to type in Lipa na M-PESA → Pay Bill (design.md §12.3). */
export function getPaybillDetails(): Promise<PaybillDetails> {
  return apiCall("get-paybill-details");
}
