import { BuyInvestmentInputSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentInvestment, presentUser } from "../../http/presenters.js";
import type { InvestmentRecord, UserRecord } from "../../kernel/records.js";
import { investments } from "../../modules/investing/index.js";

const present = ({ investment, user }: { investment: InvestmentRecord; user: UserRecord }) => ({
  investment: presentInvestment(investment),
  user: presentUser(user),
});

export const handler = httpHandler(
  "buy-investment",
  { body: BuyInvestmentInputSchema, load: ({ body }) => ({ packageId: body.packageId }) },
  async ({ body, caller, loaded, event, idempotency }) => {
    const bought = await investments().buy({
      buyer: caller,
      package: loaded.package,
      amountKes: body.amount,
      requestId: event.requestContext.requestId,
      keep: idempotency?.answer(201, present),
    });
    return { statusCode: 201, body: present(bought) };
  },
);
