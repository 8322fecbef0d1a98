import { useQuery } from "@tanstack/react-query";
import { earlyOr } from "../../../lib/early-reads";
import { queryKeys } from "../../../lib/query-keys";
import { getPackages } from "../api/get-packages";

export function usePackages() {
  return useQuery({
    queryKey: queryKeys.packages,
    // Started with the page when it opens on the packages tab (app/first-reads.ts).
    queryFn: () => earlyOr("packages", getPackages),
    meta: { errorToast: "Failed to load packages" },
  });
}
