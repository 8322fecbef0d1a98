import { useQuery } from "@tanstack/react-query";
import { OTHER_ADMINS_REFRESH_MS } from "../../../components/admin/four-eyes";
import { queryKeys } from "../../../lib/query-keys";
import { getKycSubmissions } from "../api/get-kyc-submissions";

/**
 * How many submissions wait for a review, for the Verifications tab's badge; undefined until known. A failed read
 * shows no count and no toast: the tab itself says what went wrong.
 */
export function usePendingKycCount(): number | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.admin.pendingKyc,
    queryFn: async () => (await getKycSubmissions("pending")).pendingCount,
    refetchInterval: OTHER_ADMINS_REFRESH_MS,
    refetchOnWindowFocus: "always",
  });
  return data;
}
