import { PortfolioHistoryQuerySchema } from "@jengafund/shared";
import { portfolioHistory } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";

export const handler = httpHandler(
  "get-portfolio-history",
  { query: PortfolioHistoryQuerySchema },
  async ({ caller, query }) => ({ body: { days: await portfolioHistory().lastDays(caller.id, query.days) } }),
);
