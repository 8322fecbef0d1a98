import { Button, HStack, Text } from "@chakra-ui/react";

interface PaginationBarProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** While a page is loading, so a double tap does not skip one. */
  disabled?: boolean;
}

/** Previous/Next with 'Page X of Y'; a single page needs no pager, so none is shown. */
export function PaginationBar({ page, totalPages, onPageChange, disabled = false }: PaginationBarProps) {
  if (totalPages <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pagination" justify="space-between" gap="3">
      <Button variant="outline" size="sm" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Page {page} of {totalPages}
      </Text>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </HStack>
  );
}
