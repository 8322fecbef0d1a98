import { Badge } from "@chakra-ui/react";
import type { UnmatchedPaymentStatus } from "@jengafund/shared";
import { statusLabel, statusPalette } from "../lib/unmatched-labels";

export function UnmatchedStatusBadge({ status }: { status: UnmatchedPaymentStatus }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle">
      {statusLabel(status)}
    </Badge>
  );
}
