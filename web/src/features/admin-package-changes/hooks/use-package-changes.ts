import type { PackageChange } from "@jengafund/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { OTHER_ADMINS_REFRESH_MS } from "../../../components/admin/four-eyes";
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
    // Another admin may decide one meanwhile: the list follows them without a reload (design.md §13.6).
    refetchInterval: OTHER_ADMINS_REFRESH_MS,
    refetchOnWindowFocus: "always",
    meta: { errorToast: "Failed to load package changes" },
  });
  // Dimmed while a status the admin chose loads, not for a read on its own.
  return { list, status, setStatus, busy: list.isFetching && list.isPlaceholderData };
}
