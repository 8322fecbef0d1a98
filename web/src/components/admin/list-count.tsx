import { Text } from "@chakra-ui/react";

/**
 * "Showing 10 of 42 transactions": how much of the list is on screen. Nothing until the first page is in, so the
 * first load never reads "Showing 0 of 0".
 */
export function ListCount({
  page,
  noun,
  plural = `${noun}s`,
}: {
  page: { items: readonly unknown[]; total: number } | undefined;
  noun: string;
  plural?: string;
}) {
  if (!page) return null;
  const { items, total } = page;
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite">
      Showing {items.length} of {total} {total === 1 ? noun : plural}
    </Text>
  );
}
