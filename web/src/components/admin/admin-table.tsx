import { Table } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useMediaQuery } from "../../lib/use-media-query";

/** Where an admin list turns from cards into a table: below this a table would not fit without sideways scrolling. */
const TABLE_MEDIA_QUERY = "(min-width: 64em)";

/**
 * An admin list as a table on wide screens and as cards on phones and small tablets, so nobody has to scroll a
 * table sideways to reach its last column. Only the one in use is rendered.
 */
export function ResponsiveList({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return useMediaQuery(TABLE_MEDIA_QUERY) ? table : cards;
}

interface AdminTableProps {
  /** The table's accessible name, e.g. "Transactions". */
  label: string;
  /** Dims the rows while the next page or filter is loading. */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The table fits its container at desktop widths (cells wrap rather than widen it). Should it ever overflow, its
 * scroll box can be reached and scrolled with the keyboard.
 */
export function AdminTable({ label, busy = false, children }: AdminTableProps) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
      maxW="full"
      // Chakra's scroll area keeps every cell on one line; ours wrap, so the table fits instead of scrolling.
      whiteSpace="normal"
      tabIndex={0}
      role="region"
      aria-label={`${label} table`}
      focusVisibleRing="outside"
    >
      <Table.Root size="sm" aria-label={label} aria-busy={busy} opacity={busy ? 0.6 : 1} transition="opacity 0.15s">
        {children}
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A header row from column names. */
export function AdminTableHeader({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Header>
      <Table.Row bg="bg.muted">
        {columns.map((column) => (
          <Table.ColumnHeader key={column} whiteSpace="nowrap">
            {column}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
