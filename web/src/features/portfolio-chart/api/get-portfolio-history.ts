import type { PortfolioHistory } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export type HistoryDays = 30 | 90;

/** GET /portfolio/history?days=30|90: the caller's portfolio per Nairobi day, replayed from the ledger by the server. */
export function getPortfolioHistory(days: HistoryDays): Promise<PortfolioHistory> {
  return apiRequest<PortfolioHistory>("GET", "/portfolio/history", { query: { days: String(days) } });
}
