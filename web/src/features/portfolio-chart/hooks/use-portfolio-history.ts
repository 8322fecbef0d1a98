import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getPortfolioHistory, type HistoryDays } from "../api/get-portfolio-history";

/**
 * Its key sits under the history's prefix (lib/query-keys.ts), so it is read again like the other money reads: when
 * the tab comes back into view, every 30 s, and after each purchase, claim, deposit or withdrawal. While another
 * period loads, the one on screen stays.
 */
export function usePortfolioHistory(days: HistoryDays) {
  return useQuery({
    queryKey: queryKeys.history.portfolio(days),
    queryFn: () => getPortfolioHistory(days),
    placeholderData: keepPreviousData,
  });
}
