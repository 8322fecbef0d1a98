import { useCallback, useEffect, useRef, useState } from "react";

/** One page of an admin list as the API returns it, with the list itself under `items`. */
export interface PageOf<T> {
  items: T[];
  totalPages: number;
  total: number;
  /** Where the next page starts: passing it back keeps every page as cheap as the first. */
  nextCursor?: string;
}

interface PagedListState<T> {
  items: T[];
  totalPages: number;
  total: number;
  /** False until the first answer (or failure), so only the first load replaces the list with a spinner. */
  loaded: boolean;
  loading: boolean;
}

/**
 * A server-paged admin list. It loads page 1 whenever `query` changes identity (memoize it on its values) and
 * the chosen page otherwise; `reload` fetches the current page again after a change made on the server.
 * Answers that arrive after a newer request started are dropped, so fast paging never shows an older page.
 * `fetchPage` and `onError` must keep their identity between renders (module-level functions do).
 */
export function usePagedList<T, Q>(
  fetchPage: (page: number, query: Q, cursor?: string) => Promise<PageOf<T>>,
  query: Q,
  onError: (error: unknown) => void,
) {
  const [page, setPage] = useState(1);
  const [pageQuery, setPageQuery] = useState(query);
  const [reloads, setReloads] = useState(0);
  /** The cursor that starts each page we have seen the previous page of, for the current query. */
  const cursors = useRef(new Map<number, string>());
  const [state, setState] = useState<PagedListState<T>>({
    items: [],
    totalPages: 1,
    total: 0,
    loaded: false,
    loading: true,
  });

  // A new filter starts again from page 1; adjusting state while rendering avoids a wasted load of the old page.
  if (pageQuery !== query) {
    setPageQuery(query);
    setPage(1);
    cursors.current = new Map();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` only exists to trigger a new fetch
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    fetchPage(page, pageQuery, cursors.current.get(page))
      .then(({ items, totalPages, total, nextCursor }) => {
        if (!current) return;
        if (nextCursor) cursors.current.set(page + 1, nextCursor);
        const pages = Math.max(totalPages, 1);
        // The page emptied under us, e.g. its last pending request was just processed: show the new last page.
        if (page > pages) setPage(pages);
        else setState({ items, totalPages: pages, total, loaded: true, loading: false });
      })
      .catch((error: unknown) => {
        if (!current) return;
        onError(error);
        setState((previous) => ({ ...previous, loaded: true, loading: false }));
      });
    return () => {
      current = false;
    };
  }, [fetchPage, onError, page, pageQuery, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  /** Puts one changed item in place without a round trip, e.g. the user an admin just deactivated. */
  const replaceItem = useCallback(
    (matches: (item: T) => boolean, next: T) =>
      setState((previous) => ({ ...previous, items: previous.items.map((item) => (matches(item) ? next : item)) })),
    [],
  );

  return { ...state, page, setPage, reload, replaceItem };
}
