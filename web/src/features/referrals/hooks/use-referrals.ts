import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys";
import { getReferrals } from "../api/get-referrals";

export function useReferrals() {
  return useQuery({ queryKey: queryKeys.referrals, queryFn: getReferrals });
}
