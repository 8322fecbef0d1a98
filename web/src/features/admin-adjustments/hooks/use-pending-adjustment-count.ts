import { useQuery } from "@tanstack/react-query";
import { OTHER_ADMINS_REFRESH_MS } from "../../../components/admin/four-eyes";
import { queryKeys } from "../../../lib/query-keys";
import { getPendingAdjustmentCount } from "../api/get-adjustments";

/**
 * The number of adjustments waiting for a second admin, for the Approvals tab's badge; undefined until known. A
 * failed read shows no badge and no toast: the tab itself still opens the list, which says what went wrong.
 */
export function usePendingAdjustmentCount(): number | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.admin.pendingAdjustments,
    queryFn: getPendingAdjustmentCount,
    // Another admin may ask or decide at any time: the badge follows them (design.md §13.6).
    refetchInterval: OTHER_ADMINS_REFRESH_MS,
    refetchOnWindowFocus: "always",
  });
  return data;
}
