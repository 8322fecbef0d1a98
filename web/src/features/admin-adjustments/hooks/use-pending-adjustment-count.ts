import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getPendingAdjustmentCount } from "../api/get-adjustments";

/** Another admin's request can arrive at any time; the badge looks again this often while the console is open. */
const RECHECK_MS = 60_000;

/**
 * The number of adjustments waiting for a second admin, for the Approvals tab's badge; undefined until known. A
 * failed read shows no badge and no toast: the tab itself still opens the list, which says what went wrong.
 */
export function usePendingAdjustmentCount(): number | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.admin.pendingAdjustments,
    queryFn: getPendingAdjustmentCount,
    refetchInterval: RECHECK_MS,
  });
  return data;
}
