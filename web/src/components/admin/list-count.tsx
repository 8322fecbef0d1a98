import { Text } from "@chakra-ui/react";

/** "Showing 10 of 42 transactions": how much of the list is on screen. */
export function ListCount({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite">
      Showing {shown} of {total} {total === 1 ? noun : `${noun}s`}
    </Text>
  );
}
