import { Text, type TextProps } from "@chakra-ui/react";
import { format, isSameDay } from "date-fns";
import { isRestored } from "../../lib/last-known";

/**
 * "Updated 14:05" (or "Updated Nov 25, 14:05" when not today), in the device's own time: said beside a figure while
 * it is the one this device last saw, restored at the page's start (lib/last-known.ts), not yet a fresh answer. Only
 * restored data was read before this page loaded, so the mark goes by itself when the fresh answer lands.
 */
export function LastUpdated({ at, ...props }: { at: number } & TextProps) {
  if (!isRestored(at)) return null;
  return (
    <Text as="span" color="fg.muted" fontSize="xs" whiteSpace="nowrap" data-testid="last-updated" {...props}>
      {lastUpdatedText(at)}
    </Text>
  );
}

export function lastUpdatedText(at: number, now: Date = new Date()): string {
  const when = new Date(at);
  return `Updated ${format(when, isSameDay(when, now) ? "HH:mm" : "MMM dd, HH:mm")}`;
}
