import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getUnmatchedPaymentCount } from "../api/get-unmatched-payments";

/** A payment for no account can arrive at any time; the badge looks again this often while the console is open. */
const RECHECK_MS = 60_000;

/**
 * The number of Paybill payments waiting for an admin to resolve them, for the tab's badge; undefined until known. A
 * failed read shows no badge and no toast: the tab itself still opens the list, which says what went wrong.
 */
export function useUnmatchedPaymentCount(): number | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.admin.unmatchedPaymentCount,
    queryFn: getUnmatchedPaymentCount,
    refetchInterval: RECHECK_MS,
  });
  return data;
}
