import { type ApiAnswer, apiCall } from "../../../lib/api-call";

/** The deposit, and the depositor as the server sees them now (with the credit once the deposit has completed). */
export type DepositStatus = ApiAnswer<"get-deposit">;

export function getDeposit(checkoutRequestId: string): Promise<DepositStatus> {
  return apiCall("get-deposit", { path: { checkoutRequestId } });
}
