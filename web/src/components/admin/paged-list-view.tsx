import { Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { NAIROBI_TIME_NOTE } from "../../lib/format";
import { EmptyPanel } from "../ui/empty-panel";
import { QueryState } from "../ui/query-state";
import { ResponsiveList } from "./admin-table";
import { PaginationBar } from "./pagination-bar";
import type { PagedList } from "./use-paged-list";

interface PagedListViewProps<T> {
  /** The list, from usePagedList. */
  paged: PagedList<T>;
  /** What is listed, for the error message: "the users". */
  what: string;
  /** What an empty page says; the description usually depends on whether a filter is on. */
  empty: { title: string; description: string };
  /** The page as a table, on wide screens. */
  table: (items: T[]) => ReactNode;
  /** The same page as cards, on phones and small tablets. */
  cards: (items: T[]) => ReactNode;
}

/**
 * An admin tab's list below its header and filters: loading, error and empty states, the page as a table or as cards,
 * a line saying whose clock its times are on (every admin list shows Nairobi time), and the pager.
 */
export function PagedListView<T>({ paged, what, empty, table, cards }: PagedListViewProps<T>) {
  return (
    <>
      <QueryState
        query={paged.list}
        what={what}
        isEmpty={(page) => page.items.length === 0}
        empty={<EmptyPanel title={empty.title} description={empty.description} />}
      >
        {({ items }) => (
          <Stack gap="2">
            <ResponsiveList table={table(items)} cards={cards(items)} />
            <Text fontSize="sm" color="fg.muted">
              {NAIROBI_TIME_NOTE}
            </Text>
          </Stack>
        )}
      </QueryState>
      <PaginationBar
        page={paged.page}
        totalPages={paged.totalPages}
        onPageChange={paged.setPage}
        disabled={paged.busy}
      />
    </>
  );
}
