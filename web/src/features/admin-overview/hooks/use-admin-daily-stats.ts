import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getAdminDailyStats } from "../api/get-admin-daily-stats";

export const OVERVIEW_CHART_DAYS = 30;

/** The Overview's four charts share this one request. */
export function useAdminDailyStats() {
  return useQuery({
    queryKey: queryKeys.admin.dailyStats(OVERVIEW_CHART_DAYS),
    queryFn: () => getAdminDailyStats(OVERVIEW_CHART_DAYS),
  });
}
