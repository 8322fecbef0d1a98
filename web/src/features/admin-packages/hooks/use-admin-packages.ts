import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getPackages } from "../api/get-packages";

/** The catalogue as investors see it; the admin's creates, edits and deletes mark it stale and it is read again. */
export function useAdminPackages() {
  return useQuery({
    queryKey: queryKeys.packages,
    queryFn: getPackages,
    meta: { errorToast: "Failed to load packages" },
  });
}
