import { centsToKes, InvestmentIdPathSchema } from "@jengafund/shared";
import { investments } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentInvestment, presentUser } from "../../lib/presenters.js";

export const handler = httpHandler(
  "claim-investment-reward",
  // The investment is looked up under the caller's own key: another user's id is simply not found.
  { path: InvestmentIdPathSchema, load: ({ path }) => ({ investmentId: path.id }) },
  async ({ caller, loaded, event }) => {
    const { rewardCents, investment, user } = await investments().claim({
      claimant: caller,
      investment: loaded.investment,
      requestId: event.requestContext.requestId,
    });
    return {
      body: { reward: centsToKes(rewardCents), investment: presentInvestment(investment), user: presentUser(user) },
    };
  },
);
