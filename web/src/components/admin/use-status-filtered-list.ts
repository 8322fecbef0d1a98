import { useMemo, useState } from "react";
import { type PagedList, type PagedListOptions, usePagedList } from "./use-paged-list";

/** The one filter of a list of requests: one of their statuses, or empty for all of them. */
export interface StatusFilter {
  status: string;
}

/** The status chosen for a list, and the ways to change it, for a StatusFilterBar. */
export interface StatusFilterState {
  status: string;
  setStatus: (status: string) => void;
  /** Back to every status, from page 1. */
  clearStatus: () => void;
}

/**
 * A paged admin list filtered by status alone (withdrawals, adjustments); a new status starts again from page 1. It
 * opens on `initialStatus` (every status by default); Clear Filter shows every status.
 */
export function useStatusFilteredList<T>(
  options: Omit<PagedListOptions<T, StatusFilter>, "query"> & { initialStatus?: string },
): PagedList<T> & StatusFilterState {
  const { initialStatus = "", ...listOptions } = options;
  const [status, setStatus] = useState(initialStatus);
  const query = useMemo(() => ({ status }), [status]);
  const list = usePagedList({ ...listOptions, query });

  function clearStatus() {
    setStatus("");
    list.setPage(1);
  }

  return { ...list, status, setStatus, clearStatus };
}
