import { BuyInvestmentInputSchema } from "@jengafund/shared";
import { investments } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentInvestment, presentUser } from "../../lib/presenters.js";

export const handler = httpHandler(
  "buy-investment",
  { body: BuyInvestmentInputSchema, load: ({ body }) => ({ packageId: body.packageId }) },
  async ({ body, caller, loaded, event }) => {
    const { investment, user } = await investments().buy({
      buyer: caller,
      package: loaded.package,
      amountKes: body.amount,
      requestId: event.requestContext.requestId,
    });
    return { statusCode: 201, body: { investment: presentInvestment(investment), user: presentUser(user) } };
  },
);
