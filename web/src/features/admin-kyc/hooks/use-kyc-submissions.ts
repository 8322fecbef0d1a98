import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { OTHER_ADMINS_REFRESH_MS } from "../../../components/admin/four-eyes";
import { queryKeys } from "../../../lib/query-keys";
import { getKycSubmissions } from "../api/get-kyc-submissions";
import { DEFAULT_STATUS } from "../lib/kyc-review";

/** The submissions with the chosen status (pending by default), oldest first; another admin's decisions show by themselves. */
export function useKycSubmissions() {
  const [status, setStatus] = useState<string>(DEFAULT_STATUS);
  const list = useQuery({
    queryKey: [...queryKeys.admin.kyc, "list", { status }],
    queryFn: () => getKycSubmissions(status),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: OTHER_ADMINS_REFRESH_MS,
    refetchOnWindowFocus: "always",
    meta: { errorToast: "Failed to load verifications" },
  });
  return { list, status, setStatus, busy: list.isFetching && list.isPlaceholderData };
}
