import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getKyc } from "../api/get-kyc";

/**
 * The account's own verification (GET /kyc), read whenever the screen comes back into view: a reviewer may decide it
 * meanwhile. Held in memory only, like every read but the ones lib/last-known.ts lists.
 */
export function useKyc() {
  return useQuery({
    queryKey: queryKeys.kyc,
    queryFn: getKyc,
    staleTime: 0,
    refetchOnWindowFocus: "always",
    meta: { errorToast: "Failed to load your verification" },
  });
}
