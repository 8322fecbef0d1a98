import type { BuyInvestmentInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/** The answer carries the buyer with the new balance, so the header can update without another round trip. */
export const buyInvestment = keyedAction((idempotencyKey, input: BuyInvestmentInput) =>
  apiCall("buy-investment", { body: input, idempotencyKey }),
);
