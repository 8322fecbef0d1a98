import type { DepositStatusView, User } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export interface DepositStatus {
  deposit: DepositStatusView;
  /** The depositor as the server sees them now, with the credit once the deposit has completed. */
  user: User;
}

export function getDeposit(checkoutRequestId: string): Promise<DepositStatus> {
  return apiRequest<DepositStatus>("GET", `/mpesa/deposit/${encodeURIComponent(checkoutRequestId)}`);
}
