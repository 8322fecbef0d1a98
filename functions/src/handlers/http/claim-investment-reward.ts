import { centsToKes, InvestmentIdPathSchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentInvestment, presentUser } from "../../http/presenters.js";
import type { InvestmentRecord, UserRecord } from "../../kernel/records.js";
import { investments } from "../../modules/investing/index.js";

const present = (claimed: { rewardCents: number; investment: InvestmentRecord; user: UserRecord }) => ({
  reward: centsToKes(claimed.rewardCents),
  investment: presentInvestment(claimed.investment),
  user: presentUser(claimed.user),
});

export const handler = httpHandler(
  "claim-investment-reward",
  // The investment is looked up under the caller's own key: another user's id is simply not found.
  { path: InvestmentIdPathSchema, load: ({ path }) => ({ investmentId: path.id }) },
  async ({ caller, loaded, event, idempotency }) => {
    const claimed = await investments().claim({
      claimant: caller,
      investment: loaded.investment,
      requestId: event.requestContext.requestId,
      keep: idempotency?.answer(200, present),
    });
    return { body: present(claimed) };
  },
);
