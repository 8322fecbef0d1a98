import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getPackages } from "../api/get-packages";

export function usePackages() {
  return useQuery({
    queryKey: queryKeys.packages,
    queryFn: getPackages,
    meta: { errorToast: "Failed to load packages" },
  });
}
