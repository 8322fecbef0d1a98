import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getPendingPackageChangeCount } from "../api/get-package-changes";

/** Another admin's change can arrive at any time; the badge looks again this often while the console is open. */
const RECHECK_MS = 60_000;

/**
 * The number of package changes waiting for a second admin, for the Approvals tab's badge; undefined until known. A
 * failed read shows no count and no toast: the tab itself says what went wrong.
 */
export function usePendingPackageChangeCount(): number | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.admin.pendingPackageChanges,
    queryFn: getPendingPackageChangeCount,
    refetchInterval: RECHECK_MS,
  });
  return data;
}
