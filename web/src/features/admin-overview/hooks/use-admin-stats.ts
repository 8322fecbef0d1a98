import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getAdminStats } from "../api/get-admin-stats";

export function useAdminStats() {
  return useQuery({ queryKey: queryKeys.admin.stats, queryFn: getAdminStats });
}
