import { keepPreviousData, type Query, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

/** One page of an admin list as the API returns it, with the list itself under `items`. */
export interface PageOf<T> {
  items: T[];
  totalPages: number;
  total: number;
  /** Where the next page starts: passing it back keeps every page as cheap as the first. */
  nextCursor?: string;
}

/** What usePagedList gives a panel: the query of the page on screen, which page it is, and whether another loads. */
export interface PagedList<T> {
  list: UseQueryResult<PageOf<T>>;
  page: number;
  setPage: (page: number) => void;
  totalPages: number;
  /** True while a page or filter loads; the page on screen stays meanwhile, dimmed. */
  busy: boolean;
}

export interface PagedListOptions<T, Q> {
  /** The list's key prefix (queryKeys.admin.…): a change made elsewhere invalidates every page under it. */
  queryKey: readonly unknown[];
  fetchPage: (page: number, query: Q, cursor?: string) => Promise<PageOf<T>>;
  /** The filters; memoize them on their values, since a new identity starts again from page 1. */
  query: Q;
  /** A toast the spec asks for when a page fails to load. */
  errorToast?: string;
  /**
   * How soon to read the page on screen again, from what it shows; false (the default) reads it on changes only. A
   * list that reads itself again also does so when the tab comes back into view, and is dimmed only while a page or
   * filter the admin chose loads: a read on its own is not a load they asked for.
   */
  refetchInterval?: (page: PageOf<T> | undefined) => number | false;
}

/**
 * A server-paged admin list: one query per page and filter. While the next page or filter loads, the page on screen
 * stays (dimmed through `busy`) instead of flashing a spinner.
 */
export function usePagedList<T, Q>({
  queryKey,
  fetchPage,
  query,
  errorToast,
  refetchInterval,
}: PagedListOptions<T, Q>): PagedList<T> {
  const [page, setPage] = useState(1);
  const [pageQuery, setPageQuery] = useState(query);
  /** The cursor that starts each page we have seen the previous page of, for the current filters. */
  const cursors = useRef(new Map<number, string>());

  // A new filter starts again from page 1; adjusting state while rendering avoids a wasted load of the old page.
  if (pageQuery !== query) {
    setPageQuery(query);
    setPage(1);
    cursors.current = new Map();
  }

  const list = useQuery({
    queryKey: [...queryKey, pageQuery, page],
    queryFn: async () => {
      const loaded = await fetchPage(page, pageQuery, cursors.current.get(page));
      if (loaded.nextCursor) cursors.current.set(page + 1, loaded.nextCursor);
      return loaded;
    },
    placeholderData: keepPreviousData,
    // Spec §4: the list reloads on every page or filter change; a page seen before shows at once meanwhile.
    staleTime: 0,
    meta: { errorToast },
    ...(refetchInterval
      ? {
          refetchInterval: (observed: Query<PageOf<T>>) => refetchInterval(observed.state.data),
          refetchOnWindowFocus: "always" as const,
        }
      : {}),
  });

  const totalPages = Math.max(list.data?.totalPages ?? 1, 1);
  // The page emptied under us, e.g. its last pending request was just processed: show the new last page.
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (pastTheEnd) setPage(totalPages);
  }, [pastTheEnd, totalPages]);

  const busy = list.isFetching && (list.isPlaceholderData || !refetchInterval);
  return { list, page, setPage, totalPages, busy };
}
