import { Card, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface AdminCardListProps<T> {
  /** The list's accessible name, e.g. "Transactions". */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  /** Dims the cards while the next page or filter is loading. */
  busy?: boolean;
  children: (item: T) => ReactNode;
}

/** An admin list on a phone: one card per row of the desktop table, every field stacked inside its card. */
export function AdminCardList<T>({ label, items, itemKey, busy = false, children }: AdminCardListProps<T>) {
  return (
    <Stack
      as="ul"
      listStyle="none"
      gap="3"
      aria-label={label}
      aria-busy={busy}
      opacity={busy ? 0.6 : 1}
      transition="opacity 0.15s"
    >
      {items.map((item) => (
        <Card.Root as="li" key={itemKey(item)} bg="bg" size="sm">
          <Card.Body gap="3">{children(item)}</Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
