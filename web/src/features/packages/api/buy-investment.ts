import type { BuyInvestmentInput, Investment, User } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";
import { keyedAction } from "../../../lib/keyed-action";

export interface PurchaseResult {
  investment: Investment;
  /** The buyer with the new balance, so the header can update without another round trip. */
  user: User;
}

export const buyInvestment = keyedAction((idempotencyKey, input: BuyInvestmentInput) =>
  apiRequest<PurchaseResult>("POST", "/investments/buy", { body: input, idempotencyKey }),
);
