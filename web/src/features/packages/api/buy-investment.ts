import type { BuyInvestmentInput, Investment, User } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export interface PurchaseResult {
  investment: Investment;
  /** The buyer with the new balance, so the header can update without another round trip. */
  user: User;
}

export function buyInvestment(input: BuyInvestmentInput): Promise<PurchaseResult> {
  return apiRequest<PurchaseResult>("POST", "/investments/buy", { body: input });
}
