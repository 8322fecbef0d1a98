import { PortfolioHistoryQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { readBudgets } from "../../modules/read-budgets/index.js";
import { portfolioHistory } from "../../modules/reporting/index.js";

export const handler = httpHandler(
  "get-portfolio-history",
  { query: PortfolioHistoryQuerySchema },
  async ({ caller, query }) => {
    await readBudgets().spend(caller.id, "charts");
    return { body: { days: await portfolioHistory().lastDays(caller.id, query.days) } };
  },
);
