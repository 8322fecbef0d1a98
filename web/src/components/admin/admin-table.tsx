import { Table } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface AdminTableProps {
  /** The table's accessible name, e.g. "Transactions". */
  label: string;
  /** Below this width the table scrolls inside its own box, so a 360 px phone never scrolls the whole page. */
  minW: string;
  /** Dims the rows while the next page or filter is loading. */
  busy?: boolean;
  children: ReactNode;
}

export function AdminTable({ label, minW, busy = false, children }: AdminTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg" maxW="full">
      <Table.Root
        size="sm"
        minW={minW}
        aria-label={label}
        aria-busy={busy}
        opacity={busy ? 0.6 : 1}
        transition="opacity 0.15s"
      >
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
