import type { PORTFOLIO_HISTORY_DAYS, PortfolioHistory } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

export type HistoryDays = (typeof PORTFOLIO_HISTORY_DAYS)[number];

/** GET /portfolio/history?days=30|90: the caller's portfolio per Nairobi day, replayed from the ledger by the server. */
export function getPortfolioHistory(days: HistoryDays): Promise<PortfolioHistory> {
  return apiCall("get-portfolio-history", { query: { days: String(days) } });
}
