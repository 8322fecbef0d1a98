import type { PackageChange } from "@jengafund/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "../../../lib/query-keys";
import { getPackageChanges } from "../api/get-package-changes";
import { pendingFirst } from "../lib/package-change-labels";

/** The package changes with the chosen status (all by default), the pending ones first; a new status reads again. */
export function usePackageChanges() {
  const [status, setStatus] = useState("");
  const list = useQuery({
    queryKey: [...queryKeys.admin.packageChanges, { status }],
    queryFn: async (): Promise<PackageChange[]> => pendingFirst(await getPackageChanges(status)),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorToast: "Failed to load package changes" },
  });
  return { list, status, setStatus, busy: list.isFetching };
}
