import { Badge } from "@chakra-ui/react";

/** Colours for the statuses of ledger lines, withdrawal requests (spec §3) and identity verifications. */
const palettes: Record<string, string> = {
  completed: "green",
  verified: "green",
  approved: "blue",
  pending: "orange",
  failed: "red",
  rejected: "red",
  cancelled: "gray",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={palettes[status] ?? "gray"} variant="subtle" textTransform="capitalize">
      {status}
    </Badge>
  );
}
