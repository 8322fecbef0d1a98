import { PortfolioHistoryQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { portfolioHistory } from "../../modules/reporting/index.js";

export const handler = httpHandler(
  "get-portfolio-history",
  { query: PortfolioHistoryQuerySchema },
  async ({ caller, query }) => ({ body: { days: await portfolioHistory().lastDays(caller.id, query.days) } }),
);
