import { Badge } from "@chakra-ui/react";

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? "green" : "red"} variant="subtle">
      {active ? "Active" : "Inactive"}
    </Badge>
  );
}
