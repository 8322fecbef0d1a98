import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getInvestments } from "../api/get-investments";

export function useInvestments() {
  return useQuery({
    queryKey: queryKeys.investments,
    queryFn: getInvestments,
    meta: { errorToast: "Failed to load investments" },
  });
}
