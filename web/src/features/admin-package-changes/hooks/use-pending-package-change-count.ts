import { useQuery } from "@tanstack/react-query";
import { OTHER_ADMINS_REFRESH_MS } from "../../../components/admin/four-eyes";
import { queryKeys } from "../../../lib/query-keys";
import { getPendingPackageChangeCount } from "../api/get-package-changes";

/**
 * The number of package changes waiting for a second admin, for the Approvals tab's badge; undefined until known. A
 * failed read shows no count and no toast: the tab itself says what went wrong.
 */
export function usePendingPackageChangeCount(): number | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.admin.pendingPackageChanges,
    queryFn: getPendingPackageChangeCount,
    // Another admin may ask or decide at any time: the badge follows them (design.md §13.6).
    refetchInterval: OTHER_ADMINS_REFRESH_MS,
    refetchOnWindowFocus: "always",
  });
  return data;
}
